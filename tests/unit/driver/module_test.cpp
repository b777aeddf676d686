#include <doctest/doctest.h>

#include <unistd.h>
#include <filesystem>
#include <fstream>

#include "driver/include_graph.h"
#include "driver/module.h"

using namespace cxxtest::driver;
namespace fs = std::filesystem;

namespace {

// A scratch module under /tmp, removed when the test passes.
struct Scratch {
  fs::path root = fs::temp_directory_path() / ("cxxtest-module-test-" + std::to_string(getpid()));
  Scratch() {
    fs::remove_all(root);
    fs::create_directories(root);
  }
  ~Scratch() { fs::remove_all(root); }
  void write(const std::string& rel, const std::string& text) {
    fs::create_directories((root / rel).parent_path());
    std::ofstream(root / rel) << text;
  }
};

Config config_at(const fs::path& root) {
  auto c = parse_config("[module]\nname = \"example.com/m\"\n", root / "cxxtest.toml");
  REQUIRE(c.ok());
  return *c;
}

std::map<std::string, Package> packages_of(const fs::path& root) {
  std::map<std::string, Package> by_dir;
  for (auto& p : scan_packages(config_at(root))) by_dir[p.rel_dir] = p;
  return by_dir;
}

std::vector<std::string> linked_dirs(IncludeGraph& g, const Package& pkg,
                                     const std::map<std::string, Package>& all) {
  std::vector<std::string> out;
  for (const Package* p : g.link_set(pkg, pkg.test_files, all)) out.push_back(p->rel_dir);
  return out;
}

}  // namespace

TEST_CASE("packages, patterns and the transitive link set") {
  Scratch s;
  s.write("cxxtest.toml", "[module]\nname = \"example.com/m\"\n");
  s.write("a/a.h", "#include \"b/b.h\"\n");
  s.write("a/a.cpp", "#include \"a/a.h\"\n");
  s.write("a/a_test.cpp", "#include <cxxtest/cxxtest.h>\n#include \"a.h\"\n");
  s.write("b/b.h", "int b();\n");
  s.write("b/b.cpp", "#include \"b/b.h\"\n  #  include \"c/c.h\"\n");
  s.write("c/c.h", "int c();\n");
  s.write("c/c.cpp", "#include \"c/c.h\"\n");
  s.write("d/d.cpp", "int d;\n");
  s.write("testdata/x.cpp", "");
  s.write("_skip/x.cpp", "");
  s.write("nested/cxxtest.toml", "");
  s.write("nested/n.cpp", "");
  s.write("build/CMakeCache.txt", "");
  s.write("build/CMakeFiles/id/CMakeCCompilerId.c", "int main(void) { return 0; }\n");
  Config c = config_at(s.root);

  auto all = scan_packages(c);
  std::vector<std::string> dirs;
  for (const auto& p : all) dirs.push_back(p.rel_dir);
  CHECK(dirs == std::vector<std::string>{"a", "b", "c", "d"});
  CHECK(all[0].import_path == "example.com/m/a");
  CHECK(all[0].test_files.size() == 1);
  CHECK(all[0].sources.size() == 1);

  auto matched = match_packages(c, {"./..."}, s.root);
  REQUIRE(matched.ok());
  CHECK(matched->size() == 4);
  auto one = match_packages(c, {"."}, s.root / "b");
  REQUIRE(one.ok());
  CHECK(one->at(0).rel_dir == "b");
  CHECK(match_packages(c, {"example.com/m/c"}, s.root)->at(0).rel_dir == "c");
  CHECK(match_packages(c, {"./nope"}, s.root).error() ==
        "pattern ./nope: matched no packages (in " + (s.root / "nope").string() + ")");
  CHECK(match_packages(c, {"./nope/..."}, s.root).error() ==
        "pattern ./nope/...: matched no packages (in " + (s.root / "nope").string() + "/...)");
  CHECK(match_packages(c, {"../.."}, s.root).error().find("outside the module") != std::string::npos);

  std::map<std::string, Package> by_dir;
  for (const auto& p : all) by_dir[p.rel_dir] = p;
  IncludeGraph g(s.root, {s.root}, s.root / "scan.txt");
  std::vector<std::string> linked;
  for (const Package* p : g.link_set(by_dir["a"], by_dir["a"].test_files, by_dir))
    linked.push_back(p->rel_dir);
  CHECK(linked == std::vector<std::string>{"a", "b", "c"});
  g.save();
  CHECK(fs::exists(s.root / "scan.txt"));
  IncludeGraph again(s.root, {s.root}, s.root / "scan.txt");
  CHECK(again.link_set(by_dir["c"], {}, by_dir).size() == 1);
}

