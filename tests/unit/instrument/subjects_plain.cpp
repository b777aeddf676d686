// fixtures/compare_subjects.inc compiled without the laf plugin.
#include <cstring>

#include "subjects.h"

namespace plain {
#include "fixtures/compare_subjects.inc"
}
