// seeds.h: the seed inputs of every real-code target, in one place so all
// engines start from the same bytes: the cxxtest harnesses f.Add them, and
// ../libfuzzer/write_seeds.cc writes them as files for libFuzzer and AFL++.
#pragma once

#include <string_view>

namespace realcode {

// JSON documents for nlohmann_json, rapid_json and boost_json: every value
// kind, escapes, nesting, and (for the relaxed parsers) a comment and a
// trailing comma.
inline constexpr std::string_view json_seeds[] = {
    R"({"a": [1, 2.5e3, -0.1, true, false, null], "b": {"c": "d\u00e9\n"}})",
    R"([{"k": [1, {"x": null}]}, "s", 123456789012])",
    R"("str\t\"q\"")",
    "-12.5E-3",
    "/* c */ [1, 2, ]",
};

// Format strings for fmt_lib, formatted with the arguments fmt_lib.cpp passes.
// clang-format off
inline constexpr std::string_view fmt_seeds[] = {
    "{} {} {} {}",
    "{0:x} {1:e} {2:s} {3:c}",
    "{:#010b} {:+g} {:>8} {:^5}",
    "{:.{}f} {:<{}}",
    "{{}} {5} {4:*^12}",
};
// clang-format on

}  // namespace realcode
