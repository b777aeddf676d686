#include "driver/archive_symbols.h"

#include <cstdint>
#include <cstring>
#include <fstream>

namespace cxxtest::driver {

namespace {

constexpr size_t kHeader = 60;  // one member header: name[16] date[12] uid[6] gid[6] mode[8] size[10] fmag[2]

uint64_t big_endian(const char* p, size_t width) {
  uint64_t v = 0;
  for (size_t i = 0; i < width; ++i) v = v << 8 | static_cast<unsigned char>(p[i]);
  return v;
}

}  // namespace

std::optional<std::vector<std::string>> archive_symbols(const std::filesystem::path& archive) {
  std::ifstream in(archive, std::ios::binary);
  char magic[8];
  if (!in.read(magic, 8) ||
      (std::memcmp(magic, "!<arch>\n", 8) != 0 && std::memcmp(magic, "!<thin>\n", 8) != 0))
    return std::nullopt;
  char header[kHeader];
  if (!in.read(header, kHeader)) return std::nullopt;
  std::string name(header, 16);
  size_t width = name.compare(0, 2, "/ ") == 0 ? 4 : name.compare(0, 8, "/SYM64/ ") == 0 ? 8 : 0;
  if (width == 0) return std::nullopt;
  uint64_t size = std::strtoull(std::string(header + 48, 10).c_str(), nullptr, 10);
  if (size < width || size > (uint64_t{1} << 31)) return std::nullopt;
  std::string table(size, '\0');
  if (!in.read(table.data(), static_cast<std::streamsize>(size))) return std::nullopt;
  uint64_t count = big_endian(table.data(), width);
  if (count > size / width) return std::nullopt;
  size_t at = width + count * width;  // past the count and the member offsets
  std::vector<std::string> out;
  out.reserve(count);
  for (uint64_t i = 0; i < count && at < table.size(); ++i) {
    size_t end = table.find('\0', at);
    if (end == std::string::npos) end = table.size();
    out.push_back(table.substr(at, end - at));
    at = end + 1;
  }
  return out;
}

bool archive_defines(const std::filesystem::path& archive, const std::string& symbol) {
  auto symbols = archive_symbols(archive);
  if (!symbols) return false;
  for (const auto& s : *symbols)
    if (s == symbol) return true;
  return false;
}

}  // namespace cxxtest::driver
