// A script file: commands first, then txtar file sections.
//
//   # comment                   blank lines and comments are skipped
//   exec cxxtest -v ./...        one command per line, words split on blanks
//   ! stdout 'a b'               leading "!" negates; '...' keeps spaces and
//                                 is never expanded ('' inside is one quote)
//   -- a/a_test.cpp --           a file section: everything up to the next
//   ...                           "-- NAME --" line is the file's content
//
// A "#" starts a comment only where a word could start, so `seed#0` and
// `-run=FuzzX/seed#0` are ordinary words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace cxxtest::script {

// One piece of a word. Quoted text is literal; bare text has $VAR and
// ${VAR} expanded when the command runs.
struct Segment {
  std::string text;
  bool quoted = false;
};
using Word = std::vector<Segment>;

struct Line {
  int number = 0;           // 1-based line in the script file
  std::string text;         // the line as written, for the log
  bool negated = false;     // the line started with a "!" word
  std::vector<Word> words;  // words[0] is the command name; never empty
};

struct File {
  std::string path;     // relative to $WORK, as written in the marker
  std::string content;  // always ends in '\n' unless empty
};

struct Script {
  std::vector<Line> lines;
  std::vector<File> files;
};

// Parse result: on a syntax error (unterminated quote, a lone "!", a file
// marker with an empty name) `error` is set and `error_line` names the line.
struct ParseResult {
  Script script;
  std::string error;
  int error_line = 0;
};
ParseResult parse_script(std::string_view text);

// The literal text of a word with no expansion (for command names).
std::string literal(const Word& word);

}  // namespace cxxtest::script
