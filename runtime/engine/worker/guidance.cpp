#include "engine/worker/guidance.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "engine/worker/cmp_table.h"
#include "intercept/compare_hooks.h"

namespace cxxtest::runtime::engine {

namespace {

// One slot per (hashed) call site, operands and compared length. The
// operands' first bytes are part of the key, as libFuzzer keys its table of
// recent compares by value: a parser looking a tag up in a table runs one
// memcmp call site in a loop, and keyed by site alone each compare
// overwrote the last, so only the table's last tag was learned (and under
// ASan every memcmp arrives with one pc, its interceptor's: libpng's 24
// chunk-name compares taught one name). A site comparing the same operands
// keeps overwriting its own slot. Keying by length too keeps the
// long comparisons, the valuable ones, from being overwritten by the many
// short ones: `std::string(s) == "open sesame!"` compares min(|s|, 12)
// bytes, so most executions compare a short prefix of the literal and only
// the rare long input compares all of it. Torn slots (another thread
// writing) only cost a useless token.
//
// The site is the pc's offset in the executable, not the pc: with ASLR the
// pc's low bits above the page offset change from run to run, and with them
// which sites share a slot, so a solvable literal was lost in some runs and
// not others (script/fuzz_cmp_string failed 3 runs in 7). Slots are paired
// (2-way): a site and length reuse their own slot, and a newcomer evicts the
// shorter of the two, so a rare long compare survives a hot short one.
struct BytesSlot {
  uint64_t site = 0;  // offset ^ operands hash ^ length << 48; 0: empty
  uint8_t len_a = 0, len_b = 0;
  uint8_t a[cxxtest::intercept::kMaxReported];
  uint8_t b[cxxtest::intercept::kMaxReported];
};
constexpr size_t kBytesSlots = 128;  // a power of two
BytesSlot g_bytes[kBytesSlots];
bool g_in_input = false;  // Guidance::input_started / input_ended

}  // namespace
}  // namespace cxxtest::runtime::engine

// The start of the executable's image (GNU ld and lld define it).
extern "C" char __executable_start;

namespace cxxtest::runtime::engine {
namespace {

// FNV-1a over up to 8 bytes of each operand, in the bits below the length's.
uint64_t operands_hash(const uint8_t* a, size_t na, const uint8_t* b, size_t nb) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < na && i < 8; ++i) h = (h ^ a[i]) * 1099511628211ull;
  for (size_t i = 0; i < nb && i < 8; ++i) h = (h ^ b[i]) * 1099511628211ull;
  return h & 0xffffffffffull;
}

BytesSlot& slot_for(uint64_t site, size_t len) {
  size_t key = site ^ (site >> 7) ^ (len * 0x9e3779b97f4a7c15ull >> 40);
  BytesSlot& first = g_bytes[key & (kBytesSlots - 1)];
  BytesSlot& second = g_bytes[(key ^ 1) & (kBytesSlots - 1)];
  if (first.site == site) return first;
  if (second.site == site) return second;
  size_t first_len = std::max(first.len_a, first.len_b), second_len = std::max(second.len_a, second.len_b);
  return first_len <= second_len ? first : second;
}

constexpr size_t kMaxTokens = 512;  // dictionary + learned, per refresh

void add_unique(std::vector<std::string>& out, std::string token) {
  if (token.empty() || out.size() >= kMaxTokens) return;
  if (std::find(out.begin(), out.end(), token) == out.end()) out.push_back(std::move(token));
}

// An integer operand as the bytes it has in memory (little-endian), which is
// how it most likely appears in a byte input.
std::string le_bytes(uint64_t v, uint32_t size) {
  std::string s(size, '\0');
  for (uint32_t i = 0; i < size; ++i) s[i] = static_cast<char>(v >> (8 * i));
  return s;
}

std::string be_bytes(uint64_t v, uint32_t size) {
  std::string s = le_bytes(v, size);
  std::reverse(s.begin(), s.end());
  return s;
}

constexpr size_t kMaxPairs = 512;  // per refresh

void add_pair(std::vector<std::pair<std::string, std::string>>& out, std::string a, std::string b) {
  if (a.empty() || b.empty() || a == b || out.size() >= kMaxPairs) return;
  out.emplace_back(std::move(a), std::move(b));
}

// The process's environment strings, as a few address ranges: getenv()
// on every input (libjpeg-turbo's JPEGMEM) compares the name with each
// environment entry through an intercepted strncmp, and those entries,
// never the input, became "learned" tokens: half of libjpeg's dictionary,
// and the user's environment (PWD=..., tokens) in a file that says to copy
// it into testdata. Set once, before inputs run; entries set later (setenv)
// are not covered.
constexpr size_t kEnvRanges = 8;
struct AddressRange {
  uintptr_t lo = 0, hi = 0;
};
AddressRange g_env[kEnvRanges];
size_t g_env_count = 0;

