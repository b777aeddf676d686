// engine/shared/auto_dict.h: the automatic dictionary. Tokens a worker learned
// from the target's comparisons (guidance.h) that went into an input with
// new coverage are worth keeping across runs: the coordinator stores them
// per target beside its generated corpus, as
//
//   <fuzz cache dir>/<import path>/FuzzXxx.dict    (corpus: .../FuzzXxx/)
//
// in the .dict format (fuzz/dictionary.h), so a user can copy it to
// testdata/fuzz/FuzzXxx.dict. Workers load it with the target's own
// dictionary; `cxxtest clean -fuzzcache` removes it with the corpus.
//
// Transport: with a NewCoverage reply the worker leaves the credited tokens
// in the report area of shared memory, each as one length byte and its
// bytes, header.learned_len bytes in all.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include "cachedir/corpus_dir.h"
#include "engine/shared/shm.h"

namespace cxxtest::runtime::engine {

inline constexpr size_t kMaxAutoTokens = 256;  // kept per target
inline constexpr size_t kMaxTokenBytes = 64;   // longer tokens are not kept

// The dictionary file of the target whose corpus dir is `corpus_dir`.
using cachedir::auto_dict_path;

// Worker side: leaves `tokens` (those that fit) for the coordinator.
void write_learned(const ShmView& shm, const std::vector<std::string>& tokens);
// Coordinator side: the tokens of the last NewCoverage reply.
std::vector<std::string> read_learned(const ShmView& shm);

class AutoDict {
 public:
  // Loads `file` if it exists; a malformed file starts over empty (it is
  // only a cache).
  explicit AutoDict(std::filesystem::path file);

  // Adds the tokens not yet known (up to kMaxAutoTokens in all) and, when
  // any was new, rewrites the file atomically.
  Status add(const std::vector<std::string>& tokens);

  const std::vector<std::string>& tokens() const { return tokens_; }

 private:
  std::filesystem::path file_;
  std::vector<std::string> tokens_;
};

}  // namespace cxxtest::runtime::engine
