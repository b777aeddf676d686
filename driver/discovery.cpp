#include "driver/discovery.h"

#include <iostream>
#include <map>
#include <sstream>
#include <thread>
#include <sys/stat.h>

#include "cachedir/sha256.h"
#include "driver/paths.h"
#include "driver/process.h"
#include "driver/shell.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;

namespace {

constexpr const char* kArea = "discover";

std::string stat_id(const fs::path& p) {
  struct stat st{};
  if (stat(p.c_str(), &st) != 0) return p.string() + " missing\n";
  return p.string() + " " + std::to_string(st.st_mtim.tv_sec) + "." + std::to_string(st.st_mtim.tv_nsec) +
         " " + std::to_string(st.st_size) + "\n";
}

std::string cache_key(const DiscoveryJob& job) {
  cxxtest::cachedir::Sha256 h;
  h.update("cxxtest discover v1\n");
  h.update(stat_id(install_paths().discover_tool));
  h.update(stat_id(install_paths().include_dir / "cxxtest" / "cxxtest.h"));
  h.update(job.compiler + "\n");
  for (const auto& a : job.args) h.update(a + "\n");
  h.update(stat_id(job.file));
  for (const auto& hdr : job.headers) h.update(stat_id(hdr));
  return h.finish_hex();
}

std::vector<std::string> split_tabs(const std::string& line) {
  std::vector<std::string> out;
  std::stringstream ss(line);
  std::string f;
  while (std::getline(ss, f, '\t')) out.push_back(f);
  return out;
}

// The output lines belonging to one file, as cached.
std::string lines_for(const std::string& text, const fs::path& file) {
  std::string out, line;
  std::stringstream ss(text);
  while (std::getline(ss, line)) {
    auto f = split_tabs(line);
    if (f.size() == 5 && f[1] == file.string()) out += line + "\n";
  }
  return out;
}

}  // namespace

void parse_discovery_output(const std::string& text, std::vector<DiscoveryJob*>& jobs) {
  std::stringstream ss(text);
  std::string line;
  while (std::getline(ss, line)) {
    auto f = split_tabs(line);
    if (f.size() != 5) continue;
    for (DiscoveryJob* job : jobs) {
      if (job->file.string() != f[1]) continue;
      if (f[0] == "error") {
        job->errors.push_back(f[1] + ":" + f[2] + ":" + f[3] + ": " + f[4]);
      } else if (f[0] == "test" || f[0] == "fuzz") {
        job->funcs.push_back(TestFunc{f[0] == "fuzz", f[4], job->file, std::stoi(f[2]), std::stoi(f[3])});
      }
    }
  }
}

Expected<bool> discover(std::vector<DiscoveryJob>& jobs, cxxtest::cachedir::Cache& cache, bool print_commands) {
  // Group the cache misses by (compiler, args) so each group is one tool run.
  std::map<std::vector<std::string>, std::vector<std::pair<DiscoveryJob*, std::string>>> misses;
  for (auto& job : jobs) {
    std::string key = cache_key(job);
    if (auto hit = cache.get(kArea, key)) {
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
    for (auto& [job, key] : chunk.members) cache.put(kArea, key, lines_for(chunk.out, job->file));
  }
  return true;
}

}  // namespace cxxtest::driver
