// The flags and help texts of cxxtest export, cxxtest corpus and cxxtest
// init -clusterfuzzlite (their commands: export.cpp, corpus_command.cpp,
// init_cflite.cpp).
#include <iostream>

#include "cachedir/location.h"
#include "driver/export.h"
#include "instrument/variant.h"

namespace cxxtest::driver {

namespace {

// The sanitizer flags `corpus decode` takes, as cxxtest spells them.
struct SanitizerFlag {
  const char* name;
  unsigned bit;
};
constexpr SanitizerFlag kSanitizerFlags[] = {
    {"asan", cxxtest::instrument::kAddress},
    {"ubsan", cxxtest::instrument::kUndefined},
    {"race", cxxtest::instrument::kThread},
    {"msan", cxxtest::instrument::kMemory},
};

}  // namespace

Expected<SubOptions> parse_sub_options(const std::string& command, const std::vector<std::string>& args) {
  SubOptions o;
  for (size_t i = 0; i < args.size(); ++i) {
    std::string a = args[i];
    if (a.size() < 2 || a[0] != '-' || a == "--") {
      o.words.push_back(a);
      continue;
    }
    std::string name = a.substr(a[1] == '-' ? 2 : 1), value;
    size_t eq = name.find('=');
    bool has_value = eq != std::string::npos;
    if (has_value) {
      value = name.substr(eq + 1);
      name.resize(eq);
    }
    if (name == "x") {
      o.print_commands = true;
      continue;
    }
    bool sanitizer = false;
    for (const auto& f : kSanitizerFlags)
      if (name == f.name && command.starts_with("corpus ") && !has_value) {
        o.sanitizers |= f.bit;
        sanitizer = true;
      }
    if (sanitizer) continue;
    bool known = name == "o" || name == "C" || name == "fuzz" || name == "p" ||
                 (name == "fuzzcachedir" && command == "corpus import");
    if (!known) return Error{command + ": flag provided but not defined: -" + name};
    if (!has_value) {
      if (i + 1 == args.size()) return Error{command + ": flag needs an argument: -" + name};
      value = args[++i];
    }
    if (name == "o") o.out = value;
    else if (name == "C") o.dir = value;
    else if (name == "fuzz") o.fuzz = value;
    else if (name == "fuzzcachedir") {
      if (value.empty()) return Error{command + ": -fuzzcachedir needs a directory"};
      o.fuzzcachedir = value;
    } else {
      try {
        o.jobs = std::stoi(value);
      } catch (...) {
        return Error{command + ": invalid value \"" + value + "\" for flag -p"};
      }
    }
  }
  return o;
}

Exit sub_fail(const std::string& message) {
  std::cerr << "cxxtest: " << message << "\n";
  return Exit::Usage;
}

Expected<std::unique_ptr<cxxtest::cachedir::Cache>> open_cache_dir() {
  auto root = cxxtest::cachedir::cache_root();
  if (!root) return Error{root.error()};
  auto cache = std::make_unique<cxxtest::cachedir::Cache>(*root);
  if (Status opened = cache->open(); !opened) return Error{"cache " + root->string() + ": " + opened.error()};
  return cache;
}

void help_export() {
  std::cout << "usage: cxxtest export [-o DIR] [-C DIR] [-x] [-p N] [packages]\n\n"
               "Export writes every fuzz test of the packages as a libFuzzer-ABI binary into\n"
               "DIR (default $OUT), for OSS-Fuzz, ClusterFuzzLite, libFuzzer or AFL++:\n\n"
               "  NAME                  defines LLVMFuzzerTestOneInput, calls FuzzXxx's fuzz function\n"
               "  NAME_seed_corpus.zip  the f.Add seeds and testdata/fuzz/FuzzXxx/ files, as raw inputs\n"
               "  NAME.dict             f.Dict, testdata/fuzz/FuzzXxx.dict and the learned tokens\n"
               "  NAME.options          [libfuzzer] timeout = 10, rss_limit_mb = 2048, dict\n\n"
               "NAME is FuzzXxx for the module's root package, else the package directory with\n"
               "every character but letters and digits turned into '_', then '_FuzzXxx'\n"
               "(parser/json: parser_json_FuzzParse).\n\n"
               "Everything is compiled with $CC/$CXX and $CFLAGS/$CXXFLAGS and linked with\n"
               "$LIB_FUZZING_ENGINE, as OSS-Fuzz sets them; unset, they are clang, clang++,\n"
               "'-g -O1 -fno-omit-frame-pointer -fsanitize=fuzzer-no-link' (plus\n"
               "-fsanitize=$SANITIZER for address, undefined, memory or thread) and\n"
               "-fsanitize=fuzzer. The cxxtest runtime is compiled from source the same way but\n"
               "without coverage, and without cxxtest's own engine, coverage callbacks and\n"
               "comparison interceptors, which would clash with the engine's. The [deps] the\n"
               "targets use are built again by their own build systems with the same\n"
               "compilers and flags, so the engine's coverage and sanitizer reach into them.\n\n"
               "The input's bytes become the fuzz function's arguments like this (the raw\n"
               "mapping, also used by 'cxxtest corpus' and -fuzzimport):\n"
               "  - one bytes-like argument (bytes, std::string, std::string_view, const char*,\n"
               "    std::span<const uint8_t>): the input, unchanged;\n"
               "  - otherwise, first every scalar argument in order, little endian at its full\n"
               "    width (bool 1 byte, low bit; char, int8_t, uint8_t 1; int16_t, uint16_t 2;\n"
               "    int, uint32_t, char32_t, float 4; int64_t, uint64_t, double 8; floats as\n"
               "    IEEE bits; missing bytes at the end of a short input are zero), then every\n"
               "    bytes-like argument in order: each but the last as a LEB128 length and that\n"
               "    many bytes, the last one taking the rest.\n\n"
               "A failing input (t.Error, t.Fatal, an uncaught exception) prints the test's log\n"
               "to stderr and aborts, which the engine records as a crash; 'cxxtest corpus\n"
               "decode' turns the crash file into a testdata/ reproducer.\n";
}

void help_corpus() {
  std::cout
      << "usage: cxxtest corpus decode [-fuzz FuzzXxx] [-o DIR] [-asan] [-ubsan] [-msan] [-race]\n"
         "                             PACKAGE FILE...\n"
         "       cxxtest corpus encode [-fuzz FuzzXxx] [-o DIR] [-asan...] PACKAGE [FILE...]\n"
         "       cxxtest corpus import [-fuzz FuzzXxx] [-fuzzcachedir DIR] [-asan...] PACKAGE DIR...\n\n"
         "Corpus converts inputs between the raw files of libFuzzer, AFL++, OSS-Fuzz and\n"
         "ClusterFuzzLite (crash files, corpus directories) and cxxtest's 'cxxtest fuzz\n"
         "v1' files, with the raw mapping 'cxxtest help export' describes. -fuzz names the\n"
         "fuzz test (needed when the package has several); PACKAGE is ./dir or '.'.\n\n"
         "  decode  raw files (or directories of them) to v1 files in the package's\n"
         "          testdata/fuzz/FuzzXxx/ (or -o DIR), named by their hash; a plain\n"
         "          'cxxtest' run then runs each as FuzzXxx/<name>. With -asan (-ubsan,\n"
         "          -msan, -race), for crash files of a sanitizer build: each file says\n"
         "          '// needs: -asan', so a plain 'cxxtest' run runs it in that build\n"
         "  encode  v1 files (default: all of testdata/fuzz/FuzzXxx/) to raw files in -o DIR\n"
         "          (default: the current directory), same names\n"
         "  import  a whole libFuzzer/AFL++ corpus directory into the generated corpus in\n"
         "          the cache dir, where the next -fuzz run starts from it (for AFL++,\n"
         "          name its queue/ directory); with -fuzzcachedir DIR, into DIR/FuzzXxx/,\n"
         "          where a -fuzz run given the same -fuzzcachedir starts from it\n\n"
         "Inputs already present are not written again. Relative paths are relative to\n"
         "where cxxtest runs.\n\n"
         "Each links a small tool from the package's test code, in the build the\n"
         "sanitizer flags name; without them, in the plain build, unless the module's\n"
         "[deps] are so far built only for a sanitizer (fuzzing with -asan built them):\n"
         "then in that build, so no library is built again only to convert files.\n";
}

}  // namespace cxxtest::driver