void learn_environment() {
  std::vector<AddressRange> strings;
  for (char** e = environ; e && *e; ++e) {
    uintptr_t p = reinterpret_cast<uintptr_t>(*e);
    strings.push_back({p, p + std::strlen(*e) + 1});
  }
  std::sort(strings.begin(), strings.end(),
            [](const AddressRange& x, const AddressRange& y) { return x.lo < y.lo; });
  g_env_count = 0;
  for (const AddressRange& r : strings) {
    // Strings back to back (the initial block on the stack) are one range;
    // a gap between them (setenv's, on the heap) holds other memory.
    if (g_env_count > 0 && r.lo <= g_env[g_env_count - 1].hi) {
      g_env[g_env_count - 1].hi = std::max(g_env[g_env_count - 1].hi, r.hi);
    } else if (g_env_count < kEnvRanges) {
      g_env[g_env_count++] = r;
    }
  }
}

bool in_environment(const uint8_t* p) {
  uintptr_t at = reinterpret_cast<uintptr_t>(p);
  for (size_t i = 0; i < g_env_count; ++i)
    if (at >= g_env[i].lo && at < g_env[i].hi) return true;
  return false;
}

}  // namespace

void record_bytes_compare(uintptr_t pc, const uint8_t* a, size_t na, const uint8_t* b, size_t nb) {
  if (!g_in_input) return;
  if (in_environment(a) || in_environment(b)) return;
  na = std::min(na, cxxtest::intercept::kMaxReported);
  nb = std::min(nb, cxxtest::intercept::kMaxReported);
  size_t len = std::max(na, nb);
  uint64_t site = ((pc - reinterpret_cast<uintptr_t>(&__executable_start)) ^ operands_hash(a, na, b, nb)) ^
                  (static_cast<uint64_t>(len) << 48);
  BytesSlot& s = slot_for(site, len);
  s.site = site;
  // Plain loops: this runs inside the intercepted memcmp and must not call it.
  for (size_t i = 0; i < na; ++i) s.a[i] = a[i];
  for (size_t i = 0; i < nb; ++i) s.b[i] = b[i];
  s.len_a = static_cast<uint8_t>(na);
  s.len_b = static_cast<uint8_t>(nb);
}

void recent_byte_operands(std::vector<std::string>& out) {
  for (const BytesSlot& s : g_bytes) {
    add_unique(out, std::string(reinterpret_cast<const char*>(s.a), s.len_a));
    add_unique(out, std::string(reinterpret_cast<const char*>(s.b), s.len_b));
  }
}

void recent_byte_pairs(std::vector<std::pair<std::string, std::string>>& out) {
  for (const BytesSlot& s : g_bytes) {
    add_pair(out, std::string(reinterpret_cast<const char*>(s.a), s.len_a),
             std::string(reinterpret_cast<const char*>(s.b), s.len_b));
  }
}

Guidance::Guidance(std::vector<std::string> dict, bool learn) : dict_(std::move(dict)), learn_(learn) {
  tokens_.reserve(kMaxTokens);
  refresh();
}

void Guidance::input_started() { g_in_input = true; }
void Guidance::input_ended() { g_in_input = false; }

void Guidance::start_recording() {
  if (!learn_) return;
  learn_environment();
  cxxtest::intercept::bytes_hook = record_bytes_compare;
}

void Guidance::refresh() {
  tokens_.clear();
  ints_.clear();
  pairs_.clear();
  for (const auto& d : dict_) add_unique(tokens_, d);
  learned_begin_ = tokens_.size();
  if (!learn_) return;
  recent_byte_operands(tokens_);
  recent_byte_pairs(pairs_);
  const CmpEntry* table = cmp_table();
  for (size_t i = 0; i < kCmpSlots; ++i) {
    const CmpEntry& e = table[i];
    if (e.size == 0) continue;
    if (e.size > 1 && e.a != e.b) {
      add_pair(pairs_, le_bytes(e.a, e.size), le_bytes(e.b, e.size));
      add_pair(pairs_, be_bytes(e.a, e.size), be_bytes(e.b, e.size));
    }
    for (uint64_t v : {e.a, e.b}) {
      if (std::find(ints_.begin(), ints_.end(), v) == ints_.end()) ints_.push_back(v);
      // Single bytes and zeros are what the byte mutators already try.
      if (e.size > 1 && v > 0xff) add_unique(tokens_, le_bytes(v, e.size));
    }
  }
}

std::vector<std::string> Guidance::credited(const std::vector<Value>& before,
                                            const std::vector<Value>& after) const {
  std::vector<std::string> out;
  for (size_t arg = 0; arg < after.size(); ++arg) {
    const Value& v = after[arg];
    if (v.kind != Kind::Bytes && v.kind != Kind::String) continue;
    std::string_view old = arg < before.size() ? std::string_view(before[arg].bytes) : std::string_view();
    for (size_t t = learned_begin_; t < tokens_.size(); ++t) {
      const std::string& token = tokens_[t];
      if (token.size() < 2) continue;  // one byte: what the byte mutators try anyway
      if (std::string_view(v.bytes).find(token) == std::string_view::npos) continue;
      if (old.find(token) != std::string_view::npos) continue;
      add_unique(out, token);
    }
  }
  return out;
}

}  // namespace cxxtest::runtime::engine
