#include "driver/discovery.h"

#include <sys/stat.h>
#include <charconv>
#include <iostream>
#include <map>
#include <thread>

#include "cachedir/cache.h"
#include "cachedir/sha256.h"
#include "driver/paths.h"
#include "driver/process.h"
#include "driver/shell.h"
#include "driver/text_lines.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

std::string stat_id(const fs::path& p) {
  struct stat st {};
  if (stat(p.c_str(), &st) != 0) return p.string() + " missing\n";
  return p.string() + " " + std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) +
         " " + std::to_string(st.st_size) + "\n";
}

// The discovery tool and the header it parses, stat'ed once per run.
const std::string& tool_stamp() {
  static const std::string stamp =
      stat_id(install_paths().discover_tool) + stat_id(install_paths().include_dir / "cxxtest" / "cxxtest.h");
  return stamp;
}

std::string cache_key(const DiscoveryJob& job) {
  cxxtest::cachedir::Sha256 h;
  h.update("cxxtest discover v1\n");
  h.update(tool_stamp());
  h.update(job.compiler + "\n");
  for (const auto& a : job.args) h.update(a + "\n");
  h.update(stat_id(job.file));
  for (const auto& hdr : job.headers) h.update(stat_id(hdr));
  return h.finish_hex();
}

std::vector<std::string_view> split_tabs(std::string_view line) {
  std::vector<std::string_view> out;
  for (size_t start = 0;;) {
    size_t tab = line.find('\t', start);
    out.push_back(line.substr(start, tab == std::string_view::npos ? tab : tab - start));
    if (tab == std::string_view::npos) return out;
    start = tab + 1;
  }
}

// The output lines belonging to one file, as cached.
std::string lines_for(const std::string& text, const fs::path& file) {
  std::string out;
  for_each_line(text, [&](std::string_view line) {
    auto f = split_tabs(line);
    if (f.size() == 5 && f[1] == file.string()) (out += line) += "\n";
  });
  return out;
}

int to_int(std::string_view text) {
  int n = 0;
  std::from_chars(text.data(), text.data() + text.size(), n);
  return n;
}

}  // namespace

void parse_discovery_output(const std::string& text, std::vector<DiscoveryJob*>& jobs) {
  for_each_line(text, [&](std::string_view line) {
    auto f = split_tabs(line);
    if (f.size() != 5) return;
    for (DiscoveryJob* job : jobs) {
      if (job->file.string() != f[1]) continue;
      if (f[0] == "error") {
        job->errors.push_back(std::string(f[1]) + ":" + std::string(f[2]) + ":" + std::string(f[3]) + ": " +
                              std::string(f[4]));
      } else if (f[0] == "test" || f[0] == "fuzz" || f[0] == "bench") {
        job->funcs.push_back(TestFunc{f[0] == "fuzz", std::string(f[4]), job->file, to_int(f[2]),
                                      to_int(f[3]), f[0] == "bench"});
      } else if (f[0] == "main") {
        TestFunc main{false, std::string(f[4]), job->file, to_int(f[2]), to_int(f[3])};
        main.test_main = true;
        job->funcs.push_back(std::move(main));
      }
    }
  });
}

Expected<bool> discover(std::vector<DiscoveryJob>& jobs, cxxtest::cachedir::Cache& cache,
                        bool print_commands) {
  // Group the cache misses by (compiler, args) so each group is one tool run.
  std::map<std::vector<std::string>, std::vector<std::pair<DiscoveryJob*, std::string>>> misses;
  for (auto& job : jobs) {
    std::string key = cache_key(job);
    if (auto hit = cache.get(cachedir::kDiscoverArea, key)) {
      std::vector<DiscoveryJob*> one{&job};
      parse_discovery_output(*hit, one);
      continue;
    }
    std::vector<std::string> group{job.compiler};
    group.insert(group.end(), job.args.begin(), job.args.end());
    misses[group].push_back({&job, key});
  }
  // Each group is split into one chunk per core, run concurrently: parsing
  // a test file costs about half a second, all of it in one process.
  struct Chunk {
    const std::vector<std::string>* group;
    std::vector<std::pair<DiscoveryJob*, std::string>> members;
    std::string out;
    ExitStatus status;
  };
  size_t cores = std::max(1u, std::thread::hardware_concurrency());
  std::vector<Chunk> chunks;
  for (auto& [group, members] : misses) {
    size_t n = std::min(cores, members.size());
    size_t first = chunks.size();
    for (size_t c = 0; c < n; ++c) chunks.push_back(Chunk{&group, {}, {}, {}});
    for (size_t i = 0; i < members.size(); ++i) chunks[first + i % n].members.push_back(members[i]);
  }
  std::vector<std::thread> threads;
  for (auto& chunk : chunks) {
    std::vector<std::string> argv{install_paths().discover_tool.string()};
    for (auto& [job, key] : chunk.members) argv.push_back(job->file.string());
    argv.push_back("--");
    argv.insert(argv.end(), chunk.group->begin(), chunk.group->end());
    if (print_commands) std::cerr << shell_join(argv) << "\n";
    threads.emplace_back([argv, &chunk] {
      ProcessOptions opts;
      opts.merge_stderr = false;
      chunk.status = run_process(argv, opts, &chunk.out);
    });
  }
  for (auto& t : threads) t.join();
  for (auto& chunk : chunks) {
    if (!chunk.status.ok())
      return Error{"test discovery failed (" + chunk.status.describe() + "): " + chunk.out};
    std::vector<DiscoveryJob*> chunk_jobs;
    for (auto& [job, key] : chunk.members) chunk_jobs.push_back(job);
    parse_discovery_output(chunk.out, chunk_jobs);
    for (auto& [job, key] : chunk.members)  // a lost entry is a later miss
      (void)cache.put(cachedir::kDiscoverArea, key, lines_for(chunk.out, job->file));
  }
  return true;
}

}  // namespace cxxtest::driver
