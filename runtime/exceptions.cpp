// exceptions.cpp: see exceptions.h.
#include "exceptions.h"

#include <cxxabi.h>

#include <cstdlib>
#include <exception>
#include <typeinfo>

#include "test_state.h"

namespace cxxtest::runtime {

std::string demangle(const char* mangled) {
  int status = 0;
  char* s = abi::__cxa_demangle(mangled, nullptr, nullptr, &status);
  std::string out = status == 0 && s ? s : mangled;
  std::free(s);
  return out;
}

std::string describe_current_exception() {
  std::type_info* type = abi::__cxa_current_exception_type();
  if (!type) return "";
  std::string out = demangle(type->name());
  try {
    throw;
  } catch (const std::exception& e) {
    out += ": ";
    out += e.what();
  } catch (...) {
  }
  return out;
}

void run_guarded(TestState& t, const std::function<void()>& fn) {
  try {
    fn();
  } catch (const StopTest&) {
  } catch (abi::__forced_unwind&) {
    throw;
  } catch (...) {
    log_panic(t, "uncaught exception " + describe_current_exception());
  }
}

}  // namespace cxxtest::runtime
