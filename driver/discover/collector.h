// The Clang side of discovery: a FrontendAction that parses one test file
// (skipping every function body) and collects its Test/Fuzz findings.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include <clang/Tooling/Tooling.h>

#include "rules.h"

namespace cxxtest::discover {

// Findings per main file, keyed by the file name the frontend was given (the
// absolute path ClangTool makes of each input), in declaration order. A file
// whose frontend never started (the compiler driver rejected the flags) has no
// entry; a file that started has one, even when it had compile errors.
using FindingsByFile = std::map<std::string, std::vector<Finding>>;

// Makes one collecting action per file ClangTool runs. `results` must outlive
// the factory and every action it creates.
std::unique_ptr<clang::tooling::FrontendActionFactory> make_collector_factory(FindingsByFile& results);

}  // namespace cxxtest::discover
