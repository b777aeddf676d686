// Placeholder until the deps builder lands: every dep is an error.
#include "driver/deps.h"

namespace cxxtest::driver {

Expected<DepBuild> ensure_dep(const DepSpec& spec, const DepContext&) {
  return Error{spec.where + ": [deps." + spec.name + "]: external builds are not implemented yet"};
}

}  // namespace cxxtest::driver
