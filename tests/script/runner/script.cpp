#include "runner/script.h"

#include <optional>

namespace cxxtest::script {
namespace {

// "-- NAME --" -> NAME; nullopt when `line` is not a file marker.
std::optional<std::string> file_marker(std::string_view line) {
  if (line.size() < 6 || !line.starts_with("-- ") || !line.ends_with(" --")) return std::nullopt;
  std::string_view name = line.substr(3, line.size() - 6);
  while (!name.empty() && name.front() == ' ') name.remove_prefix(1);
  while (!name.empty() && name.back() == ' ') name.remove_suffix(1);
  return std::string(name);
}

// Splits one command line into words. Returns an error message or "".
std::string split_words(std::string_view text, std::vector<Word>& words) {
  Word word;
  bool in_word = false;
  auto append = [&](char c, bool quoted) {
    if (word.empty() || word.back().quoted != quoted) word.push_back({"", quoted});
    word.back().text += c;
  };
  auto finish = [&] {
    if (in_word) words.push_back(std::move(word));
    word = {};
    in_word = false;
  };
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ' ' || c == '\t' || c == '\r') {
      finish();
    } else if (c == '#' && !in_word) {
      break;
    } else if (c == '\'') {
      in_word = true;
      if (word.empty() || !word.back().quoted) word.push_back({"", true});
      for (++i;; ++i) {
        if (i >= text.size()) return "unterminated quoted string";
        if (text[i] != '\'') {
          word.back().text += text[i];
          continue;
        }
        if (i + 1 < text.size() && text[i + 1] == '\'') {
          word.back().text += '\'';
          ++i;
          continue;
        }
        break;
      }
      // A quoted segment directly followed by bare text starts a new segment.
      word.push_back({"", false});
    } else {
      in_word = true;
      append(c, false);
    }
  }
  finish();
  for (Word& w : words) std::erase_if(w, [](const Segment& s) { return !s.quoted && s.text.empty(); });
  return "";
}

}  // namespace

std::string literal(const Word& word) {
  std::string s;
  for (const Segment& seg : word) s += seg.text;
  return s;
}

ParseResult parse_script(std::string_view text) {
  ParseResult r;
  File* file = nullptr;
  int number = 0;
  while (!text.empty()) {
    size_t nl = text.find('\n');
    std::string_view line = text.substr(0, nl);
    text.remove_prefix(nl == std::string_view::npos ? text.size() : nl + 1);
    ++number;
    if (auto name = file_marker(line)) {
      if (name->empty()) return {{}, "file marker with an empty name", number};
      r.script.files.push_back({*name, ""});
      file = &r.script.files.back();
      continue;
    }
    if (file) {
      file->content.append(line).append("\n");
      continue;
    }
    Line cmd{number, std::string(line), false, {}};
    if (std::string err = split_words(line, cmd.words); !err.empty()) return {{}, err, number};
    if (cmd.words.empty()) continue;
    if (cmd.words.size() == 1 && cmd.words[0].size() == 1 && !cmd.words[0][0].quoted &&
        cmd.words[0][0].text == "!")
      return {{}, "\"!\" with no command", number};
    if (literal(cmd.words[0]) == "!" && !cmd.words[0][0].quoted) {
      cmd.negated = true;
      cmd.words.erase(cmd.words.begin());
    }
    r.script.lines.push_back(std::move(cmd));
  }
  return r;
}

}  // namespace cxxtest::script
