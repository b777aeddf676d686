// testing/output.cpp: stdout writing and Go's text shapes (see output.h).
#include "testing/output.h"

#include <cstdio>
#include <mutex>

#include "flags/config.h"

namespace cxxtest::runtime {
namespace {

std::mutex& stdout_mutex() {
  static std::mutex mu;
  return mu;
}

std::mutex chatty_mu;
std::string last_name;  // guarded by chatty_mu
bool framing = false;   // set before any test starts

}  // namespace

void write_stdout(std::string_view text) {
  std::lock_guard lock(stdout_mutex());
  std::fwrite(text.data(), 1, text.size(), stdout);
  std::fflush(stdout);
}

std::string location_prefix(internal::Location loc) {
  if (!loc.file) return "";
  std::string_view file = loc.file;
  size_t slash = file.find_last_of("/\\");
  if (slash != std::string_view::npos && !flags().fullpath) file.remove_prefix(slash + 1);
  return std::string(file) + ":" + std::to_string(loc.line > 0 ? loc.line : 1) + ": ";
}

std::string decorate(std::string_view prefix, std::string_view text) {
  if (!text.empty() && text.back() == '\n') text.remove_suffix(1);
  std::string out = "    ";
  out += prefix;
  for (size_t start = 0;;) {
    size_t nl = text.find('\n', start);
    out += text.substr(start, nl - start);
    if (nl == std::string_view::npos) break;
    out += "\n        ";
    start = nl + 1;
  }
  out += '\n';
  return out;
}

std::string indent(std::string_view text) {
  std::string out;
  for (size_t start = 0; start < text.size();) {
    size_t nl = text.find('\n', start);
    size_t end = nl == std::string_view::npos ? text.size() : nl + 1;
    if (text[start] == kFramingMarker) out += text[start++];
    out += "    ";
    out += text.substr(start, end - start);
    start = end;
  }
  return out;
}

void ChattyPrinter::update(const std::string& name, std::string_view text) {
  std::lock_guard lock(chatty_mu);
  last_name = name;
  write_stdout(text);
}

void ChattyPrinter::print(const std::string& name, std::string_view text) {
  std::lock_guard lock(chatty_mu);
  if (last_name.empty()) {
    last_name = name;
  } else if (last_name != name) {
    write_stdout(frame() + ("=== NAME  " + name + "\n"));
    last_name = name;
  }
  write_stdout(text);
}

void ChattyPrinter::reset() {
  std::lock_guard lock(chatty_mu);
  last_name.clear();
}

void set_framing(bool on) { framing = on; }
const char* frame() { return framing ? "\x16" : ""; }

ChattyPrinter& chatty() {
  static ChattyPrinter printer;
  return printer;
}

}  // namespace cxxtest::runtime
