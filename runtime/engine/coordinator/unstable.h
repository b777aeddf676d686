// engine/coordinator/unstable.h: naming the counters behind a stability figure below
// 100% (printed under -v). A worker marks the counters that differed when
// the first input ran in calibration (shm.h, keep area); the coordinator, the same
// binary, maps each mask index back to its counter, the counter to its pc
// through the module's pc table (coverage.h), and the pc to a source
// location with the symbolizer.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/shared/coverage.h"

namespace cxxtest::runtime::engine {

// Mask indices of the non-zero bytes of `differed` (size bytes), at most cap.
std::vector<uint32_t> differing_indices(const uint8_t* differed, size_t size, size_t cap);

// The pc of the counter at mask index `index`, or 0 when the index is no
// counter's or its module registered no pc table.
uintptr_t counter_pc(std::span<const CounterRegion> regions, uint32_t index);

// One "fuzz: unstable counter at FILE:LINE:COL in FUNCTION" line per
// distinct location of `indices` (the module and offset when there is no
// symbolizer), at most max_lines of them, then "... and N more source
// locations (M unstable counters in all)" if cut, M being `differed` (the
// stability line's count: `indices` may be capped).
std::string unstable_lines(std::span<const CounterRegion> regions, std::span<const uint32_t> indices,
                           size_t max_lines, uint64_t differed);

}  // namespace cxxtest::runtime::engine
