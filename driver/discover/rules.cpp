#include "rules.h"

namespace cxxtest::discover {
namespace {

// True when `name` starts with `prefix` and the next character, if any, is
// not a lowercase ASCII letter (Go's rule, restricted to ASCII).
bool has_test_prefix(std::string_view name, std::string_view prefix) {
  if (!name.starts_with(prefix)) return false;
  if (name.size() == prefix.size()) return true;
  char next = name[prefix.size()];
  return !(next >= 'a' && next <= 'z');
}

std::string_view parameter_of(Kind kind) {
  switch (kind) {
    case Kind::Test: return "cxxtest::T& t";
    case Kind::Fuzz: return "cxxtest::F& f";
    case Kind::Benchmark: return "cxxtest::B& b";
    case Kind::Main: return "cxxtest::M& m";
  }
  return "";
}

}  // namespace

std::optional<Kind> kind_of_name(std::string_view name) {
  if (has_test_prefix(name, "Test")) return Kind::Test;
  if (has_test_prefix(name, "Fuzz")) return Kind::Fuzz;
  if (has_test_prefix(name, "Benchmark")) return Kind::Benchmark;
  return std::nullopt;
}

std::string wrong_signature_message(Kind kind, std::string_view name) {
  std::string n(name);
  return "wrong signature for " + n + ", must be: void " + n + "(" + std::string(parameter_of(kind)) + ")";
}

std::string linkage_message(std::string_view name) {
  return std::string(name) + " must have external linkage (remove 'static' or the anonymous namespace)";
}

std::string language_linkage_message(std::string_view name) {
  return std::string(name) + " must have C++ language linkage (remove extern \"C\")";
}

std::string template_message(std::string_view name) { return std::string(name) + " must not be a template"; }

std::string format_finding(std::string_view file, const Finding& finding) {
  std::string tag = !finding.error.empty()            ? "error"
                    : finding.kind == Kind::Test      ? "test"
                    : finding.kind == Kind::Benchmark ? "bench"
                    : finding.kind == Kind::Main      ? "main"
                                                      : "fuzz";
  const std::string& last = finding.error.empty() ? finding.name : finding.error;
  return tag + "\t" + std::string(file) + "\t" + std::to_string(finding.line) + "\t" +
         std::to_string(finding.column) + "\t" + last;
}

}  // namespace cxxtest::discover
