// nlohmann_json: the nlohmann/json target (Debian nlohmann-json3-dev).
#pragma once

#include <string_view>

namespace nlohmann_json {

// run parses `in` as JSON without exceptions; when it parses, serializes it
// and parses the text again. Independently decodes `in` as CBOR. Never
// fails (the library's exceptions are caught); returns a number that depends on the results so nothing is
// optimized away. Inputs over 4096 bytes return 0 at once (all real-code
// targets do this, as libFuzzer's default -max_len).
int run(std::string_view in);

}  // namespace nlohmann_json
