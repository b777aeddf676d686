// testing/seed_corpus.cpp: running a fuzz target's seed corpus as subtests (Go's
// F.Fuzz when not fuzzing). The working directory is the package directory,
// so the files are read from testdata/fuzz/<name>/ relative to it. With
// -test.fuzzcorpus the generated corpus in -test.fuzzcachedir/<name>/ runs
// too (cxxtest -fuzzcorpus, for the coverage of everything fuzzing found).
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <utility>
#include <vector>

#include "cachedir/corpus_dir.h"
#include "corpus/corpus_v1.h"
#include "crash/crash.h"
#include "crash/input_stack.h"
#include "flags/config.h"
#include "testing/fuzz_target.h"
#include "testing/output.h"
#include "testing/seed_limits.h"
#include "testing/test_runner.h"

namespace cxxtest::runtime {
namespace {

namespace fs = std::filesystem;

// The regular files of testdata/fuzz/<name>/, sorted by name; subdirectories
// are ignored and a missing directory has none. Anything else (a FIFO, whose
// read would block forever, a socket, a device) is skipped with a note.
std::vector<std::string> corpus_files(const std::string& name) {
  std::vector<std::string> files;
  std::error_code ec;
  fs::path dir = cachedir::testdata_corpus_dir("", name);
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_directory(ec)) continue;
    if (it->is_regular_file(ec)) files.push_back(it->path().filename().string());
    else write_stdout("note: " + it->path().string() + " is not a regular file: skipped\n");
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string testdata_path(const std::string& target, const std::string& file) {
  return (cachedir::testdata_corpus_dir("", target) / file).string();
}

// Whether -test.run selects the input named `full_name` (callers ask before
// run_input).
bool selected(TestState& f, const std::string& full_name) {
  return f.ctx.matcher.full_name(nullptr, full_name).ok;
}

// Runs one input as the subtest `full_name` of f, under the limits fuzzing
// gives each input (seed_limits.h).
void run_input(TestState& f, const std::string& full_name, Body body) {
  f.fuzz->in_fuzz_fn = true;
  arm_seed_limits(full_name, flags().fuzztimeout, flags().fuzzrsslimit);
  run_subtest(f, full_name, std::move(body));
  disarm_seed_limits();
  f.fuzz->in_fuzz_fn = false;
}

// The body of the subtest for testdata file `path`.
Body file_input_body(std::string path, const internal::FuzzFunction& fn) {
  return [path = std::move(path), &fn](TestState& s) {
    std::vector<Value> values;
    corpus::DecodeError err;
    if (!corpus::decode_file(path, values, err)) {
      log_decorated(s, decorate(corpus::where(path, err), err.message));
      fail_now(s);
    }
    std::string mismatch = check_corpus_entry(values, fn.kinds);
    if (!mismatch.empty()) {
      log_decorated(s, decorate(path + ": ", mismatch));
      fail_now(s);
    }
    invoke_input(fn, s.t_handle, values);
  };
}

// -test.fuzzcorpus: the cached generated inputs, as subtests named by file
// like testdata's. An entry that does not decode to the target's argument
// types (its signature changed since) is skipped, as the fuzzing engine
// skips it; so is an unreadable directory: the cache only ever adds.
void run_generated_corpus(TestState& f, const FuzzTarget& target) {
  fs::path dir = cachedir::target_corpus_dir(flags().fuzzcachedir, target.name);
  auto files = cachedir::list_corpus_entries(dir);
  if (!files) return;
  for (const fs::path& file : *files) {
    std::string name = target.name + "/" + file.filename().string();
    if (!selected(f, name)) continue;  // before reading it: -run may pick one of thousands
    std::vector<Value> values;
    corpus::DecodeError err;
    if (!corpus::decode_file(file.string(), values, err) ||
        !check_corpus_entry(values, target.fn.kinds).empty())
      continue;
    run_input(f, name, [values = std::move(values), &target](TestState& s) {
      invoke_input(target.fn, s.t_handle, values);
    });
  }
}

// Whether the testdata input at `path` is marked with needs that run in a
// build of their own in this run (-test.seedsskipneeding, from the
// driver's needs_runs.h). Reads the file only when some do.
bool run_elsewhere(const std::string& path) {
  const std::string& skip = flags().seedsskipneeding;
  if (skip.empty()) return false;
  std::string needs = corpus::needs_of_file(path);
  if (needs.empty()) return false;
  for (size_t at = 0; at <= skip.size();) {
    size_t end = std::min(skip.find('|', at), skip.size());
    if (skip.compare(at, end - at, needs) == 0) return true;
    at = end + 1;
  }
  return false;
}

}  // namespace

void run_seed_corpus(TestState& f, const FuzzTarget& target) {
  const std::string& needing = flags().seedsneeding;
  // The f.Add seeds and testdata files -run selects, listed first so that
  // a crash can say how many were left (set_inputs_left).
  std::vector<std::pair<std::string, Body>> inputs;
  auto add = [&](std::string name, Body body) {
    if (selected(f, name)) inputs.emplace_back(std::move(name), std::move(body));
  };
  for (size_t i = 0; needing.empty() && i < target.seeds.size(); ++i) {
    const std::vector<Value>& seed = target.seeds[i];
    add(target.name + "/seed#" + std::to_string(i),
        [&seed, &target](TestState& s) { invoke_input(target.fn, s.t_handle, seed); });
  }
  for (const std::string& file : corpus_files(target.name)) {
    std::string path = testdata_path(target.name, file);
    if (!needing.empty() && corpus::needs_of_file(path) != needing) continue;
    if (needing.empty() && run_elsewhere(path)) continue;
    add(target.name + "/" + file, file_input_body(path, target.fn));
  }
  for (size_t i = 0; i < inputs.size(); ++i) {
    set_inputs_left(target.name.c_str(), inputs.size() - i - 1);
    run_input(f, inputs[i].first, std::move(inputs[i].second));
  }
  set_inputs_left(nullptr, 0);
  if (needing.empty() && flags().fuzzcorpus && !flags().fuzzcachedir.empty()) run_generated_corpus(f, target);
}

bool has_inputs_needing(const std::string& name, const std::string& needs) {
  for (const std::string& file : corpus_files(name))
    if (corpus::needs_of_file(testdata_path(name, file)) == needs) return true;
  return false;
}

}  // namespace cxxtest::runtime
