// expected.h: the one error style of cxxtest's libraries (C++20 has no
// std::expected). A function that can fail returns Expected<T>, either a
// value or an Error, or Status (Expected<void>) when success carries no
// value. The message is meant for the user and already holds its location
// ("cxxtest.toml:3:8: ...", "open /x: No such file or directory") when
// there is one; callers add context, never parse it.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace cxxtest {

struct Error {
  std::string message;
};

template <class T>
class [[nodiscard]] Expected {
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
  const T& operator*() const { return value(); }
  // The message; only valid when !ok().
  const std::string& error() const { return std::get<1>(v_).message; }
  // As std::expected's: equal when it holds a value equal to `v`.
  template <class U>
  friend bool operator==(const Expected& e, const U& v) {
    return e.ok() && e.value() == v;
  }

 private:
  std::variant<T, Error> v_;
};

// Success (default-constructed) or an Error.
template <>
class [[nodiscard]] Expected<void> {
 public:
  Expected() = default;
  Expected(Error error) : error_(std::move(error.message)), failed_(true) {}
  bool ok() const { return !failed_; }
  explicit operator bool() const { return ok(); }
  // The message; only valid when !ok().
  const std::string& error() const { return error_; }

 private:
  std::string error_;
  bool failed_ = false;
};

using Status = Expected<void>;

}  // namespace cxxtest
