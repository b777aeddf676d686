// driver/runner_frames.cpp: see runner_frames.h.
#include "driver/runner_frames.h"

#include "runtime/crash/runner_frame_names.h"
#include "runtime/crash/sanitizer_summary.h"

namespace cxxtest::driver {

namespace {

// A sanitizer's own frame or an allocator's, above the code that called it.
bool is_allocator_or_sanitizer(std::string_view function) {
  for (std::string_view f : {"__", "malloc", "calloc", "realloc", "free", "operator new", "operator delete"})
    if (function.starts_with(f)) return true;
  return false;
}

}  // namespace

std::string RunnerFrameFilter::line(std::string_view text) {
  std::string_view function = cxxtest::runtime::sanitizer_frame_function(text);
  if (function.empty()) {  // the stack, if any, ended
    if (text.find("ERROR: ") != std::string_view::npos && text.find("Sanitizer") != std::string_view::npos) {
      place_.clear();  // a new report: its first stack gives the place
      place_found_ = false;
    } else if (frames_ > 0 || cutting_ || whole_) {
      place_found_ = true;  // only the first stack's frames count
    }
    std::string out = std::move(held_) + cxxtest::runtime::summary_at_place(text, place_);
    held_.clear();
    frames_ = 0;
    cutting_ = whole_ = false;
    return out;
  }
  if (!place_found_ && place_.empty()) place_ = cxxtest::runtime::summary_place_of_frame(text);
  if (cutting_) return "";
  if (!whole_ && cxxtest::runtime::is_cxxtest_function(function)) {
    if (frames_ > 0) {
      held_.clear();
      cutting_ = true;
      return "";
    }
    if (cxxtest::runtime::is_input_copy(function)) {  // the block is the fuzz input: one line says so
      held_.clear();
      cutting_ = true;
      return std::string(text.substr(0, text.find('#'))) + std::string(cxxtest::runtime::kInputCopyNote) +
             "\n";
    }
    whole_ = true;  // the failure is in cxxtest itself
  }
  if (!is_allocator_or_sanitizer(function)) ++frames_;
  if (!whole_ && cxxtest::runtime::is_call_plumbing(function)) {
    held_ += text;
    return "";
  }
  std::string out = std::move(held_) + std::string(text);
  held_.clear();
  return out;
}

std::string RunnerFrameFilter::feed(std::string_view chunk) {
  std::string out;
  for (size_t nl; (nl = chunk.find('\n')) != std::string_view::npos;) {
    if (partial_.empty()) {
      out += stanzas_.lines(line(chunk.substr(0, nl + 1)));
    } else {
      partial_.append(chunk.substr(0, nl + 1));
      out += stanzas_.lines(line(partial_));
      partial_.clear();
    }
    chunk.remove_prefix(nl + 1);
  }
  partial_.append(chunk);
  return out;
}

std::string RunnerFrameFilter::finish() {
  std::string out = stanzas_.lines(held_ + partial_);
  out += stanzas_.finish();
  held_.clear();
  partial_.clear();
  frames_ = 0;
  cutting_ = whole_ = false;
  return out;
}

}  // namespace cxxtest::driver
