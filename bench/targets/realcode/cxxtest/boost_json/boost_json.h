// boost_json: the Boost.JSON target (Debian libboost-json1.81-dev, header-only).
#pragma once

#include <string_view>

namespace boost_json {

// run parses `in` strictly and relaxed (comments, trailing commas, invalid
// UTF-8), each into a monotonic resource; serializes the value that parsed
// and parses the text again. Never fails; inputs over 4096 bytes return 0.
int run(std::string_view in);

}  // namespace boost_json
