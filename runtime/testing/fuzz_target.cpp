// testing/fuzz_target.cpp: F::Add, F::Fuzz and the fuzz-target registry.
#include "testing/fuzz_target.h"

#include "cachedir/corpus_dir.h"
#include "fuzz/dictionary.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <mutex>

#include "testing/output.h"

namespace cxxtest::runtime {
namespace {

std::mutex registry_mu;
std::map<std::string, FuzzTarget, std::less<>> registry;  // guarded by registry_mu
std::atomic<FuzzRunner> runner{nullptr};

}  // namespace

void set_fuzz_runner(FuzzRunner r) { runner = r; }

FuzzRunner fuzz_runner() {
  FuzzRunner r = runner.load();
  return r ? r : &run_seed_corpus;
}

const FuzzTarget* find_fuzz_target(std::string_view name) {
  std::lock_guard lock(registry_mu);
  auto it = registry.find(name);
  return it == registry.end() ? nullptr : &it->second;
}

const FuzzTarget& register_fuzz_target(FuzzTarget target) {
  std::lock_guard lock(registry_mu);
  std::string name = target.name;
  return registry.insert_or_assign(std::move(name), std::move(target)).first->second;
}

std::string check_corpus_entry(std::span<const Value> values, std::span<const Kind> kinds) {
  if (values.size() != kinds.size()) {
    return "wrong number of values in corpus entry: " + std::to_string(values.size()) + ", want " +
           std::to_string(kinds.size());
  }
  std::vector<Kind> got;
  for (const Value& v : values) got.push_back(v.kind);
  if (std::equal(got.begin(), got.end(), kinds.begin())) return "";
  return "mismatched types in corpus entry: " + kind_list(got) + ", want " + kind_list(kinds);
}

std::string seed_kind_hint(std::span<const Value> values, std::span<const Kind> kinds) {
  if (values.size() != kinds.size()) return "";
  bool bytes_wanted = false;
  for (size_t i = 0; i < values.size(); ++i) {
    if (values[i].kind == kinds[i]) continue;
    if (!is_byte_kind(values[i].kind) || !is_byte_kind(kinds[i])) return "";
    bytes_wanted |= kinds[i] == Kind::Bytes;
  }
  return bytes_wanted
             ? "\n(a bytes parameter's seed is a std::vector<uint8_t>: f.Add(cxxtest::Bytes(\"...\")))"
             : "\n(a string parameter's seed is a std::string or a string literal)";
}

void run_fuzz_body(TestState& f, void (*body)(F&)) {
  body(f.f_handle);
  bool not_called;
  {
    std::lock_guard lock(f.mu);
    not_called = !f.fuzz->fuzz_called && !f.skipped && !f.failed;
  }
  if (not_called) {
    log_at(f, {}, "returned without calling F.Fuzz, F.Fail, or F.Skip");
    fail(f);
  }
}

}  // namespace cxxtest::runtime

namespace cxxtest {

void F::add_values(std::vector<Value> values) {
  runtime::check_fuzz_fn(state_, "Add");
  std::lock_guard lock(state_->mu);
  state_->fuzz->seeds.push_back(std::move(values));
}

void F::Dict(std::initializer_list<std::string_view> tokens) {
  runtime::check_fuzz_fn(state_, "Dict");
  std::lock_guard lock(state_->mu);
  for (std::string_view t : tokens)
    if (!t.empty()) state_->fuzz->dict.emplace_back(t);
}

void F::fuzz_with(internal::FuzzFunction fn, internal::Location loc) {
  runtime::TestState& f = *state_;
  runtime::check_fuzz_fn(state_, "Fuzz");
  {
    std::unique_lock lock(f.mu);
    if (f.fuzz->fuzz_called) {
      lock.unlock();
      runtime::log_panic(f, "testing: F.Fuzz called more than once");
      runtime::fail_now(f);
    }
    f.fuzz->fuzz_called = true;
    if (f.failed) return;  // as Go: a failed F runs no inputs
  }
  runtime::FuzzTarget target{f.name, std::move(fn), {}, loc, {}};
  {
    std::lock_guard lock(f.mu);
    target.seeds = f.fuzz->seeds;
    target.dict = f.fuzz->dict;
    target.dict_calls = target.dict.size();
  }
  // testdata/fuzz/<name>.dict, read in every mode so a malformed line fails
  // plain test runs too.
  std::string dict_file = cachedir::testdata_dict_path("", f.name).string();
  fuzz::DictError dict_err;
  if (!fuzz::load_dictionary(dict_file, target.dict, dict_err)) {
    runtime::log_at(f, loc, dict_file + ":" + std::to_string(dict_err.line) + ": " + dict_err.message);
    runtime::fail_now(f);
  }
  for (const auto& seed : target.seeds) {
    std::string err = runtime::check_corpus_entry(seed, target.fn.kinds);
    if (!err.empty()) {
      runtime::log_at(f, loc, err + runtime::seed_kind_hint(seed, target.fn.kinds));
      runtime::fail_now(f);
    }
  }
  const runtime::FuzzTarget& registered = runtime::register_fuzz_target(std::move(target));
  runtime::fuzz_runner()(f, registered);
}

}  // namespace cxxtest
