// testing/env_log.h: which environment variables the test binary reads.
//
// The runtime defines the C library's getenv() (env_log.cpp) so that reads
// by the test code, the code under test and libstdc++ are all seen. While
// recording is on, each distinct name read is remembered; run_main writes
// them to -test.testlogfile as `getenv NAME` lines, which the driver uses to
// key its test-result cache on those variables' values.
#pragma once

#include <string>

namespace cxxtest::runtime {

// getenv without recording (for the runtime's own lookups).
const char* env_lookup(const char* name);

// Starts recording names passed to getenv (off until called).
void env_log_start();

// Appends one `getenv NAME` line per recorded name (each once, in first-read
// order) to the file at path. Returns false if the file cannot be written.
bool env_log_write(const std::string& path);

}  // namespace cxxtest::runtime
