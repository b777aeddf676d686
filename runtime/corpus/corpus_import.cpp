// corpus/corpus_import.cpp: -test.fuzzimport (see corpus_import.h).
//
// Walk the source, read each file, turn it into a v1 entry, skip it when the
// destination already holds the same values, else write it under its hash
// name. The destination's entries are read once, up front, and kept as the
// SHA-256 of their canonical encoding, so the check costs 32 bytes per entry.
#include "corpus/corpus_import.h"

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <system_error>

#include "cachedir/atomic_file.h"
#include "cachedir/corpus_dir.h"
#include "cachedir/sha256.h"
#include "corpus/corpus_v1.h"
#include "corpus/raw_input.h"
#include "flags/config.h"
#include "flags/matcher.h"
#include "testing/env_log.h"
#include "testing/fuzz_target.h"
#include "testing/output.h"
#include "testing/test_runner.h"

namespace cxxtest::runtime {
namespace {

namespace fs = std::filesystem;

constexpr const char* kPrefix = "testing: -fuzzimport: ";

// The key of an entry for duplicate checks: sha256 of encode(values).
std::string canonical_key(std::span<const Value> values) {
  return cachedir::sha256_hex(corpus::encode(values));
}

// The keys of dest's files that decode and fit `kinds`; others (malformed,
// another target's) can equal no import and are left for the seed run to
// report.
std::map<std::string, fs::path> existing_keys(const fs::path& dest, std::span<const Kind> kinds) {
  std::map<std::string, fs::path> keys;
  std::error_code ec;
  for (fs::directory_iterator it(dest, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (!it->is_regular_file(type_ec)) continue;
    std::vector<Value> values;
    corpus::DecodeError derr;
    if (corpus::decode_file(it->path(), values, derr) && check_corpus_entry(values, kinds).empty())
      keys.emplace(canonical_key(values), it->path());
  }
  return keys;
}

struct Walk {
  std::vector<fs::path> files;
  std::vector<std::string> notes;
};

// Why a directory entry is skipped ("" when it is a file to import; a real
// directory is entered by the iterator and also gives "").
std::string skip_reason(const fs::directory_entry& e, bool& enter) {
  std::error_code ec;
  enter = false;
  if (e.path().filename().string().starts_with(".")) return "hidden";
  fs::file_status st = e.status(ec);
  if (ec) return ec.message();  // a dangling symlink
  if (fs::is_directory(st)) {
    if (e.is_symlink(ec)) return "symlink to a directory, not followed";
    enter = true;
    return "";
  }
  return fs::is_regular_file(st) ? "" : "not a regular file";
}

// The files under `dir` to import, sorted, and the notes for skipped ones.
bool walk(const fs::path& dir, Walk& w, std::string& err) {
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    bool enter = false;
    std::string why = skip_reason(*it, enter);
    if (!why.empty()) w.notes.push_back("skipped " + it->path().string() + ": " + why);
    if (!why.empty() || enter) {
      if (!enter) it.disable_recursion_pending();
      continue;
    }
    w.files.push_back(it->path());
  }
  if (ec) {
    err = "read directory " + dir.string() + ": " + ec.message();
    return false;
  }
  std::sort(w.files.begin(), w.files.end());
  std::sort(w.notes.begin(), w.notes.end());
  return true;
}

// import_entry_text, also setting `values` to what the entry holds.
std::string entry_and_values(std::string_view data, std::span<const Kind> kinds, std::string_view needs,
                             std::vector<Value>& values) {
  if (data.starts_with(corpus::kHeader)) {  // a v1 file already? (checked first: decode splits lines)
    corpus::DecodeError err;
    if (corpus::decode(data, values, err) && check_corpus_entry(values, kinds).empty())
      return needs.empty() || !corpus::needs_of(data).empty() ? std::string(data)
                                                              : corpus::encode(values, needs);
  }
  decode_raw(reinterpret_cast<const uint8_t*>(data.data()), data.size(), kinds, values);
  return corpus::encode(values, needs);
}

// The import of one file's bytes.
bool import_one(const fs::path& file, const fs::path& dest, std::span<const Kind> kinds,
                std::string_view needs, std::map<std::string, fs::path>& keys, ImportStats& stats,
                std::string& err) {
  auto data = cachedir::read_file(file);
  if (!data) {
    err = data.error();
    return false;
  }
  std::vector<Value> values;
  std::string text = entry_and_values(*data, kinds, needs, values);
  std::string().swap(*data);
  auto [at, added] = keys.emplace(canonical_key(values), fs::path());
  // Already there: the same input, unless a reproducer now comes with a
  // sanitizer and the entry there has no `// needs:` line (a directory's
  // earlier import took it for a seed): then the marked entry replaces it,
  // written before the unmarked one goes, so a plain run runs it where it
  // fails.
  bool mark_present =
      !added && !needs.empty() && !at->second.empty() && corpus::needs_of_file(at->second).empty();
  if (!added && !mark_present) {
    ++stats.present;
    stats.held_in.push_back(at->second);
    return true;
  }
  Expected<std::string> written = cachedir::write_corpus_entry(dest, text);
  if (!written) {
    err = written.error();
    return false;
  }
  fs::path old = at->second;
  at->second = dest / *written;
  stats.held_in.push_back(at->second);
  if (!mark_present) {
    ++stats.imported;
    return true;
  }
  std::error_code ec;
  if (old != at->second && !fs::remove(old, ec) && ec) {
    err = "remove " + old.string() + ": " + ec.message();
    return false;
  }
  ++stats.marked;
  return true;
}

// ---- -test.fuzzimport in the test binary ----

// What the import runner did, for run_import (one import per process; set
// on the F's thread, read after run_test has joined it).
struct ImportRun {
  bool called = false;  // the F body reached F.Fuzz
  int code = 0;         // run_import's exit code
  std::string out;      // notes and the summary line, for stdout
  std::string err;      // the problem, for stderr
};
ImportRun import_run;

std::string plural(size_t n, const char* word) {
  return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

// The note for a sanitizer import that left some of a directory's files
// unmarked: a plain run passes a reproducer it cannot fail in its build,
// so the user learns which files were taken for seeds, and how to mark one.
std::string unmarked_note(size_t unmarked, std::string_view needs) {
  std::string n(needs);
  return plural(unmarked, "file") + " imported as seeds, which plain runs run without " + n +
         "\nfuzzimport: (crash-* and other engine-named files, and a file imported alone, say '// needs: " +
         n + "')";
}

// `dir` (relative to the package dir, where the binary runs) as the user
// can find it: from the directory cxxtest ran in ("fuzz/testdata/fuzz/FuzzX"
// for ./fuzz), or named with the package when that lies elsewhere.
std::string shown_from_cwd(const std::string& dir) {
  const char* pkg = env_lookup("CXXTEST_PACKAGE");  // the driver's "./fuzz", ".", or an import path
  std::string p = pkg ? pkg : ".";
  if (p == ".") return dir;
  if (p.rfind("./", 0) == 0) return p.substr(2) + "/" + dir;
  return dir + " of package " + p;
}

// The FuzzRunner installed for the import: F.Fuzz hands it the target.
void import_runner(TestState&, const FuzzTarget& target) {
  ImportRun& r = import_run;
  r.called = true;
  std::string problem = import_kinds_problem(target.name, target.fn.kinds);
  if (!problem.empty()) {
    r.code = 2;
    r.err = kPrefix + problem + "\n";
    return;
  }
  std::string dest = cachedir::testdata_corpus_dir("", target.name).string(), err;
  ImportStats stats;
  // Imported in a sanitizer's build (-asan -fuzzimport), reproducers (a file
  // named alone, engine-named crash files) say `// needs: -asan` as `corpus
  // decode -asan` writes them: a plain run then runs them in the build where
  // they fail as they failed the engine. Seeds in a directory stay unmarked,
  // so plain runs need no sanitizer build for them.
  const char* needs = env_lookup("CXXTEST_RERUN_FLAGS");
  bool ok = import_corpus(flags().fuzzimport, dest, target.fn.kinds, stats, err, needs ? needs : "", true);
  for (const std::string& note : stats.notes) r.out += "fuzzimport: " + note + "\n";
  if (needs && *needs && stats.unmarked > 0)
    r.out += "fuzzimport: " + unmarked_note(stats.unmarked, needs) + "\n";
  if (!ok) {
    r.code = 2;
    r.err = kPrefix + err + "\n";
    return;
  }
  if (stats.marked > 0)
    r.out += "fuzzimport: marked " + plural(stats.marked, "file") + " already present '// needs: " + needs +
             "' (earlier imported as seeds)\n";
  r.out += "imported " + plural(stats.imported, "file") + " (" + std::to_string(stats.present) +
           " already present) into " + shown_from_cwd(dest) + "\n";
  if (std::string note = unsanitized_crash_note(flags().fuzzimport, stats, needs ? needs : "", "-fuzzimport");
      !note.empty())
    r.out += "fuzzimport: " + note + "\n";
  // A file named alone (a reproducer, as a rule): which entry holds it, and
  // the command that runs it. -fuzzimport only imports (as Go's flags never
  // fuzz and do something else at once): for a directory, say what fuzzes
  // from them.
  std::error_code ec;
  if (stats.held_in.size() == 1 && fs::is_regular_file(flags().fuzzimport, ec)) {
    r.out += "fuzzimport: " + fs::path(flags().fuzzimport).filename().string() + " -> " +
             shown_from_cwd(stats.held_in[0].string()) + "\n";
    const char* pkg = env_lookup("CXXTEST_PACKAGE");
    r.out += "fuzzimport: to run it: cxxtest -run=" + target.name + "/" +
             stats.held_in[0].filename().string() + " " + (pkg ? pkg : ".") + "\n";
  } else if (stats.imported > 0) {
    r.out += "fuzzimport: to fuzz from them, run the command again without -fuzzimport\n";
  }
}

// The targets matching -test.fuzz (and not -test.skip), in order. On a bad
// regexp returns false with `err` set.
bool matching_targets(std::span<const internal::FuzzEntry> targets,
                      std::vector<const internal::FuzzEntry*>& out, std::string& err) {
  Filter fuzz, skip;
  if (!compile_filter(flags().fuzz, "-test.fuzz", fuzz, err) ||
      !compile_filter(flags().skip, "-test.skip", skip, err))
    return false;
  Matcher m(fuzz, skip);
  for (const internal::FuzzEntry& e : targets)
    if (m.full_name(nullptr, e.name).ok) out.push_back(&e);
  return true;
}

// Runs the F body of e quietly under a fresh root; false if it failed.
bool run_body(const internal::FuzzEntry& e) {
  Filter none;
  TestContext ctx(flags().parallel, none, none, std::nullopt);
  TestState root(ctx, nullptr, "", false);
  run_test(root, [&](TestState& r) {
    run_subtest(
        r, e.name, [fn = e.fn](TestState& s) { run_fuzz_body(s, fn); }, TestKind::Fuzz);
  });
  return !failed(root);
}

// The one target to import into, or nullptr after printing why not.
const internal::FuzzEntry* import_target(std::span<const internal::FuzzEntry> targets) {
  std::vector<const internal::FuzzEntry*> found;
  std::string err;
  if (flags().fuzz.empty()) {
    std::fprintf(stderr, "%sneeds -fuzz to name the fuzz test to import into\n", kPrefix);
    return nullptr;
  }
  if (!matching_targets(targets, found, err)) {
    std::fprintf(stderr, "testing: %s\n", err.c_str());
    return nullptr;
  }
  if (found.size() == 1) return found[0];
  std::string names;
  for (const internal::FuzzEntry* e : found) names += (names.empty() ? "" : " ") + std::string(e->name);
  if (found.empty()) std::fprintf(stderr, "%s-fuzz matches no fuzz test\n", kPrefix);
  else std::fprintf(stderr, "%s-fuzz matches more than one fuzz test: [%s]\n", kPrefix, names.c_str());
  return nullptr;
}

// False, after printing why, when the -test.fuzzimport path does not exist.
bool source_exists() {
  std::error_code ec;
  if (fs::exists(fs::status(flags().fuzzimport, ec))) return true;
  if (!ec) ec = std::make_error_code(std::errc::no_such_file_or_directory);
  std::fprintf(stderr, "%s%s: %s\n", kPrefix, flags().fuzzimport.c_str(), ec.message().c_str());
  return false;
}

}  // namespace

std::string import_kinds_problem(std::string_view target, std::span<const Kind> kinds) {
  if (!kinds.empty()) return "";
  return std::string(target) + " takes no arguments: there is nothing to import";
}

std::string import_entry_text(std::string_view data, std::span<const Kind> kinds, std::string_view needs) {
  std::vector<Value> values;
  return entry_and_values(data, kinds, needs, values);
}

bool crash_file_name(std::string_view name) {
  for (std::string_view prefix :
       {"crash-", "leak-", "timeout-", "oom-", "slow-unit-", "clusterfuzz-testcase-", "uaf-"})
    if (name.starts_with(prefix)) return true;
  return name.starts_with("id:") && name.find(",sig:") != std::string_view::npos;
}

std::string unsanitized_crash_note(const fs::path& source, const ImportStats& stats, std::string_view needs,
                                   std::string_view cmd) {
  if (!needs.empty() || stats.crash_named == 0) return "";
  std::error_code ec;
  bool file = fs::is_regular_file(source, ec);
  std::string what = file ? source.filename().string() + " is named as an engine names a failing input"
                          : source.filename().string() + " holds " + std::to_string(stats.crash_named) +
                                (stats.crash_named == 1 ? " file" : " files") +
                                " named as engines name failing inputs";
  std::string it = file ? "it" : "them";
  return what + "; one found under a sanitizer" +
         (stats.leak_named ? std::string(" (as every leak is)") : std::string()) +
         " may pass a plain build: with -asan (or -ubsan, -msan), " + std::string(cmd) + " marks " + it +
         " '// needs: -asan' and a plain run runs " + it + " in that build";
}

bool import_corpus(const fs::path& source, const fs::path& dest, std::span<const Kind> kinds,
                   ImportStats& stats, std::string& err, std::string_view needs,
                   bool needs_crash_files_only) {
  std::error_code ec;
  fs::file_status st = fs::status(source, ec);
  if (ec) {
    err = "stat " + source.string() + ": " + ec.message();
    return false;
  }
  Walk w;
  bool one_file = fs::is_regular_file(st);
  if (one_file) w.files.push_back(source);
  else if (!fs::is_directory(st)) return err = source.string() + ": not a regular file or directory", false;
  else if (!walk(source, w, err)) return false;
  stats.notes.insert(stats.notes.end(), w.notes.begin(), w.notes.end());
  std::map<std::string, fs::path> keys = existing_keys(dest, kinds);
  for (const fs::path& file : w.files) {
    std::string name = file.filename().string();
    bool crash = crash_file_name(name);
    stats.crash_named += crash;
    stats.leak_named = stats.leak_named || (crash && name.starts_with("leak-"));
    // One file named alone is a reproducer, whatever its name (the suite's
    // uaf-...); in a directory, those named as engines name failing inputs.
    bool marked = !needs_crash_files_only || one_file || crash;
    size_t before = stats.imported;
    if (!import_one(file, dest, kinds, marked ? needs : "", keys, stats, err)) return false;
    if (!marked && stats.imported > before) ++stats.unmarked;
  }
  return true;
}

int run_import(std::span<const internal::FuzzEntry> targets) {
  const internal::FuzzEntry* target = import_target(targets);
  if (!target || !source_exists()) return 2;  // both checked before any user code runs
  set_fuzz_runner(import_runner);
  bool body_ok = run_body(*target);
  set_fuzz_runner(nullptr);
  const ImportRun& r = import_run;
  if (!r.called && body_ok) {
    std::fprintf(stderr, "%s%s did not call F.Fuzz: nothing imported\n", kPrefix, target->name);
    return 2;
  }
  write_stdout(r.out);
  if (!r.err.empty()) std::fprintf(stderr, "%s", r.err.c_str());
  if (r.code != 0) return r.code;
  write_stdout(body_ok ? "PASS\n" : "FAIL\n");
  return body_ok ? 0 : 1;
}

}  // namespace cxxtest::runtime
