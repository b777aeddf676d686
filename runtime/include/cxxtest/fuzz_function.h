// cxxtest/fuzz_function.h: the type-erased fuzz function behind F::Fuzz.
//
// make_fuzz_function(fn) deduces the parameters of fn (a lambda, function
// object or function pointer), checks at compile time that the first is
// `cxxtest::T&` and every other one is a fuzzable type (KindOf in value.h),
// and returns a FuzzFunction: the parameter kinds plus an invoker that
// converts a std::vector<Value> to those parameters and calls fn.
//
// Lifetime: std::string_view, std::span<const uint8_t> and const char*
// parameters point, under ASan or HWASan, into a heap copy made for the
// call, exactly as long as the input (const char*: and its NUL), as
// libFuzzer copies each input: a read one byte past the end lands in ASan's
// redzone, not in the spare capacity of the Value's std::string (other
// builds point into that string: see CXXTEST_INPUT_BLOCKS). They are valid
// only during the call.
// std::span parameters need C++20 (CXXTEST_HAS_SPAN).
#pragma once

#include <cxxtest/value.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

namespace cxxtest {

class T;

namespace internal {

// What the runtime keeps per fuzz target: the user's function object (owned,
// move-only) and a plain function-pointer thunk that converts the values and
// calls it. Not std::function: the thunk is instantiated in the user's
// translation unit under a cxxtest:: name, so the fuzz function's body,
// inlined into it, keeps its coverage counters (the noisy-code ignorelist
// drops everything mangled as std::), and a call costs one indirect jump.
// invoke requires values.size() == kinds.size() and values[i].kind == kinds[i].
struct FuzzFunction {
  using Thunk = void (*)(void* callable, T& t, const std::vector<Value>& values);

  std::vector<Kind> kinds;

  FuzzFunction() = default;
  FuzzFunction(FuzzFunction&& o) noexcept { *this = std::move(o); }
  FuzzFunction& operator=(FuzzFunction&& o) noexcept {
    if (this != &o) {
      reset();
      kinds = std::move(o.kinds);
      callable_ = std::exchange(o.callable_, nullptr);
      thunk_ = std::exchange(o.thunk_, nullptr);
      destroy_ = std::exchange(o.destroy_, nullptr);
    }
    return *this;
  }
  FuzzFunction(const FuzzFunction&) = delete;
  FuzzFunction& operator=(const FuzzFunction&) = delete;
  ~FuzzFunction() { reset(); }

  // Takes ownership of `callable` (allocated with new Fn).
  template <class Fn>
  void assign(Fn* callable, Thunk thunk) {
    reset();
    callable_ = callable;
    thunk_ = thunk;
    destroy_ = [](void* c) { delete static_cast<Fn*>(c); };
  }
  void invoke(T& t, const std::vector<Value>& values) const { thunk_(callable_, t, values); }
  explicit operator bool() const { return thunk_ != nullptr; }

