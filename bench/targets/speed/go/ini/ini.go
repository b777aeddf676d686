// Package ini is the parser target of bench/run: the Go copy of
// bench/targets/speed/cxxtest/ini/ini.cpp, same logic, function for
// function (see ini.h there for the grammar). It never allocates.
package ini

import "bytes"

// Stats counts what Parse read.
type Stats struct {
	Sections, Keys, Comments, Errors        int
	Ints, Floats, Bools, Strings, Quoted    int
	MaxDepth, Continuations, FirstErrorLine int
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }
func isDigit(c byte) bool { return c >= '0' && c <= '9' }
func isHex(c byte) bool   { return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F') }
func isNameChar(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || isDigit(c) || c == '_' || c == '.' || c == '-'
}
func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}

func trim(s []byte) []byte {
	for len(s) > 0 && isSpace(s[0]) {
		s = s[1:]
	}
	for len(s) > 0 && isSpace(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func validName(s []byte) bool {
	if len(s) == 0 {
		return false
	}
	for _, c := range s {
		if !isNameChar(c) {
			return false
		}
	}
	return true
}

func equalFold(a []byte, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if lower(a[i]) != lower(b[i]) {
			return false
		}
	}
	return true
}

var boolWords = [...]string{"true", "false", "yes", "no", "on", "off"}

func isBool(v []byte) bool {
	for _, w := range boolWords {
		if equalFold(v, w) {
			return true
		}
	}
	return false
}

// isInt: decimal or 0x hex integer with optional sign that fits in 64 bits.
func isInt(v []byte) bool {
	if len(v) > 0 && (v[0] == '+' || v[0] == '-') {
		v = v[1:]
	}
	base := uint64(10)
	if len(v) > 2 && v[0] == '0' && (v[1] == 'x' || v[1] == 'X') {
		base = 16
		v = v[2:]
	}
	if len(v) == 0 {
		return false
	}
	n := uint64(0)
	for _, c := range v {
		if (base == 10 && !isDigit(c)) || (base == 16 && !isHex(c)) {
			return false
		}
		d := uint64(lower(c)-'a') + 10
		if isDigit(c) {
			d = uint64(c - '0')
		}
		if n > (^uint64(0)-d)/base {
			return false
		}
		n = n*base + d
	}
	return true
}

// isFloat: digits '.' digits [(e|E) [sign] digits]
func isFloat(v []byte) bool {
	i, n := 0, len(v)
	if i < n && (v[i] == '+' || v[i] == '-') {
		i++
	}
	start := i
	for i < n && isDigit(v[i]) {
		i++
	}
	if i == start || i == n || v[i] != '.' {
		return false
	}
	i++
	frac := i
	for i < n && isDigit(v[i]) {
		i++
	}
	if i == frac {
		return false
	}
	if i == n {
		return true
	}
	if v[i] != 'e' && v[i] != 'E' {
		return false
	}
	i++
	if i < n && (v[i] == '+' || v[i] == '-') {
		i++
	}
	exp := i
	for i < n && isDigit(v[i]) {
		i++
	}
	return i > exp && i == n
}

// isQuoted: valid escapes, closed, then nothing but a comment.
func isQuoted(v []byte) bool {
	i := 1
	for ; i < len(v) && v[i] != '"'; i++ {
		if v[i] != '\\' {
			continue
		}
		i++
		if i == len(v) {
			return false
		}
		e := v[i]
		if e == 'x' {
			if i+2 >= len(v) || !isHex(v[i+1]) || !isHex(v[i+2]) {
				return false
			}
			i += 2
		} else if e != '\\' && e != '"' && e != 'n' && e != 't' {
			return false
		}
	}
	if i >= len(v) {
		return false
	}
	rest := trim(v[i+1:])
	return len(rest) == 0 || rest[0] == ';' || rest[0] == '#'
}

// classify counts one value; false when it is malformed.
func classify(v []byte, st *Stats) bool {
	switch {
	case len(v) > 0 && v[0] == '"':
		if !isQuoted(v) {
			return false
		}
		st.Quoted++
	case isBool(v):
		st.Bools++
	case isInt(v):
		st.Ints++
	case isFloat(v):
		st.Floats++
	default:
		st.Strings++
	}
	return true
}

func section(line []byte, st *Stats) bool {
	if line[len(line)-1] != ']' {
		return false
	}
	name := trim(line[1 : len(line)-1])
	if !validName(name) {
		return false
	}
	depth := 1 + bytes.Count(name, []byte{'.'})
	if depth > st.MaxDepth {
		st.MaxDepth = depth
	}
	st.Sections++
	return true
}

func keyValue(line []byte, st *Stats) bool {
	eq := bytes.IndexAny(line, "=:")
	if eq < 0 || !validName(trim(line[:eq])) {
		return false
	}
	st.Keys++
	return classify(trim(line[eq+1:]), st)
}

// Parse parses the whole text; malformed lines count as errors and parsing
// goes on.
func Parse(text []byte) Stats {
	var st Stats
	lineno := 0
	continued := false
	for len(text) > 0 {
		var line []byte
		if nl := bytes.IndexByte(text, '\n'); nl >= 0 {
			line, text = text[:nl], text[nl+1:]
		} else {
			line, text = text, nil
		}
		lineno++
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		line = trim(line)
		wasContinued := continued
		continued = len(line) > 0 && line[len(line)-1] == '\\'
		if wasContinued {
			st.Continuations++
			continue
		}
		if len(line) == 0 {
			continue
		}
		ok := true
		switch line[0] {
		case ';', '#':
			st.Comments++
		case '[':
			ok = section(line, &st)
		default:
			ok = keyValue(line, &st)
		}
		if !ok {
			if st.Errors == 0 {
				st.FirstErrorLine = lineno
			}
			st.Errors++
		}
	}
	return st
}
