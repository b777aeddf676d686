// ini.h: a small INI parser, the "parser" target of bench/run.
//
// The same logic is written in Go in bench/targets/speed/go/ini/ini.go; keep
// the two in step, line for line, or the Go and C++ rows stop comparing the
// same work. It never allocates: it classifies and counts what it reads.
//
// Grammar, one line at a time (lines end at '\n'; a trailing '\r' is dropped;
// spaces and tabs around items are trimmed):
//   ; comment | # comment
//   [section]            name of [A-Za-z0-9_.-]+, one depth level per '.'
//   key = value          '=' or ':'; key of [A-Za-z0-9_.-]+
// A value is a "quoted string" (escapes \\ \" \n \t \xHH, then only spaces
// or a comment), a boolean (true/false/yes/no/on/off, any case), an integer
// (optional sign, decimal or 0x hex, fits in 64 bits), a float (digits '.'
// digits, optional exponent), or a bare string; a bare value ending in '\'
// continues on the next line.
#pragma once

#include <cstdint>
#include <string_view>

namespace ini {

struct Stats {
  int sections = 0, keys = 0, comments = 0, errors = 0;
  int ints = 0, floats = 0, bools = 0, strings = 0, quoted = 0;
  int max_depth = 0, continuations = 0, first_error_line = 0;
};

// Parses the whole text; malformed lines count as errors and parsing goes on.
Stats parse(std::string_view text);

}  // namespace ini
