#include "compare_hooks.h"

namespace cxxtest::intercept {

BytesHook bytes_hook = nullptr;

}  // namespace cxxtest::intercept
