// rapid_json: the RapidJSON target (Debian rapidjson-dev).
#pragma once

#include <string_view>

namespace rapid_json {

// run parses `in` twice, strictly (recursive parser) and relaxed (iterative
// parser; comments, trailing commas, NaN/Infinity), and
// writes each document that parsed back out (compact, then pretty). Never
// fails; inputs over 4096 bytes return 0 at once.
int run(std::string_view in);

}  // namespace rapid_json
