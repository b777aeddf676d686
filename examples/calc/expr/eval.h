// Evaluates integer arithmetic: + - * / and parentheses.
#pragma once

#include <optional>
#include <string_view>

namespace calc {

// The value of `text`, or nullopt if it is not a well-formed expression or
// divides by zero.
std::optional<long long> eval(std::string_view text);

}  // namespace calc
