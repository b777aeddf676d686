#include "skip_policy.h"

#include <dlfcn.h>

#include <string>
#include <vector>

#include "llvm/Config/llvm-config.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"

namespace cxxtest::laf {

namespace {

// <dir of this .so>/../../share/cxxtest/ignorelist.txt, or "" when the
// plugin cannot tell where it is.
std::string ignorelist_path() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void*>(&ignorelist_path), &info) || !info.dli_fname) return "";
  llvm::SmallString<256> p(info.dli_fname);
  llvm::sys::path::remove_filename(p);  // lib/cxxtest
  llvm::sys::path::append(p, "../../share/cxxtest", "ignorelist.txt");
  return std::string(p.str());
}

}  // namespace

SkipPolicy::SkipPolicy() {
  std::string path = ignorelist_path();
  if (path.empty() || !llvm::sys::fs::exists(path)) return;
  std::string error;
  ignorelist_ =
      llvm::SpecialCaseList::create(std::vector<std::string>{path}, *llvm::vfs::getRealFileSystem(), error);
}

bool SkipPolicy::skip_module(const llvm::Module& m) const {
  return ignorelist_ && ignorelist_->inSection("coverage", "src", m.getSourceFileName());
}

bool SkipPolicy::skip_function(const llvm::Function& f) const {
  if (f.isDeclaration()) return true;
  if (f.hasFnAttribute(llvm::Attribute::NoSanitizeCoverage)) return true;
#if LLVM_VERSION_MAJOR >= 14
  if (f.hasFnAttribute(llvm::Attribute::DisableSanitizerInstrumentation)) return true;
#endif
  return ignorelist_ && ignorelist_->inSection("coverage", "fun", f.getName());
}

}  // namespace cxxtest::laf
