// corpus/corpus_tool.cpp: the main of a package's corpus tool, a binary the driver
// links from the package's plain objects to convert corpus files for one of
// its fuzz targets (it alone knows the targets' argument kinds and f.Add
// seeds). Run in the package directory:
//
//   TOOL seeds  FuzzXxx OUTDIR DICTFILE  every seed (f.Add as seed-N, then
//                                        testdata/fuzz/FuzzXxx/<file>) raw in
//                                        OUTDIR; the dictionary in DICTFILE
//   TOOL decode FuzzXxx DEST [-needs=FLAGS] SOURCE...
//                                        raw files (or directories of them)
//                                        to v1 files in DEST (corpus_import.h),
//                                        saying `// needs: FLAGS` if given
//                                        (non-empty); with -needs= given, as
//                                        `corpus decode` gives it and `corpus
//                                        import` does not, a crash file
//                                        brought in unmarked gets a note
//   TOOL encode FuzzXxx OUTDIR FILE...   v1 files to raw files OUTDIR/<name>
//
// Exit status 0; 1 when the F body failed; 2 with a message on stderr for a
// usage or I/O problem.
#include <cxxtest/export.h>

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "cachedir/atomic_file.h"
#include "cachedir/corpus_dir.h"
#include "corpus/corpus_import.h"
#include "corpus/corpus_v1.h"
#include "corpus/raw_input.h"
#include "export/export_body.h"

