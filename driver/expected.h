// A minimal expected-style result (C++20 has no std::expected): either a
// value or an error message meant for the user, already including its
// location ("cxxtest.toml:3:8: ...") when there is one.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace cxxtest::driver {

struct Error {
  std::string message;
};

template <class T>
class Expected {
 public:
  Expected(T value) : v_(std::move(value)) {}
  Expected(Error error) : v_(std::move(error)) {}
  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  T& value() { return std::get<0>(v_); }
  const T& value() const { return std::get<0>(v_); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  T& operator*() { return value(); }
  const std::string& error() const { return std::get<1>(v_).message; }

 private:
  std::variant<T, Error> v_;
};

// Exit codes of the cxxtest command.
enum class Exit : int { Ok = 0, Failed = 1, Usage = 2, Race = 66 };

}  // namespace cxxtest::driver
