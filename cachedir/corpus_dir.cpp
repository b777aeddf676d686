// corpus_dir.cpp: naming, writing and listing generated corpus files.
#include "cachedir/corpus_dir.h"

#include <algorithm>
#include <system_error>

#include "cachedir/atomic_file.h"
#include "cachedir/cache.h"
#include "cachedir/sha256.h"

namespace cxxtest::cachedir {

namespace fs = std::filesystem;

fs::path package_corpus_root(const fs::path& root, std::string_view import_path) {
  return root / kFuzzArea / import_path;
}

bool in_fuzz_area(const fs::path& root, const fs::path& dir) {
  fs::path rel = dir.lexically_normal().lexically_relative((root / kFuzzArea).lexically_normal());
  return !rel.empty() && *rel.begin() != ".." && *rel.begin() != ".";
}

fs::path target_corpus_dir(const fs::path& package_corpus_root, std::string_view target) {
  return package_corpus_root / target;
}

fs::path auto_dict_path(const fs::path& corpus_dir) {
  fs::path dir = corpus_dir;
  if (!dir.has_filename()) dir = dir.parent_path();  // "<target>/" names the same corpus
  return dir.string() + ".dict";
}

fs::path testdata_corpus_dir(const fs::path& package_dir, std::string_view target) {
  return package_dir / "testdata" / "fuzz" / target;
}

fs::path testdata_dict_path(const fs::path& package_dir, std::string_view target) {
  return auto_dict_path(testdata_corpus_dir(package_dir, target));
}

std::string corpus_entry_name(std::string_view data) { return sha256_hex(data).substr(0, 16); }

Expected<std::string> write_corpus_entry(const fs::path& dir, std::string_view data) {
  std::string name = corpus_entry_name(data);
  fs::path file = dir / name;
  if (Expected<std::string> old = read_file(file); old && *old == data) return name;
  if (Status written = write_atomic(file, data); !written) return Error{written.error()};
  return name;
}

Expected<std::vector<fs::path>> list_corpus_entries(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::string name = it->path().filename().string();
    std::error_code type_ec;
    if (name.starts_with(".") || is_temp_name(name) || !it->is_regular_file(type_ec)) continue;
    files.push_back(it->path());
  }
  if (ec && ec != std::errc::no_such_file_or_directory)
    return Error{"read directory " + dir.string() + ": " + ec.message()};
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace cxxtest::cachedir
