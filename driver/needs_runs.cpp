#include "driver/needs_runs.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <set>
#include <sstream>

#include "runtime/corpus/corpus_v1.h"
#include "runtime/flags/matcher.h"

namespace cxxtest::driver {

namespace fs = std::filesystem;
using cxxtest::instrument::Variant;
using cxxtest::runtime::Filter;
using cxxtest::runtime::Matcher;

namespace {

// Every distinct needs set of the package's testdata/fuzz/<target>/ files
// that `matcher` selects.
std::set<std::string> needs_in(const fs::path& pkg_dir, Matcher& matcher) {
  std::set<std::string> out;
  std::error_code ec;
  for (fs::directory_iterator t(pkg_dir / "testdata" / "fuzz", ec), end; !ec && t != end; t.increment(ec)) {
    if (!t->is_directory(ec)) continue;
    for (fs::directory_iterator f(t->path(), ec), fend; !ec && f != fend; f.increment(ec)) {
      if (!f->is_regular_file(ec)) continue;
      std::string name = t->path().filename().string() + "/" + f->path().filename().string();
      if (!matcher.full_name(nullptr, name).ok) continue;
      if (std::string n = cxxtest::corpus::needs_of_file(f->path()); !n.empty()) out.insert(n);
    }
  }
  return out;
}

// "-asan -ubsan" as a plain variant; false if a word is not a sanitizer flag.
bool variant_of(const std::string& needs, Variant& v) {
  std::istringstream words(needs);
  for (std::string w; words >> w;) {
    Variant one;
    if (w.size() < 2 || w[0] != '-' || !cxxtest::instrument::apply_variant_flag(one, w.substr(1)) ||
        one.sanitizers == cxxtest::instrument::kNoSanitizer)
      return false;
    v.sanitizers |= one.sanitizers;
  }
  return v.sanitizers != cxxtest::instrument::kNoSanitizer;
}

}  // namespace

std::vector<NeedsGroup> needs_groups(const Plan& plan, const Variant& current, const std::string& run,
                                     const std::string& skip) {
  std::vector<NeedsGroup> groups;
  Filter run_filter, skip_filter;
  std::string err;  // both were checked when the flags were parsed
  compile_filter(run, "-test.run", run_filter, err);
  compile_filter(skip, "-test.skip", skip_filter, err);
  for (size_t i = 0; i < plan.packages.size(); ++i) {
    const PackagePlan& p = plan.packages[i];
    if (!p.has_tests() || !p.errors.empty()) continue;
    Matcher matcher(run_filter, skip_filter);
    for (const std::string& needs : needs_in(p.pkg->dir, matcher)) {
      Variant v;
      if (!variant_of(needs, v) || !cxxtest::instrument::check_variant(v).empty()) {
        std::cerr << "cxxtest: warning: " << p.pkg->import_path
                  << ": testdata/fuzz inputs say '// needs: " << needs
                  << "', which is not a build cxxtest can make: not run\n";
        continue;
      }
      if ((current.sanitizers & v.sanitizers) == v.sanitizers) continue;  // this run's build has them
      auto g =
          std::find_if(groups.begin(), groups.end(), [&](const NeedsGroup& x) { return x.needs == needs; });
      if (g == groups.end()) g = groups.insert(groups.end(), NeedsGroup{needs, v, {}});
      g->packages.push_back(i);
    }
  }
  return groups;
}

std::string needs_trailer(const std::string& needs) { return " [inputs that need " + needs + "]"; }

std::string without_needs_trailer(const std::vector<std::string>& needs) {
  std::string list;
  for (const std::string& n : needs) list += (list.empty() ? "" : ", ") + n;
  return " [without inputs that need " + list + "]";
}

}  // namespace cxxtest::driver
