// link_hints_test.cpp: advice after a failed link (driver/link_hints.h).
#include "driver/link_hints.h"

#include <doctest/doctest.h>

using cxxtest::driver::missing_library;
using cxxtest::driver::missing_library_hint;
using cxxtest::driver::unfound_library;
using cxxtest::driver::unfound_library_hint;
using cxxtest::driver::whole_archive_hint;

namespace {
const std::vector<std::string> kArgs = {"-Wl,--whole-archive", "/cache/deps/hb/src/.libs/libharfbuzz.a",
                                        "-Wl,--no-whole-archive", "/cache/deps/z/libz.a",
                                        "/usr/lib/libcxxtest_runtime.a"};
}  // namespace

TEST_CASE("An undefined symbol in a whole archive's member gets a hint naming the archive") {
  std::string ld =
      "/usr/bin/ld: /cache/deps/hb/src/.libs/libharfbuzz.a(hb-ft.o): in function `hb_ft_face_create':\n"
      "hb-ft.cc:99: undefined reference to `FT_Done_Face'\n";
  std::string hint = whole_archive_hint(ld, kArgs);
  CHECK(hint.starts_with("cxxtest: libharfbuzz.a is linked whole"));
  CHECK(hint.find("whole_archive = false") != std::string::npos);
  std::string lld =
      "ld.lld: error: undefined symbol: FT_Done_Face\n>>> referenced by hb-ft.cc:99\n"
      ">>>               hb-ft.o:(hb_ft_face_create) in archive /cache/deps/hb/src/.libs/libharfbuzz.a\n";
  CHECK(whole_archive_hint(lld, kArgs).starts_with("cxxtest: libharfbuzz.a is linked whole"));
}

TEST_CASE("No hint when the archive is not taken whole, or nothing is undefined") {
  std::string in_z =
      "/usr/bin/ld: /cache/deps/z/libz.a(inflate.o): in function `f':\n"
      "inflate.c:1: undefined reference to `g'\n";
  CHECK(whole_archive_hint(in_z, kArgs).empty());
  std::string in_test =
      "/usr/bin/ld: p_test.o: in function `FuzzX':\np_test.cpp:3: undefined reference to `h'\n";
  CHECK(whole_archive_hint(in_test, kArgs).empty());
  std::string duplicate_in_z =
      "/usr/bin/ld: /cache/deps/z/libz.a(a.o): multiple definition of `x'; p_test.o: first defined here\n";
  CHECK(whole_archive_hint(duplicate_in_z, kArgs).empty());
}

TEST_CASE("A symbol defined twice by whole archives names them and the ways out") {
  const std::vector<std::string> args = {"-Wl,--whole-archive", "/c/prefix/lib/libturbojpeg.a",
                                         "/c/prefix/lib/libjpeg.a", "-Wl,--no-whole-archive"};
  std::string ld =
      "/usr/bin/ld: /c/prefix/lib/libturbojpeg.a(libturbojpeg_la-jcapimin.o): in function "
      "`jpeg_CreateCompress':\njcapimin.c:35: multiple definition of `jpeg_CreateCompress'; "
      "/c/prefix/lib/libjpeg.a(jcapimin.o):jcapimin.c:35: first defined here\n";
  std::string hint = whole_archive_hint(ld, args);
  CHECK(hint.starts_with("cxxtest: libturbojpeg.a and libjpeg.a are linked whole"));
  CHECK(hint.find("libs = [\"$PREFIX/lib/libturbojpeg.a\"]") != std::string::npos);
  CHECK(hint.find("whole_archive = false") != std::string::npos);
  std::string lld =
      "ld.lld: error: duplicate symbol: jpeg_CreateCompress\n>>> defined at jcapimin.c:35\n"
      ">>>            jcapimin.o:(jpeg_CreateCompress) in archive /c/prefix/lib/libjpeg.a\n";
  CHECK(whole_archive_hint(lld, args).starts_with("cxxtest: libjpeg.a is linked whole"));
}