namespace cxxtest::runtime {
namespace {

namespace fs = std::filesystem;

struct Job {
  std::string op;
  std::vector<std::string> args;  // after the target name
  int code = 0;
};
Job job;

// Before decode's sources, which the driver passes as absolute paths.
constexpr std::string_view kNeedsArg = "-needs=";

int fail(const std::string& message) {
  std::fprintf(stderr, "cxxtest: %s\n", message.c_str());
  return 2;
}

bool write_file(const fs::path& path, const std::string& data) {
  Status written = cxxtest::cachedir::write_atomic(path, data);
  if (!written) job.code = fail("write " + path.string() + ": " + written.error());
  return written.ok();
}

// A dictionary entry in the AFL/libFuzzer format: "..." with \xNN escapes.
std::string dict_line(const std::string& token) {
  std::string out = "\"";
  for (unsigned char c : token) {
    if (c >= 0x20 && c < 0x7f && c != '"' && c != '\\') {
      out += char(c);
    } else {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", c);
      out += buf;
    }
  }
  return out + "\"\n";
}

void seeds(const FuzzTarget& target) {
  fs::path out = job.args.at(0);
  std::error_code ec;
  fs::create_directories(out, ec);
  for (size_t i = 0; i < target.seeds.size(); ++i)
    if (!write_file(out / ("seed-" + std::to_string(i)), encode_raw(target.seeds[i]))) return;
  fs::path dir = cxxtest::cachedir::testdata_corpus_dir("", target.name);
  auto files = cxxtest::cachedir::list_corpus_entries(dir);
  for (const fs::path& file : files ? *files : std::vector<fs::path>{}) {
    std::vector<Value> values;
    corpus::DecodeError err;
    if (!corpus::decode_file(file, values, err) || !check_corpus_entry(values, target.fn.kinds).empty()) {
      std::fprintf(stderr, "cxxtest: %s: not a v1 file for %s: left out\n", file.c_str(),
                   target.name.c_str());
      continue;
    }
    if (!write_file(out / file.filename(), encode_raw(values))) return;
  }
  std::string dict;
  for (const std::string& token : target.dict) dict += dict_line(token);
  write_file(job.args.at(1), dict);
}

void decode(const FuzzTarget& target) {
  std::string problem = import_kinds_problem(target.name, target.fn.kinds);
  if (!problem.empty()) {
    job.code = fail(problem);
    return;
  }
  fs::path dest = job.args.at(0);
  size_t first = 1;
  std::string needs;
  bool testdata = job.args.size() > 1 && job.args[1].starts_with(kNeedsArg);  // decode, not import
  if (testdata) needs = job.args[first++].substr(kNeedsArg.size());
  for (size_t i = first; i < job.args.size(); ++i) {
    ImportStats stats;
    std::string err;
    if (!import_corpus(job.args[i], dest, target.fn.kinds, stats, err, needs)) {
      job.code = fail(err);
      return;
    }
    for (const std::string& note : stats.notes) std::printf("%s\n", note.c_str());
    std::error_code ec;
    if (fs::is_regular_file(job.args[i], ec) && stats.held_in.size() == 1) {
      // The file that holds it: written now, or there already (maybe marked
      // `// needs:` by an earlier import, under another name).
      std::printf("%s -> %s\n", fs::path(job.args[i]).filename().c_str(), stats.held_in[0].c_str());
    } else {
      std::printf("%s: imported %zu %s (%zu already present) into %s\n", job.args[i].c_str(), stats.imported,
                  stats.imported == 1 ? "file" : "files", stats.present, dest.c_str());
    }
    if (std::string note =
            testdata ? unsanitized_crash_note(job.args[i], stats, needs, "cxxtest corpus decode") : "";
        !note.empty())
      std::printf("note: %s\n", note.c_str());
  }
}

void encode(const FuzzTarget& target) {
  fs::path out = job.args.at(0);
  std::error_code ec;
  fs::create_directories(out, ec);
  for (size_t i = 1; i < job.args.size(); ++i) {
    std::vector<Value> values;
    corpus::DecodeError err;
    if (!corpus::decode_file(job.args[i], values, err)) {
      job.code = fail(job.args[i] + (err.line ? ":" + std::to_string(err.line) : "") + ": " + err.message);
      return;
    }
    std::string mismatch = check_corpus_entry(values, target.fn.kinds);
    if (!mismatch.empty()) {
      job.code = fail(job.args[i] + ": " + mismatch);
      return;
    }
    fs::path file = out / fs::path(job.args[i]).filename();
    if (!write_file(file, encode_raw(values))) return;
    // One file: where it went; a corpus (thousands of files): one line.
    if (job.args.size() == 2)
      std::printf("%s -> %s\n", fs::path(job.args[i]).filename().c_str(), file.c_str());
  }
  if (job.args.size() != 2) std::printf("encoded %zu files into %s\n", job.args.size() - 1, out.c_str());
}

void run_job(TestState&, const FuzzTarget& target) {
  if (job.op == "seeds") seeds(target);
  else if (job.op == "decode") decode(target);
  else encode(target);
}

}  // namespace
}  // namespace cxxtest::runtime

namespace cxxtest::internal {

int corpus_tool_main(int argc, char** argv, const FuzzEntry* targets, size_t n) {
  using namespace cxxtest::runtime;
  std::vector<std::string> args(argv + 1, argv + argc);
  size_t need = args.empty() ? 0 : args[0] == "encode" ? 3 : 4;
  if (need == 0 || args.size() < need || (args[0] != "seeds" && args[0] != "decode" && args[0] != "encode"))
    return fail("usage: seeds|decode|encode FuzzXxx DEST ARGS...");
  const FuzzEntry* entry = nullptr;
  for (size_t i = 0; i < n; ++i)
    if (args[1] == targets[i].name) entry = &targets[i];
  if (!entry) return fail("no fuzz test " + args[1] + " in this package");
  job.op = args[0];
  job.args.assign(args.begin() + 2, args.end());
  BodyResult r = run_body_with(*entry, run_job);
  if (r.failed || (r.skipped && job.code == 0)) {
    std::fprintf(stderr, "--- %s: %s\n%s", r.failed ? "FAIL" : "SKIP", entry->name, r.log.c_str());
    return r.failed ? 1 : 2;
  }
  return job.code;
}

}  // namespace cxxtest::internal