TEST_CASE("C sources are sources; exclude globs leave files and directories out") {
  Scratch s;
  s.write("cxxtest.toml",
          "[module]\nname = \"example.com/m\"\nexclude = [\"tools\", \"lib/gen_*.c\"]\n"
          "[package.\"lib\"]\nexclude = [\"old/**\", \"demo.cpp\"]\n");
  s.write("lib/a.c", "int a;\n");
  s.write("lib/b.cxx", "int b;\n");
  s.write("lib/demo.cpp", "int main() { return 0; }\n");
  s.write("lib/gen_table.c", "int t;\n");
  s.write("lib/old/x.c", "int x;\n");
  s.write("tools/main.c", "int main(void) { return 0; }\n");
  auto c = load_config(s.root / "cxxtest.toml");
  REQUIRE(c.ok());
  auto all = scan_packages(*c);
  REQUIRE(all.size() == 1);
  CHECK(all[0].rel_dir == "lib");
  std::vector<std::string> names;
  for (const auto& f : all[0].sources) names.push_back(f.filename().string());
  CHECK(names == std::vector<std::string>{"a.c", "b.cxx"});
  CHECK(is_c_source("x/a.c"));
  CHECK_FALSE(is_c_source("x/a.cpp"));
}

TEST_CASE("a header in a directory without sources is implemented by its same-stem source") {
  Scratch s;
  s.write("cxxtest.toml", "[module]\nname = \"example.com/m\"\n");
  s.write("include/lib/parser.h", "int parse();\n");
  s.write("include/lib/all.h", "#include \"lib/parser.h\"\n");
  s.write("src/parser.cpp", "#include \"lib/parser.h\"\nint parse() { return 1; }\n");
  s.write("util/tool.cpp", "#include \"lib/parser.h\"\nint main() { return parse(); }\n");
  s.write("fuzz/f_test.cpp", "#include <cxxtest/cxxtest.h>\n#include \"lib/all.h\"\n");
  Config c = config_at(s.root);
  auto by_dir = packages_of(s.root);
  IncludeGraph g(s.root, {s.root, s.root / "include"}, "");
  CHECK(linked_dirs(g, by_dir["fuzz"], by_dir) == std::vector<std::string>{"fuzz", "src"});
  CHECK(g.entry_points(s.root / "util/tool.cpp") == kMainEntry);
  CHECK(g.entry_points(s.root / "src/parser.cpp") == 0);
  CHECK(g.includes_cxxtest(s.root / "fuzz/f_test.cpp"));
  CHECK_FALSE(g.includes_cxxtest(s.root / "src/parser.cpp"));

  IncludeGraph declared(s.root, {s.root, s.root / "include"}, "");
  declared.set_header_packages({{"include/lib", "util"}});
  CHECK(linked_dirs(declared, by_dir["fuzz"], by_dir) == std::vector<std::string>{"fuzz", "util"});
}

TEST_CASE("program entry points are found by a textual look") {
  CHECK(program_entries("int main(int argc, char** argv) {\n}\n") == kMainEntry);
  CHECK(program_entries("int\nmain (void)\n{\n  return 0;\n}\n") == kMainEntry);
  CHECK(
      program_entries("extern \"C\" int LLVMFuzzerTestOneInput(const uint8_t* d, size_t n) { return 0; }") ==
      kFuzzerEntry);
  CHECK(program_entries("int main(int, char**);\n") == 0);
  CHECK(program_entries("int domain(int x) { return x; }\n") == 0);
  CHECK(program_entries("return main(1, 0);\n") == 0);
}

