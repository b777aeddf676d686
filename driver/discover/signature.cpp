#include "signature.h"

#include <clang/AST/Decl.h>
#include <clang/AST/DeclCXX.h>
#include <clang/AST/Type.h>

namespace cxxtest::discover {
namespace {

// True when `context` is namespace ::cxxtest, looking through inline
// namespaces (so cxxtest::inline v1::T counts as cxxtest::T).
bool is_cxxtest_namespace(const clang::DeclContext* context) {
  const auto* ns = llvm::dyn_cast<clang::NamespaceDecl>(context);
  while (ns && ns->isInline()) ns = llvm::dyn_cast<clang::NamespaceDecl>(ns->getParent());
  return ns && !ns->isAnonymousNamespace() && ns->getName() == "cxxtest" &&
         ns->getParent()->getRedeclContext()->isTranslationUnit();
}

// True when `type` is exactly `cxxtest::<class_name>&`: an lvalue reference
// (after typedefs and reference collapsing) to the unqualified class.
bool is_reference_to(clang::QualType type, llvm::StringRef class_name) {
  const auto* ref = llvm::dyn_cast<clang::LValueReferenceType>(type.getCanonicalType());
  if (!ref) return false;
  clang::QualType pointee = ref->getPointeeType().getCanonicalType();
  if (pointee.hasQualifiers()) return false;
  const clang::CXXRecordDecl* record = pointee->getAsCXXRecordDecl();
  return record && record->getIdentifier() && record->getName() == class_name &&
         is_cxxtest_namespace(record->getDeclContext());
}

bool has_required_shape(const clang::FunctionDecl& function, Kind kind) {
  if (!function.getReturnType()->isVoidType()) return false;
  if (function.isVariadic() || function.getNumParams() != 1) return false;
  // constexpr, consteval and inline functions are not emitted unless used in
  // their own file, so the generated main could not link to them.
  if (function.isConstexpr() || function.isInlineSpecified()) return false;
  const clang::ParmVarDecl* param = function.getParamDecl(0);
  if (param->hasDefaultArg()) return false;
  const char* type = kind == Kind::Test        ? "T"
                     : kind == Kind::Fuzz      ? "F"
                     : kind == Kind::Benchmark ? "B"
                                               : "M";
  return is_reference_to(param->getType(), type);
}

bool is_template(const clang::FunctionDecl& function) {
  return function.getTemplatedKind() != clang::FunctionDecl::TK_NonTemplate;
}

}  // namespace

std::string check_signature(const clang::FunctionDecl& function, Kind kind) {
  std::string name = function.getName().str();
  if (function.isInvalidDecl()) return "";
  if (is_template(function)) return template_message(name);
  if (!has_required_shape(function, kind)) return wrong_signature_message(kind, name);
  if (function.isExternC()) return language_linkage_message(name);
  // Formal linkage also catches a definition whose earlier declaration was
  // static, and everything in an anonymous namespace.
  if (function.getFormalLinkage() != clang::ExternalLinkage) return linkage_message(name);
  return "";
}

}  // namespace cxxtest::discover
