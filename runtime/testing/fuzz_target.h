// testing/fuzz_target.h: what the runtime keeps per fuzz target, and the seam where
// the fuzzing engine (a later component) takes over from the seed-corpus run.
//
// F::Fuzz checks the F::Add seeds against the fuzz function's kinds, records
// a FuzzTarget, then calls the installed FuzzRunner on the F's own thread.
// The default runner runs the seed corpus (f.Add entries, then the files in
// testdata/fuzz/<name>/) as subtests. The engine installs its own runner for
// -test.fuzz / -test.fuzzworker and may call run_seed_corpus itself.
#pragma once

#include <cxxtest/fuzz_function.h>
#include <cxxtest/value.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "testing/test_state.h"

namespace cxxtest::runtime {

struct FuzzTarget {
  std::string name;                       // "FuzzX"
  internal::FuzzFunction fn;              // kinds + type-erased invoker
  std::vector<std::vector<Value>> seeds;  // f.Add entries, matching fn.kinds
  internal::Location fuzz_call;           // where F::Fuzz was called
  std::vector<std::string> dict;          // F::Dict tokens, then testdata/fuzz/<name>.dict entries
  size_t dict_calls = 0;                  // how many of dict came from F::Dict
};

// Runs target for the F `f` (on f's thread). May fail f (fail_now).
using FuzzRunner = void (*)(TestState& f, const FuzzTarget& target);
void set_fuzz_runner(FuzzRunner runner);  // nullptr restores run_seed_corpus
FuzzRunner fuzz_runner();

// The targets F::Fuzz has registered in this process, by name (the last
// registration of a name wins). The pointer stays valid until the next
// registration of that name.
const FuzzTarget* find_fuzz_target(std::string_view name);
const FuzzTarget& register_fuzz_target(FuzzTarget target);

// Go's CheckCorpus: "" if values fit kinds, else
// "wrong number of values in corpus entry: 1, want 2" or
// "mismatched types in corpus entry: [std::string int], want [bytes int8_t]".
std::string check_corpus_entry(std::span<const Value> values, std::span<const Kind> kinds);

// For an f.Add seed that check_corpus_entry rejects only for giving a
// string where the function takes bytes (or the other way round), a line
// saying what to pass: "\n(a bytes parameter's seed is ...)"; else "".
std::string seed_kind_hint(std::span<const Value> values, std::span<const Kind> kinds);

// Runs the body of a fuzz test, FuzzXxx(F&), on the F `f`, then applies
// Go's rule: a body that returns without calling F.Fuzz, F.Fail or F.Skip
// fails with "returned without calling F.Fuzz, F.Fail, or F.Skip".
void run_fuzz_body(TestState& f, void (*body)(F&));

// The default FuzzRunner: each seed as subtest `<name>/seed#N`, then each
// regular file of testdata/fuzz/<name>/ (sorted) as `<name>/<file>`, as
// selected by -test.run. A file that does not decode or does not fit the
// kinds fails its subtest (`testdata/fuzz/FuzzX/f:3: <what>`).
// With -test.seedsneeding=FLAGS (a plain run's second pass, in the build
// those flags name: driver/needs_runs.h) only the files whose `// needs:`
// line says FLAGS run; f.Add seeds and the generated corpus do not.
void run_seed_corpus(TestState& f, const FuzzTarget& target);

// Whether testdata/fuzz/<name>/ holds a file whose `// needs:` line says
// `needs` (corpus_v1.h): under -test.seedsneeding, fuzz tests without one
// do not run.
bool has_inputs_needing(const std::string& name, const std::string& needs);

}  // namespace cxxtest::runtime