TEST_CASE("GNU ld's 'DSO missing from command line' names the library to add") {
  // FreeType's CMake build found BZip2: its ftbzip2.o needs -lbz2.
  std::string ld =
      "/usr/bin/ld: /cache/deps/hb/src/.libs/libharfbuzz.a(ftbzip2.c.o): undefined reference to symbol "
      "'BZ2_bzDecompress'\n"
      "/usr/bin/ld: /lib/x86_64-linux-gnu/libbz2.so.1.0: error adding symbols: DSO missing from command "
      "line\n"
      "clang: error: linker command failed with exit code 1 (use -v to see invocation)\n";
  CHECK(missing_library(ld) == "bz2");
  std::string hint = whole_archive_hint(ld, kArgs);
  CHECK(hint.starts_with("cxxtest: libharfbuzz.a is linked whole"));
  CHECK(hint.find("link = [\"-lbz2\"]") != std::string::npos);
  // Needed by the tests' own object: a hint of its own.
  std::string own =
      "/usr/bin/ld: p_test.o: undefined reference to symbol 'inflate'\n"
      "/usr/bin/ld: /usr/lib/x86_64-linux-gnu/libz.so.1: error adding symbols: DSO missing from command "
      "line\n";
  CHECK(whole_archive_hint(own, kArgs).empty());
  CHECK(missing_library_hint(own).starts_with("cxxtest: the link needs -lz, which no one named"));
  CHECK(missing_library_hint(own).find("[build] libs = [\"z\"]") != std::string::npos);
  CHECK(missing_library("ld.lld: error: undefined symbol: inflate\n").empty());
  CHECK(missing_library_hint("ld.lld: error: undefined symbol: inflate\n").empty());
}

TEST_CASE("A symbol defined twice inside one archive points at -fno-common, not at two archives") {
  // libssh 2017: const ge25519 ge25519_base; in a header, under clang 14.
  const std::vector<std::string> args = {"-Wl,--whole-archive", "/c/build/src/libssh.a",
                                         "-Wl,--no-whole-archive"};
  std::string ld =
      "/usr/bin/ld: /c/build/src/libssh.a(ge25519.c.o):(.bss+0x0): multiple definition of "
      "`crypto_sign_ed25519_ref_ge25519_base'; /c/build/src/libssh.a(ed25519.c.o):(.bss+0x0): first defined "
      "here\n";
  std::string hint = whole_archive_hint(ld, args);
  CHECK(hint.starts_with("cxxtest: two objects of libssh.a define crypto_sign_ed25519_ref_ge25519_base: "));
  CHECK(hint.find("-DCMAKE_C_FLAGS=-fcommon") != std::string::npos);
  CHECK(hint.find("installed twice") == std::string::npos);
  std::string lld =
      "ld.lld: error: duplicate symbol: crypto_sign_ed25519_ref_ge25519_base\n"
      ">>> defined at ge25519.c\n>>>            ge25519.c.o:(crypto_sign_ed25519_ref_ge25519_base) in "
      "archive "
      "/c/build/src/libssh.a\n"
      ">>> defined at ed25519.c\n>>>            ed25519.c.o:(crypto_sign_ed25519_ref_ge25519_base) in "
      "archive "
      "/c/build/src/libssh.a\n";
  CHECK(
      whole_archive_hint(lld, args).starts_with("cxxtest: two objects of libssh.a define "
                                                "crypto_sign_ed25519_ref_ge25519_base: "));
}

TEST_CASE("A -l the linker finds no file for is named, with where such flags come from") {
  CHECK(unfound_library(
            "/usr/bin/ld: cannot find -lgcrypt: No such file or directory\nclang: error: linker command "
            "failed\n") == "gcrypt");
  CHECK(unfound_library("/usr/bin/ld: cannot find -lfoo\n") == "foo");
  CHECK(unfound_library("ld.lld: error: unable to find library -lssl\n") == "ssl");
  CHECK(unfound_library("/usr/bin/ld: cannot find -l-pthread: No such file or directory\n") == "-pthread");
  CHECK(unfound_library("undefined reference to `f'\n").empty());
  std::string hint = unfound_library_hint("/usr/bin/ld: cannot find -lgcrypt: No such file or directory\n");
  CHECK(hint.starts_with("cxxtest: no libgcrypt.a or libgcrypt.so for -lgcrypt: a dep's link arguments"));
  CHECK(hint.find("link_only = true") != std::string::npos);
  CHECK(unfound_library_hint("").empty());
}
