// crash/runner_threads.h: leaving out of a sanitizer report the stanzas
// that only say where the runner started the thread a test ran on:
//
//     Thread T1 created by T0 here:
//         #0 0x.. in __interceptor_pthread_create (x.test+0x9ffdc)
//         #1 0x.. in std::thread::_M_start_thread(...) (libstdc++.so.6+0xd4578)
//
// (ThreadSanitizer: "Thread T1 (tid=7, running) created by main thread
// at:"). Every test and fuzz input runs on a runner thread, so every report
// that names a thread has one or two of these; libFuzzer runs inputs on the
// main thread and prints none. A stanza is dropped, with the blank line
// that ends it, when once the runner's frames are cut from its stack
// (runner_frame_names.h) only the thread start is left: pthread_create and
// std::thread's own frames. A thread the test started has the test's
// frames too and stays. Header-only: the fuzz report (engine/coordinator/
// sanitizer_frames.cpp) and the driver's output filter
// (driver/runner_frames.h) both use it.
#pragma once

#include <string>
#include <string_view>

#include "runner_frame_names.h"

namespace cxxtest::runtime {

// "Thread T1 created by T0 here:" / "Thread T1 (tid=7, running) created by
// main thread at:", with any indent.
inline bool is_thread_creation_header(std::string_view line) {
  size_t start = line.find_first_not_of(' ');
  if (start == std::string_view::npos) return false;
  line.remove_prefix(start);
  while (!line.empty() && (line.back() == '\n' || line.back() == ' ')) line.remove_suffix(1);
  return line.starts_with("Thread T") && line.find(" created by ") != std::string_view::npos &&
         line.ends_with(':');
}

// Fed complete lines (what the runner-frame cut left), returns what to
// print: everything but the runner's thread-start stanzas.
class ThreadStanzaFilter {
 public:
  // One or more complete lines.
  std::string lines(std::string_view text) {
    std::string out;
    for (size_t nl; (nl = text.find('\n')) != std::string_view::npos;) {
      out += line(text.substr(0, nl + 1));
      text.remove_prefix(nl + 1);
    }
    if (!text.empty()) out += line(text);
    return out;
  }

  // A stanza still open at the end is decided as if it had ended.
  std::string finish() {
    if (!in_stanza_) return "";
    in_stanza_ = false;
    return runner_only() ? "" : std::move(held_);
  }

 private:
  std::string line(std::string_view text) {
    if (in_stanza_) {
      std::string_view function = sanitizer_frame_function(text);
      if (!function.empty()) {
        held_ += text;
        if (function.find("pthread_create") != std::string_view::npos) saw_create_ = true;
        else if (!is_thread_start(function)) only_start_ = false;
        return "";
      }
      in_stanza_ = false;
      if (runner_only()) {
        held_.clear();
        if (text.find_first_not_of(" \n") == std::string_view::npos) return "";  // the stanza's blank line
        return line(text);
      }
      std::string out = std::move(held_);
      held_.clear();
      return out + line(text);
    }
    if (is_thread_creation_header(text)) {
      in_stanza_ = true;
      held_ = std::string(text);
      only_start_ = true;
      saw_create_ = false;
      return "";
    }
    return std::string(text);
  }

  // std::thread's frames between pthread_create and the function it runs,
  // or a frame without a name (libstdc++ has no symbols here).
  static bool is_thread_start(std::string_view function) {
    return function == " " || function.starts_with("std::thread::") ||
           function.starts_with("void std::thread::");
  }

  bool runner_only() const { return saw_create_ && only_start_; }

  std::string held_;  // the open stanza's lines
  bool in_stanza_ = false;
  bool only_start_ = true;   // no frame but pthread_create and std::thread's so far
  bool saw_create_ = false;  // pthread_create's frame seen (a symbolized stanza)
};

}  // namespace cxxtest::runtime
