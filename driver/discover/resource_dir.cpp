#include "resource_dir.h"

#include <llvm/ADT/SmallString.h>
#include <llvm/ADT/StringRef.h>
#include <llvm/Support/FileSystem.h>
#include <llvm/Support/MemoryBuffer.h>
#include <llvm/Support/Path.h>
#include <llvm/Support/Program.h>

namespace cxxtest::discover {
namespace {

constexpr unsigned kPrintTimeoutSeconds = 30;

// Runs `compiler -print-resource-dir` with stdout captured in a temp file;
// "" when the compiler cannot be run, fails, or prints nothing.
std::string print_resource_dir(const std::string& compiler) {
  auto program = llvm::sys::findProgramByName(compiler);
  if (!program) return "";
  llvm::SmallString<128> out_path;
  if (llvm::sys::fs::createTemporaryFile("cxxtest-discover", "txt", out_path)) return "";
  llvm::StringRef args[] = {compiler, "-print-resource-dir"};
  llvm::Optional<llvm::StringRef> redirects[] = {llvm::StringRef(""), out_path.str(), llvm::StringRef("")};
  int rc = llvm::sys::ExecuteAndWait(*program, args, llvm::None, redirects, kPrintTimeoutSeconds);
  auto printed = llvm::MemoryBuffer::getFile(out_path);
  llvm::sys::fs::remove(out_path);
  if (rc != 0 || !printed) return "";
  return (*printed)->getBuffer().trim().str();
}

// "/usr/lib/llvm-14/lib/clang/14.0.6" (or ".../clang/16") has major version 14.
bool has_our_major_version(llvm::StringRef dir) {
  unsigned major = 0;
  llvm::StringRef version = llvm::sys::path::filename(dir);
  return !version.consumeInteger(10, major) && major == CXXTEST_CLANG_MAJOR;
}

bool is_usable(const std::string& dir) {
  if (dir.empty() || !has_our_major_version(dir)) return false;
  llvm::SmallString<256> stddef(dir);
  llvm::sys::path::append(stddef, "include", "stddef.h");
  return llvm::sys::fs::exists(stddef);
}

}  // namespace

std::string resource_dir_for(const std::string& compiler) {
  std::string printed = print_resource_dir(compiler);
  return is_usable(printed) ? printed : CXXTEST_CLANG_RESOURCE_DIR;
}

}  // namespace cxxtest::discover
