// Header-only mode: this is the one translation unit that compiles Boost.JSON
// (BOOST_JSON_STANDALONE is gone from 1.81; src.hpp is the supported way).
#include "boost_json/boost_json.h"

#include <boost/json/src.hpp>

namespace boost_json {

namespace {

// round_trip: 1 when `v` serializes to text that parses to an equal value.
int round_trip(const boost::json::value& v) {
  boost::json::error_code ec;
  auto again = boost::json::parse(boost::json::serialize(v), ec);
  return !ec && again == v ? 1 : 2;
}

}  // namespace

int run(std::string_view in) {
  if (in.size() > 4096) return 0;
  boost::json::string_view text(in.data(), in.size());
  int r = 0;
  boost::json::error_code ec;
  boost::json::monotonic_resource strict_mr;
  auto strict = boost::json::parse(text, ec, &strict_mr);
  if (!ec) r += round_trip(strict);
  boost::json::parse_options relaxed;
  relaxed.allow_comments = true;
  relaxed.allow_trailing_commas = true;
  relaxed.allow_invalid_utf8 = true;
  boost::json::monotonic_resource loose_mr;
  auto loose = boost::json::parse(text, ec, &loose_mr, relaxed);
  if (!ec) r += round_trip(loose);
  return r;
}

}  // namespace boost_json
