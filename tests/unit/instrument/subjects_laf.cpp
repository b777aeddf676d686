// fixtures/compare_subjects.inc compiled with the laf plugin (see CMakeLists.txt).
#include <cstring>

#include "subjects.h"

namespace laf {
#include "fixtures/compare_subjects.inc"
}
