#include "collector.h"

#include <clang/AST/ASTConsumer.h>
#include <clang/AST/ASTContext.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/DeclTemplate.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/FrontendAction.h>

#include "signature.h"

namespace cxxtest::discover {
namespace {

// The kind of a function named like a test: kind_of_name's, except that
// TestMain is the package's TestMain unless it takes a cxxtest::T& (then it
// is an ordinary test, as in Go).
std::optional<Kind> kind_of(const clang::FunctionDecl& function) {
  std::optional<Kind> kind = kind_of_name(function.getName());
  if (kind == Kind::Test && function.getName() == "TestMain" &&
      !check_signature(function, Kind::Test).empty())
    return Kind::Main;
  return kind;
}

// Walks the top-level declarations of a translation unit and appends a
// Finding for each function definition in the main file whose name is a
// Test/Fuzz name. Only the global namespace counts, seen through extern
// "C"/"C++" blocks, export blocks and anonymous namespaces (the last so that
// the linkage error can be reported); named namespaces and classes are skipped.
// Member functions are never tests, whatever their signature (Go ignores
// methods too): that covers out-of-line definitions such as GoogleTest's
// `void Suite_Name_Test::TestBody() {...}`, which sit at the top level.
class Collector : public clang::ASTConsumer {
 public:
  explicit Collector(std::vector<Finding>& out) : out_(out) {}

  void HandleTranslationUnit(clang::ASTContext& context) override {
    sources_ = &context.getSourceManager();
    walk(*context.getTranslationUnitDecl());
  }

  // Bodies never matter: only signatures are checked.
  bool shouldSkipFunctionBody(clang::Decl*) override { return true; }

 private:
  void walk(const clang::DeclContext& context) {
    for (const clang::Decl* decl : context.decls()) {
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(decl)) {
        if (ns->isAnonymousNamespace()) walk(*ns);
        else walk_named(*ns);
      } else if (llvm::isa<clang::LinkageSpecDecl, clang::ExportDecl>(decl)) {
        walk(*llvm::cast<clang::DeclContext>(decl));
      } else if (const auto* tmpl = llvm::dyn_cast<clang::FunctionTemplateDecl>(decl)) {
        visit(*tmpl->getTemplatedDecl());
      } else if (const auto* function = llvm::dyn_cast<clang::FunctionDecl>(decl)) {
        visit(*function);
      }
    }
  }

  // Functions in a named namespace are never run (Go has no namespaces, and
  // the generated main calls ::TestXxx): one with a test's exact signature
  // was surely meant as one, so it is a located error instead of silence.
  void walk_named(const clang::DeclContext& context) {
    for (const clang::Decl* decl : context.decls()) {
      if (const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(decl)) walk_named(*ns);
      else if (llvm::isa<clang::LinkageSpecDecl, clang::ExportDecl>(decl))
        walk_named(*llvm::cast<clang::DeclContext>(decl));
      else if (const auto* function = llvm::dyn_cast<clang::FunctionDecl>(decl)) namespaced(*function);
    }
  }

  void namespaced(const clang::FunctionDecl& function) {
    if (llvm::isa<clang::CXXMethodDecl>(function) || !function.getDeclName().isIdentifier()) return;
    std::optional<Kind> kind = kind_of(function);
    if (!kind || !check_signature(function, *kind).empty()) return;
    clang::SourceLocation at = sources_->getExpansionLoc(function.getLocation());
    if (!sources_->isInMainFile(at)) return;
    const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(function.getDeclContext());
    if (!ns || ns->isAnonymousNamespace()) return;
    Finding finding;
    finding.kind = *kind;
    finding.name = function.getName().str();
    finding.line = sources_->getExpansionLineNumber(at);
    finding.column = sources_->getExpansionColumnNumber(at);
    finding.error = finding.name + " is in namespace " + ns->getQualifiedNameAsString() +
                    ": cxxtest runs only functions at global scope (move it out of the namespace)";
    out_.push_back(std::move(finding));
  }

  void visit(const clang::FunctionDecl& function) {
    if (llvm::isa<clang::CXXMethodDecl>(function)) return;
    // `void inner::TestFoo(cxxtest::T&) {}` sits at the top level but is
    // inner's: the same as a definition inside the namespace.
    const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(function.getDeclContext());
    if (ns && !ns->isAnonymousNamespace()) return namespaced(function);
    if (!function.getDeclName().isIdentifier()) return;
    std::optional<Kind> kind = kind_of(function);
    if (!kind || !function.isThisDeclarationADefinition() || function.isDeleted()) return;
    clang::SourceLocation at = sources_->getExpansionLoc(function.getLocation());
    if (!sources_->isInMainFile(at)) return;
    Finding finding;
    finding.kind = *kind;
    finding.name = function.getName().str();
    finding.line = sources_->getExpansionLineNumber(at);
    finding.column = sources_->getExpansionColumnNumber(at);
    finding.error = check_signature(function, *kind);
    out_.push_back(std::move(finding));
  }

  std::vector<Finding>& out_;
  const clang::SourceManager* sources_ = nullptr;
};

class CollectAction : public clang::ASTFrontendAction {
 public:
  explicit CollectAction(FindingsByFile& results) : results_(results) {}

  std::unique_ptr<clang::ASTConsumer> CreateASTConsumer(clang::CompilerInstance& compiler,
                                                        llvm::StringRef file) override {
    compiler.getFrontendOpts().SkipFunctionBodies = true;
    std::vector<Finding>& out = results_[file.str()];
    out.clear();  // the same file given twice: keep one copy
    return std::make_unique<Collector>(out);
  }

 private:
  FindingsByFile& results_;
};

class CollectFactory : public clang::tooling::FrontendActionFactory {
 public:
  explicit CollectFactory(FindingsByFile& results) : results_(results) {}
  std::unique_ptr<clang::FrontendAction> create() override {
    return std::make_unique<CollectAction>(results_);
  }

 private:
  FindingsByFile& results_;
};

}  // namespace

std::unique_ptr<clang::tooling::FrontendActionFactory> make_collector_factory(FindingsByFile& results) {
  return std::make_unique<CollectFactory>(results);
}

}  // namespace cxxtest::discover
