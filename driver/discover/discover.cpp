#include "discover.h"

#include <clang/Basic/Diagnostic.h>
#include <clang/Tooling/CompilationDatabase.h>
#include <clang/Tooling/Tooling.h>
#include <llvm/ADT/SmallString.h>
#include <llvm/Support/FileSystem.h>

#include "collector.h"

namespace cxxtest::discover {
namespace {

// Swallows every diagnostic, but keeps the first error raised outside a
// source file: that one comes from the compiler driver (an unknown flag, say)
// and explains why a file was never parsed.
class DriverErrorCapture : public clang::DiagnosticConsumer {
 public:
  void BeginSourceFile(const clang::LangOptions&, const clang::Preprocessor*) override {
    in_source_file_ = true;
  }
  void EndSourceFile() override { in_source_file_ = false; }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level, const clang::Diagnostic& info) override {
    if (in_source_file_ || level < clang::DiagnosticsEngine::Error || !first_.empty()) return;
    llvm::SmallString<128> text;
    info.FormatDiagnostic(text);
    first_ = text.str().str();
  }

  const std::string& first_error() const { return first_; }

 private:
  bool in_source_file_ = false;
  std::string first_;
};

// Flags added after the user's: keep parsing past any number of errors (so
// tests after a broken line are still found) and skip work whose output is
// thrown away anyway.
const char* const kQuietFlags[] = {"-ferror-limit=0", "-fno-spell-checking", "-w"};

std::string working_directory() {
  llvm::SmallString<256> cwd;
  if (llvm::sys::fs::current_path(cwd)) return ".";
  return cwd.str().str();
}

}  // namespace

DiscoverResult discover_files(const std::vector<std::string>& files, const std::vector<std::string>& args) {
  std::vector<std::string> flags = args;
  flags.insert(flags.end(), std::begin(kQuietFlags), std::end(kQuietFlags));
  clang::tooling::FixedCompilationDatabase database(working_directory(), flags);
  clang::tooling::ClangTool tool(database, files);
  DriverErrorCapture diagnostics;
  tool.setDiagnosticConsumer(&diagnostics);
  tool.setPrintErrorMessage(false);

  FindingsByFile by_path;
  auto factory = make_collector_factory(by_path);
  tool.run(factory.get());  // non-zero on any compile error: expected, ignored

  DiscoverResult result;
  for (const std::string& file : files) {
    FileFindings& out = result.files.emplace_back();
    out.file = file;
    auto it = by_path.find(clang::tooling::getAbsolutePath(file));
    out.parsed = it != by_path.end();
    if (out.parsed) out.findings = it->second;
  }
  result.driver_error = diagnostics.first_error();
  return result;
}

}  // namespace cxxtest::discover
