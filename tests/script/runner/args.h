// Expansion of a command's words into argument strings.
//
// In bare (unquoted) text, $NAME and ${NAME} are replaced by the variable's
// value (empty when unset); a "$" not followed by a name stays literal.
// Arguments read as regular expressions get each value regex-escaped, so
// `stdout $WORK/x` matches the directory's path literally.
#pragma once

#include <map>
#include <span>
#include <string>
#include <vector>

#include "runner/script.h"

namespace cxxtest::script {

using Env = std::map<std::string, std::string>;

class Args {
 public:
  // `words` excludes the command name. Both must outlive the Args.
  Args(std::span<const Word> words, const Env& env) : words_(words), env_(env) {}

  size_t size() const { return words_.size(); }
  std::string str(size_t i) const { return expand(i, false); }
  std::string regex(size_t i) const { return expand(i, true); }
  std::vector<std::string> strs(size_t from = 0) const;

 private:
  std::string expand(size_t i, bool regex) const;
  std::span<const Word> words_;
  const Env& env_;
};

// `text` with ECMAScript regex metacharacters backslash-escaped.
std::string regex_escape(const std::string& text);

// Expands $NAME / ${NAME} in `text` (used by cmpenv for file contents).
std::string expand_vars(const std::string& text, const Env& env, bool regex = false);

}  // namespace cxxtest::script