TEST_CASE("a harness's main() under a preprocessor conditional does not make it a program") {
  std::string harness = "extern \"C\" int LLVMFuzzerTestOneInput(const uint8_t* d, size_t n) { return 0; }\n";
  CHECK(program_entries(harness + "#ifdef MAIN\nint main(int argc, char** argv) {\n}\n#endif\n") ==
        kFuzzerEntry);
  CHECK(program_entries(harness + "#  if defined(STANDALONE)\n#include <x.h>\nint main() { }\n#endif\n") ==
        kFuzzerEntry);
  // Closed before main(): main() is unconditional.
  CHECK(program_entries("#ifdef X\n#endif\n" + harness + "int main() { return 0; }\n") ==
        (kFuzzerEntry | kMainEntry));
  CHECK(program_entries(harness + "int main() { return 0; }\n") == (kFuzzerEntry | kMainEntry));
  // A program that is no harness stays one, conditional or not.
  CHECK(program_entries("#ifndef _WIN32\nint main() { return 0; }\n#endif\n") == kMainEntry);
}

TEST_CASE("include directives") {
  auto d = scan_include_directives(
      "#include \"a.h\"\n# include <b/c.h>\n// #include \"no.h\"\nint x;\n#define X\n");
  CHECK(d == std::vector<std::string>{"\"a.h", "<b/c.h"});
}

TEST_CASE("find_module_root walks up") {
  Scratch s;
  s.write("cxxtest.toml", "");
  s.write("x/y/z.cpp", "");
  CHECK(*find_module_root(s.root / "x" / "y") == s.root);
  CHECK_FALSE(find_module_root("/").ok());
}

TEST_CASE("includes resolve against the file's directory, then the search dirs") {
  Scratch t;
  const std::pair<const char*, const char*> files[] = {
      {"top.h", "int top();\n"},
      {"top.cpp", "#include \"top.h\"\n"},
      {"a/a_test.cpp",
       "#include \"../b/b.h\"\n#include \"inc.h\"\n#include <vector>\n#include \"/usr/include/stdio.h\"\n"},
      {"b/b.h", "#include \"top.h\"\n"},
      {"b/b.cpp", "int b;\n"},
      {"include/inc.h", "int inc();\n"},
      {"c/c.cpp", "int c;\n"},
  };
  for (const auto& [rel, text] : files) t.write(rel, text);
  auto all = packages_of(t.root);
  IncludeGraph g(t.root, {t.root, t.root / "include"}, "");
  auto direct = g.direct_includes(t.root / "a" / "a_test.cpp");
  // "../b/b.h" comes out normalized; <vector> and /usr/include are not module files.
  CHECK(direct == std::vector<fs::path>{t.root / "b" / "b.h", t.root / "include" / "inc.h"});
  // b.h reaches top.h at the root: the root package (".") is linked too;
  // include/ holds no sources, so it is no package.
  CHECK(linked_dirs(g, all.at("a"), all) == std::vector<std::string>{".", "a", "b"});
  // Asked again, the remembered answers give the same set.
  CHECK(linked_dirs(g, all.at("a"), all) == std::vector<std::string>{".", "a", "b"});
  CHECK(linked_dirs(g, all.at("c"), all) == std::vector<std::string>{"c"});
  auto reach = g.reachable({t.root / "a" / "a_test.cpp"});
  CHECK(reach == std::set<fs::path>{t.root / "b" / "b.h", t.root / "include" / "inc.h", t.root / "top.h"});
}

TEST_CASE("a rebuilt graph sees an edited include through its scan cache") {
  Scratch t;
  t.write("a/a_test.cpp", "#include \"b/b.h\"\n");
  for (std::string name : {"b", "c"}) {  // two packages, each a header and a source
    t.write(name + "/" + name + ".h", "int " + name + "();\n");
    t.write(name + "/" + name + ".cpp", "int " + name + "() { return 1; }\n");
  }
  auto all = packages_of(t.root);
  fs::path cache = t.root / "scan.txt";
  {
    IncludeGraph g(t.root, {t.root}, cache);
    CHECK(linked_dirs(g, all.at("a"), all) == std::vector<std::string>{"a", "b"});
    g.save();
  }
  // Same size, new text: the mtime tells the graph to rescan.
  fs::path test = t.root / "a" / "a_test.cpp";
  t.write("a/a_test.cpp", "#include \"c/c.h\"\n");
  fs::last_write_time(test, fs::last_write_time(test) + std::chrono::seconds(5));
  IncludeGraph again(t.root, {t.root}, cache);
  CHECK(linked_dirs(again, all.at("a"), all) == std::vector<std::string>{"a", "c"});
}
