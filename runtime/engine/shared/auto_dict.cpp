// engine/shared/auto_dict.cpp: see auto_dict.h.
#include "engine/shared/auto_dict.h"

#include <algorithm>

#include "cachedir/atomic_file.h"
#include "fuzz/dictionary.h"

namespace cxxtest::runtime::engine {

void write_learned(const ShmView& shm, const std::vector<std::string>& tokens) {
  auto* out = reinterpret_cast<uint8_t*>(shm.report());
  size_t n = 0;
  for (const std::string& t : tokens) {
    if (t.empty() || t.size() > kMaxTokenBytes || n + 1 + t.size() > kReportCap) continue;
    out[n++] = uint8_t(t.size());
    std::copy(t.begin(), t.end(), out + n);
    n += t.size();
  }
  shm.header().learned_len = uint32_t(n);
}

std::vector<std::string> read_learned(const ShmView& shm) {
  const auto* in = reinterpret_cast<const uint8_t*>(shm.report());
  size_t len = std::min<size_t>(shm.header().learned_len, kReportCap);
  std::vector<std::string> out;
  for (size_t i = 0; i < len;) {
    size_t n = in[i++];
    if (n == 0 || i + n > len) break;
    out.emplace_back(reinterpret_cast<const char*>(in + i), n);
    i += n;
  }
  return out;
}

AutoDict::AutoDict(std::filesystem::path file) : file_(std::move(file)) {
  fuzz::DictError err;
  if (!fuzz::load_dictionary(file_, tokens_, err)) tokens_.clear();
}

Status AutoDict::add(const std::vector<std::string>& tokens) {
  bool grew = false;
  for (const std::string& t : tokens) {
    if (tokens_.size() >= kMaxAutoTokens) break;
    if (t.empty() || t.size() > kMaxTokenBytes) continue;
    if (std::find(tokens_.begin(), tokens_.end(), t) != tokens_.end()) continue;
    tokens_.push_back(t);
    grew = true;
  }
  if (!grew) return {};
  std::string text =
      "# cxxtest's automatic dictionary: values the target compared its input\n"
      "# against that led to new coverage. Copy to testdata/fuzz/ to keep them.\n";
  for (const std::string& t : tokens_) text += fuzz::quote_dictionary_value(t) + "\n";
  std::error_code ec;
  std::filesystem::create_directories(file_.parent_path(), ec);
  return cachedir::write_atomic(file_, text);
}

}  // namespace cxxtest::runtime::engine
