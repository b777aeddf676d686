#include "rapid_json/rapid_json.h"

#include <rapidjson/document.h>
#include <rapidjson/prettywriter.h>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

namespace rapid_json {

namespace {

// Not kParseFullPrecisionFlag: Debian's RapidJSON 1.1.0 reads out of bounds
// in StrtodDiyFp with it (a long mantissa; libFuzzer finds it in ~20 s), and
// a crash would end a libFuzzer or cxxtest session but not an AFL++ one.
constexpr unsigned relaxed = rapidjson::kParseIterativeFlag | rapidjson::kParseCommentsFlag |
                             rapidjson::kParseTrailingCommasFlag | rapidjson::kParseNanAndInfFlag;

using Buffer = rapidjson::StringBuffer;

// written: the length of `doc` as written by a writer of type W.
template <typename W>
int written(const rapidjson::Document& doc) {
  Buffer buf;
  W w(buf);
  doc.Accept(w);
  return static_cast<int>(buf.GetSize());
}

}  // namespace

int run(std::string_view in) {
  if (in.size() > 4096) return 0;
  int r = 0;
  rapidjson::Document strict;
  strict.Parse(in.data(), in.size());
  if (!strict.HasParseError()) r += written<rapidjson::Writer<Buffer>>(strict);
  rapidjson::Document loose;
  loose.Parse<relaxed>(in.data(), in.size());
  if (!loose.HasParseError()) r += written<rapidjson::PrettyWriter<Buffer>>(loose);
  return r;
}

}  // namespace rapid_json
