// write_seeds DIR KIND: writes the seeds of KIND ("json" or "fmt", from
// ../cxxtest/seeds.h) to DIR/seed-N, one file per seed, for libFuzzer and
// AFL++. Exit status 2 on a usage or I/O error.
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "seeds.h"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: write_seeds DIR json|fmt\n");
    return 2;
  }
  std::string_view kind = argv[2];
  std::span<const std::string_view> seeds = realcode::json_seeds;
  if (kind == "fmt") seeds = realcode::fmt_seeds;
  for (size_t i = 0; i < seeds.size(); i++) {
    std::string path = std::string(argv[1]) + "/seed-" + std::to_string(i);
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (!f || std::fwrite(seeds[i].data(), 1, seeds[i].size(), f) != seeds[i].size() || std::fclose(f) != 0) {
      std::fprintf(stderr, "write_seeds: cannot write %s\n", path.c_str());
      return 2;
    }
  }
  return 0;
}
