// crash/raw_writer.h: formatted output for signal handlers: a fixed buffer
// flushed with write(2); no allocation, no locks, no stdio.
#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

namespace cxxtest::runtime {

class RawWriter {
 public:
  explicit RawWriter(int fd) : fd_(fd) {}
  ~RawWriter() { flush(); }
  RawWriter(const RawWriter&) = delete;
  RawWriter& operator=(const RawWriter&) = delete;

  RawWriter& str(std::string_view s) {
    for (char c : s) put(c);
    return *this;
  }
  RawWriter& spaces(int n) {
    while (n-- > 0) put(' ');
    return *this;
  }
  RawWriter& dec(uint64_t v) {
    char digits[24];
    int n = 0;
    do digits[n++] = char('0' + v % 10);
    while (v /= 10);
    while (n > 0) put(digits[--n]);
    return *this;
  }
  RawWriter& hex(uint64_t v) {
    char digits[20];
    int n = 0;
    do digits[n++] = "0123456789abcdef"[v % 16];
    while (v /= 16);
    str("0x");
    while (n > 0) put(digits[--n]);
    return *this;
  }
  // Seconds with two decimals and the unit: "1.25s".
  RawWriter& seconds(int64_t nanos) {
    if (nanos < 0) nanos = 0;
    int64_t centis = (nanos + 5'000'000) / 10'000'000;
    dec(uint64_t(centis / 100)).put('.');
    put(char('0' + centis % 100 / 10));
    return put(char('0' + centis % 10)).put('s');
  }
  RawWriter& put(char c) {
    if (len_ == sizeof buf_) flush();
    buf_[len_++] = c;
    return *this;
  }
  void flush() {
    size_t off = 0;
    while (off < len_) {
      ssize_t n = ::write(fd_, buf_ + off, len_ - off);
      if (n <= 0) break;
      off += size_t(n);
    }
    len_ = 0;
  }

 private:
  int fd_;
  size_t len_ = 0;
  char buf_[4096];
};

}  // namespace cxxtest::runtime
