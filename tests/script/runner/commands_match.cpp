// stdout, stderr, grep, cmp, cmpenv: assertions on text.
//
// `stdout RE` passes when RE matches (see count_matches for what "matches"
// means); `! stdout RE` when it matches nowhere; `stdout -count=N RE` when it
// matches exactly N times. A "$VAR" in RE matches the variable's value
// literally.
#include <fstream>
#include <sstream>

#include "runner/commands.h"
#include "runner/match.h"

namespace cxxtest::script {
namespace {

std::optional<std::string> read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Checks `text` (called `what` in messages) against the pattern in args[at],
// honouring an optional "-count=N" in args[at-1].
Outcome match_text(const Args& a, size_t at, const std::string& text, const std::string& what, bool negated) {
  int want = -1;
  if (at == 1) {
    std::string flag = a.str(0);
    if (!flag.starts_with("-count=")) return "unknown flag " + flag;
    if (negated) return std::string("-count= cannot be negated");
    std::string n = flag.substr(7);
    if (n.empty() || n.find_first_not_of("0123456789") != std::string::npos) return "bad flag " + flag;
    want = std::stoi(n);
  }
  std::string pattern = a.regex(at), error, first;
  auto re = compile_regex(pattern, error);
  if (!re) return error;
  int n = 0;
  try {
    n = count_matches(*re, pattern, text, &first);
  } catch (const std::regex_error& e) {
    return "matching `" + pattern + "` against " + what + ": " + e.what();
  }
  if (want >= 0 && n != want)
    return "have " + std::to_string(n) + " matches for `" + pattern + "` in " + what + ", want " +
           std::to_string(want);
  if (want < 0 && negated && n > 0) return "unexpected match for `" + pattern + "` in " + what + ": " + first;
  if (want < 0 && !negated && n == 0) return "no match for `" + pattern + "` in " + what;
  return std::nullopt;
}

Outcome match_output(State& s, const Args& a, bool negated, const char* stream) {
  if (a.size() < 1 || a.size() > 2) return std::string("usage: ") + stream + " [-count=N] REGEX";
  if (!s.ran) return std::string(stream) + ": no command has run yet";
  const std::string& text = std::string_view(stream) == "stdout" ? s.stdout_text : s.stderr_text;
  return match_text(a, a.size() - 1, text, stream, negated);
}

// cmp and cmpenv: args[0] is "stdout", "stderr" or a file (got), args[1] the
// file with the wanted content.
Outcome compare(State& s, const Args& a, bool expand) {
  if (a.size() != 2) return "usage: cmp stdout|stderr|FILE1 FILE2";
  std::string got_name = a.str(0), want_name = a.str(1);
  std::optional<std::string> got;
  if (got_name == "stdout" || got_name == "stderr") {
    if (!s.ran) return got_name + ": no command has run yet";
    got = got_name == "stdout" ? s.stdout_text : s.stderr_text;
  } else {
    got = read_file(s.path(got_name));
  }
  auto want = read_file(s.path(want_name));
  if (!got) return "cannot read " + got_name;
  if (!want) return "cannot read " + want_name;
  if (expand) want = expand_vars(*want, s.env);
  std::string diff = line_diff(want_name, *want, got_name, *got);
  if (diff.empty()) return std::nullopt;
  s.log += "[diff]\n" + diff;
  return got_name + " and " + want_name + " differ (diff above)";
}

}  // namespace

Outcome cmd_stdout(State& s, const Args& a, bool negated) { return match_output(s, a, negated, "stdout"); }
Outcome cmd_stderr(State& s, const Args& a, bool negated) { return match_output(s, a, negated, "stderr"); }

Outcome cmd_grep(State& s, const Args& a, bool negated) {
  if (a.size() < 2 || a.size() > 3) return "usage: grep [-count=N] REGEX FILE";
  std::string file = a.str(a.size() - 1);
  auto text = read_file(s.path(file));
  if (!text) return "grep: cannot read " + file;
  return match_text(a, a.size() - 2, *text, file, negated);
}

Outcome cmd_cmp(State& s, const Args& a, bool) { return compare(s, a, false); }
Outcome cmd_cmpenv(State& s, const Args& a, bool) { return compare(s, a, true); }

}  // namespace cxxtest::script
