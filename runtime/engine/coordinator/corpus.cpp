// engine/coordinator/corpus.cpp: see corpus.h.
#include "engine/coordinator/corpus.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include "cachedir/corpus_dir.h"
#include "corpus/corpus_v1.h"
#include "testing/fuzz_target.h"

namespace cxxtest::runtime::engine {
namespace fs = std::filesystem;

bool Corpus::add(Entry e) { return add(std::move(e), 1); }

bool Corpus::add(Entry e, uint32_t new_counters) {
  if (e.data.empty()) e.data = corpus::encode(e.values);
  if (!seen_.insert(e.data).second) return false;
  entries_.push_back(std::move(e));
  stats_.push_back(Stats{std::max<uint32_t>(1, new_counters), 0, 0});
  stale_ = true;
  return true;
}

double Corpus::weight(size_t i) const {
  const Stats& s = stats_[i];
  if (s.excluded) return 0;
  // Caps keep one entry from taking every pick: coverage counts up to 64
  // counters, finds up to 16.
  double coverage =
      1.0 + (s.rarity >= 0 ? std::min<double>(s.rarity, 64) : std::min<uint32_t>(s.new_counters, 64));
  double productive = 1.0 + 2.0 * std::min<uint32_t>(s.finds, 16);
  // Length does not weigh: the bugs behind a size gate (a serializer's 4 KiB
  // buffer, say) are reached only from the long entries, and a short entry
  // that has the same features replaces a long one anyway (Outcome::Reduced).
  return coverage * productive / std::sqrt(1.0 + s.picked);
}

size_t Corpus::pick(uint64_t random) {
  size_t i = 0;
  if (featured_ >= featured_at_update_ + std::max<size_t>(16, featured_at_update_ / 16)) update_rarity();
  while (unpicked_ < entries_.size() && stats_[unpicked_].picked > 0) ++unpicked_;
  if (unpicked_ < entries_.size()) {
    i = unpicked_;
  } else {
    // The draw is 53 random bits as a fraction of the total weight.
    if (stale_) rebuild_weights();
    double total = 0;
    for (size_t k = entries_.size(); k > 0; k -= k & (~k + 1)) total += tree_[k];
    i = find_weight(double(random >> 11) * (1.0 / 9007199254740992.0) * total);
  }
  ++stats_[i].picked;
  reweigh(i);
  return i;
}

void Corpus::exclude(size_t i) {
  stats_[i].excluded = true;
  stats_[i].picked = std::max<uint32_t>(stats_[i].picked, 1);  // not among the unpicked, drawn first
  reweigh(i);
}

void Corpus::rebuild_weights() {
  size_t n = entries_.size();
  weights_.resize(n);
  tree_.assign(n + 1, 0.0);
  for (size_t k = 1; k <= n; ++k) {
    weights_[k - 1] = weight(k - 1);
    tree_[k] += weights_[k - 1];
    size_t up = k + (k & (~k + 1));
    if (up <= n) tree_[up] += tree_[k];
  }
  stale_ = false;
}

void Corpus::reweigh(size_t i) {
  if (stale_ || i >= weights_.size()) return;  // the next build weighs it
  double w = weight(i);
  double delta = w - weights_[i];
  weights_[i] = w;
  for (size_t k = i + 1; k < tree_.size(); k += k & (~k + 1)) tree_[k] += delta;
}

size_t Corpus::find_weight(double at) const {
  size_t n = entries_.size(), pos = 0;
  for (size_t step = std::bit_floor(n); step > 0; step >>= 1) {
    if (pos + step <= n && tree_[pos + step] <= at) {
      pos += step;
      at -= tree_[pos];
    }
  }
  return std::min(pos, n - 1);
}

void Corpus::set_own(size_t i, std::vector<KeepWord> words) {
  if (own_.size() <= i) own_.resize(i + 1);
  own_[i] = std::move(words);
}

std::span<const KeepWord> Corpus::own(size_t i) const {
  return i < own_.size() ? std::span<const KeepWord>(own_[i]) : std::span<const KeepWord>();
}

bool Corpus::reducible(size_t i) const {
  Source s = entries_[i].source;
  return (s == Source::Generated || s == Source::Cache) && !own(i).empty();
}

bool Corpus::replace(size_t i, std::vector<Value> values) {
  std::string data = corpus::encode(values);
  if (seen_.count(data)) return false;
  Entry& e = entries_[i];
  seen_.erase(e.data);
  seen_.insert(data);
  e.values = std::move(values);
  e.data = std::move(data);
  e.name = cachedir::corpus_entry_name(e.data);
  reweigh(i);  // shorter: weighs more
  return true;
}

void Corpus::set_new_counters(size_t i, uint32_t n) {
  if (i >= stats_.size()) return;
  stats_[i].new_counters = std::max<uint32_t>(1, n);
  reweigh(i);
}

void Corpus::set_features(size_t i, const uint8_t* snap, size_t size) {
  if (i >= stats_.size()) return;
  if (stats_[i].rarity >= 0) return;  // recorded already
  features_.resize(entries_.size());
  std::vector<uint32_t>& f = features_[i];
  for (size_t k = 0; k < size; ++k) {
    if (snap[k] == 0) continue;
    uint32_t id = uint32_t(k * 8 + size_t(std::countr_zero(snap[k])));
    f.push_back(id);
    if (holders_.size() <= id) holders_.resize(size * 8);
    ++holders_[id];
  }
  stats_[i].rarity = rarity_of(f);
  ++featured_;
  reweigh(i);
}

float Corpus::rarity_of(const std::vector<uint32_t>& features) const {
  float r = 0;
  for (uint32_t id : features) r += 1.0f / float(holders_[id]);
  return r;
}

// Features get more holders as the corpus grows: every entry's rarity is
// computed again once the featured entries grew by a sixteenth.
void Corpus::update_rarity() {
  for (size_t i = 0; i < features_.size(); ++i) {
    if (stats_[i].rarity >= 0) stats_[i].rarity = rarity_of(features_[i]);
  }
  featured_at_update_ = featured_;
  stale_ = true;
}

void Corpus::credit(size_t i) {
  if (i >= stats_.size()) return;
  ++stats_[i].finds;
  reweigh(i);
}

std::vector<Entry> seed_entries(const std::vector<std::vector<Value>>& seeds) {
  std::vector<Entry> out;
  for (size_t i = 0; i < seeds.size(); ++i)
    out.push_back(Entry{seeds[i], corpus::encode(seeds[i]), "seed#" + std::to_string(i), Source::Seed});
  return out;
}

Expected<std::vector<Entry>> testdata_entries(const std::string& target, std::span<const Kind> kinds) {
  std::vector<std::string> files;
  std::error_code ec;
  fs::path dir = cachedir::testdata_corpus_dir("", target);
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    if (it->is_directory(ec)) continue;
    // A FIFO's read would block forever: only regular files are inputs.
    if (it->is_regular_file(ec)) files.push_back(it->path().filename().string());
    else std::fprintf(stderr, "note: %s is not a regular file: skipped\n", it->path().c_str());
  }
  std::sort(files.begin(), files.end());
  std::vector<Entry> out;
  for (const std::string& file : files) {
    std::string path = (dir / file).string();
    Entry e{{}, {}, file, Source::Testdata};
    corpus::DecodeError derr;
    if (!corpus::decode_file(path, e.values, derr)) return Error{corpus::where(path, derr) + derr.message};
    std::string mismatch = check_corpus_entry(e.values, kinds);
    if (!mismatch.empty()) return Error{path + ": " + mismatch};
    e.data = corpus::encode(e.values);
    out.push_back(std::move(e));
  }
  return out;
}

std::vector<Entry> cache_entries(const fs::path& dir, std::span<const Kind> kinds) {
  std::vector<Entry> out;
  auto files = cachedir::list_corpus_entries(dir);
  if (!files) return out;
  for (const fs::path& file : *files) {
    Entry e{{}, {}, file.filename().string(), Source::Cache};
    corpus::DecodeError derr;
    if (!corpus::decode_file(file, e.values, derr)) {
      // Never written by cxxtest (its writes are atomic): a torn or foreign file.
      std::fprintf(stderr, "warning: generated corpus file %s%s: %s: skipped\n", file.c_str(),
                   derr.line > 0 ? (":" + std::to_string(derr.line)).c_str() : "", derr.message.c_str());
      continue;
    }
    if (!check_corpus_entry(e.values, kinds).empty()) continue;  // the target's arguments changed
    e.data = corpus::encode(e.values);
    out.push_back(std::move(e));
  }
  return out;
}

Entry zero_entry(std::span<const Kind> kinds) {
  Entry e;
  for (Kind k : kinds) e.values.push_back(Value::zero(k));
  e.data = corpus::encode(e.values);
  e.name = "zero";
  e.source = Source::Zero;
  return e;
}

}  // namespace cxxtest::runtime::engine