 private:
  void reset() {
    if (destroy_) destroy_(callable_);
    callable_ = nullptr;
    thunk_ = nullptr;
    destroy_ = nullptr;
  }
  void* callable_ = nullptr;
  Thunk thunk_ = nullptr;
  void (*destroy_)(void*) = nullptr;
};

template <class Sig>
struct Signature {
  static constexpr bool known = false;
};
template <class R, class... A>
struct Signature<R(A...)> {
  static constexpr bool known = true;
  using Result = R;
  using Args = std::tuple<A...>;
};
template <class R, class... A>
struct Signature<R(A...) noexcept> : Signature<R(A...)> {};
template <class R, class... A>
struct Signature<R (*)(A...)> : Signature<R(A...)> {};
template <class R, class... A>
struct Signature<R (*)(A...) noexcept> : Signature<R(A...)> {};
template <class C, class R, class... A>
struct Signature<R (C::*)(A...)> : Signature<R(A...)> {};
template <class C, class R, class... A>
struct Signature<R (C::*)(A...) const> : Signature<R(A...)> {};
template <class C, class R, class... A>
struct Signature<R (C::*)(A...) noexcept> : Signature<R(A...)> {};
template <class C, class R, class... A>
struct Signature<R (C::*)(A...) const noexcept> : Signature<R(A...)> {};

template <class Fn, class = void>
struct SignatureOf : Signature<std::decay_t<Fn>> {};
template <class Fn>
struct SignatureOf<Fn, std::void_t<decltype(&remove_cvref_t<Fn>::operator())>>
    : Signature<decltype(&remove_cvref_t<Fn>::operator())> {};

// The parameter of type P (cv-ref stripped) for a Value of KindOf<P>, for
// the types that own their value; view types are ExactArg's.
template <class P>
P value_as(const Value& v) {
  if constexpr (std::is_same_v<P, std::vector<uint8_t>>) {
    return P(v.bytes.begin(), v.bytes.end());
  } else if constexpr (std::is_same_v<P, std::string>) {
    return v.bytes;
  } else {
    return v.template scalar<P>();
  }
}

// One parameter's value for the call: P itself, converted by value_as.
template <class P>
struct Arg {
  explicit Arg(const Value& v) : value(value_as<P>(v)) {}
  P value;
};

// Whether view parameters get a heap block of their own: only where a
// sanitizer checks heap bounds (ASan, HWASan), the builds that can see a
// read past the end. Elsewhere a copy would cost an allocation and a copy
// per execution (a fifth of a small target's rate) and show nothing.
#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(hwaddress_sanitizer)
#define CXXTEST_INPUT_BLOCKS 1
#endif
#endif
#if !defined(CXXTEST_INPUT_BLOCKS) && defined(__SANITIZE_ADDRESS__)
#define CXXTEST_INPUT_BLOCKS 1
#endif
#ifndef CXXTEST_INPUT_BLOCKS
#define CXXTEST_INPUT_BLOCKS 0
#endif

// A view parameter (std::string_view, std::span<const uint8_t>, const
// char*). Under ASan or HWASan: over its own heap block of exactly the
// input's bytes (a C string: plus its NUL), so a read past the end is
// reported (libFuzzer's copy). Elsewhere: over the Value's bytes, whose
// std::string ends in a NUL for const char*.
template <class P>
struct ExactArg {
  explicit ExactArg(const Value& v)
      : owned(CXXTEST_INPUT_BLOCKS ? copy(v.bytes) : nullptr),
        value(view(owned ? owned.get() : v.bytes.c_str(), v.bytes.size())) {}
  static std::unique_ptr<char[]> copy(const std::string& bytes) {
    std::unique_ptr<char[]> p(new char[bytes.size() + (std::is_same_v<P, const char*> ? 1 : 0)]);
    if (!bytes.empty()) std::memcpy(p.get(), bytes.data(), bytes.size());
    if constexpr (std::is_same_v<P, const char*>) p[bytes.size()] = '\0';
    return p;
  }
  static P view(const char* p, size_t size) {
    if constexpr (std::is_same_v<P, const char*>) {
      return p;
    } else if constexpr (std::is_same_v<P, std::string_view>) {
      return std::string_view(p, size);
    } else {
      return P(reinterpret_cast<const uint8_t*>(p), size);
    }
  }
  std::unique_ptr<char[]> owned;
  P value;
};
template <>
struct Arg<std::string_view> : ExactArg<std::string_view> {
  using ExactArg::ExactArg;
};
template <>
struct Arg<const char*> : ExactArg<const char*> {
  using ExactArg::ExactArg;
};
#if CXXTEST_HAS_SPAN
template <>
struct Arg<std::span<const uint8_t>> : ExactArg<std::span<const uint8_t>> {
  using ExactArg::ExactArg;
};
#endif

template <class Fn, class... P, size_t... I>
void invoke_with(Fn& fn, T& t, const std::vector<Value>& values, std::index_sequence<I...>) {
  // Materialized first, so that `P&` and `const P&` parameters bind to lvalues.
  std::tuple<Arg<remove_cvref_t<P>>...> args{Arg<remove_cvref_t<P>>(values[I])...};
  fn(t, std::get<I>(args).value...);
}

// The thunk FuzzFunction calls: converts the values, then calls the function.
template <class Fn, class... P>
void call_fuzz_function(void* callable, T& t, const std::vector<Value>& values) {
  invoke_with<Fn, P...>(*static_cast<Fn*>(callable), t, values, std::index_sequence_for<P...>{});
}

template <class Fn, class First, class... P>
FuzzFunction make_fuzz_function_from(Fn&& fn, std::tuple<First, P...>*) {
  static_assert(std::is_same_v<First, T&>,
                "cxxtest: the first parameter of the fuzz function must be cxxtest::T&");
  static_assert((KindOfDecayed<P>::supported && ...),
                "cxxtest: a fuzz function parameter has a type cxxtest cannot fuzz; "
                "supported: std::vector<uint8_t>, std::span<const uint8_t> (C++20), std::string, "
                "std::string_view, const char*, bool, char, integers, char32_t, float, double");
  FuzzFunction f;
  if constexpr (std::is_same_v<First, T&> && (KindOfDecayed<P>::supported && ...)) {
    f.kinds = {KindOfDecayed<P>::value...};
    using Callable = std::decay_t<Fn>;
    f.assign(new Callable(std::forward<Fn>(fn)), &call_fuzz_function<Callable, P...>);
  }
  return f;
}

template <class Fn>
FuzzFunction make_fuzz_function_from(Fn&&, std::tuple<>*) {
  return {};  // already rejected by make_fuzz_function's static_assert
}

template <class Fn>
FuzzFunction make_fuzz_function(Fn&& fn) {
  using Sig = SignatureOf<Fn>;
  static_assert(Sig::known,
                "cxxtest: F::Fuzz needs a lambda, function object or function pointer "
                "(a generic lambda's parameters cannot be deduced)");
  if constexpr (Sig::known) {
    static_assert(std::is_void_v<typename Sig::Result>, "cxxtest: the fuzz function must not return a value");
    static_assert(std::tuple_size_v<typename Sig::Args> >= 2,
                  "cxxtest: the fuzz function needs at least two parameters, the first "
                  "cxxtest::T&");
    return make_fuzz_function_from(std::forward<Fn>(fn), static_cast<typename Sig::Args*>(nullptr));
  } else {
    return {};
  }
}

}  // namespace internal
}  // namespace cxxtest
