// corpus.go: the corpus file formats of the three engines.
//
//	raw       the input bytes, nothing else (libFuzzer)
//	go        "go test fuzz v1\n" then `[]byte("...")` or `string("...")`,
//	          Go's strconv quoting
//	cxxtest   "cxxtest fuzz v1\n" then `std::string("...")` or `bytes("...")`:
//	          printable ASCII as is except `"` and `\`, \n \t \r, every other
//	          byte \xHH (runtime/corpus/corpus_v1.h); read also accepts \0 \a \b \f
//	          \v \' \? and octal \N..\NNN
//
// Only single-argument byte-string entries are handled: the bench targets
// all take one string.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
)

const (
	goHeader      = "go test fuzz v1\n"
	cxxtestHeader = "cxxtest fuzz v1\n"
)

// encode returns the file contents of input b in format f.
func encode(f string, b []byte) (string, error) {
	switch f {
	case "raw":
		return string(b), nil
	case "go":
		return goHeader + "[]byte(" + strconv.Quote(string(b)) + ")\n", nil
	case "cxxtest":
		return cxxtestHeader + "std::string(" + cxxQuote(b) + ")\n", nil
	}
	return "", fmt.Errorf("unknown format %q (want raw, go or cxxtest)", f)
}

// fileName is the name engines give a corpus file: hex of its SHA-256.
func fileName(contents string) string {
	sum := sha256.Sum256([]byte(contents))
	return hex.EncodeToString(sum[:])[:16]
}

// cxxQuote quotes b as a cxxtest v1 string literal.
func cxxQuote(b []byte) string {
	var sb strings.Builder
	sb.WriteByte('"')
	for _, c := range b {
		switch {
		case c == '"' || c == '\\':
			sb.WriteByte('\\')
			sb.WriteByte(c)
		case c == '\n':
			sb.WriteString(`\n`)
		case c == '\t':
			sb.WriteString(`\t`)
		case c == '\r':
			sb.WriteString(`\r`)
		case c >= 0x20 && c <= 0x7e:
			sb.WriteByte(c)
		default:
			fmt.Fprintf(&sb, `\x%02x`, c)
		}
	}
	sb.WriteByte('"')
	return sb.String()
}

// decode returns the input bytes of one corpus file in any of the formats.
func decode(contents string) ([]byte, error) {
	var lit string
	var unquote func(string) ([]byte, error)
	switch {
	case strings.HasPrefix(contents, goHeader):
		lit, unquote = contents[len(goHeader):], goUnquote
	case strings.HasPrefix(contents, cxxtestHeader):
		lit, unquote = contents[len(cxxtestHeader):], cxxUnquote
	default:
		return []byte(contents), nil
	}
	lit = strings.TrimRight(lit, " \t\r\n")
	open := strings.IndexByte(lit, '(')
	if open < 0 || !strings.HasSuffix(lit, ")") || strings.Contains(lit, "\n") {
		return nil, fmt.Errorf("not a single type(literal) line: %.40q", lit)
	}
	return unquote(lit[open+1 : len(lit)-1])
}

func goUnquote(q string) ([]byte, error) {
	s, err := strconv.Unquote(q)
	return []byte(s), err
}

// cxxUnquote decodes a cxxtest v1 "..." literal.
func cxxUnquote(q string) ([]byte, error) {
	if len(q) < 2 || q[0] != '"' || q[len(q)-1] != '"' {
		return nil, fmt.Errorf("not a quoted string: %.40q", q)
	}
	q = q[1 : len(q)-1]
	var out []byte
	for i := 0; i < len(q); i++ {
		if q[i] != '\\' {
			out = append(out, q[i])
			continue
		}
		if i++; i == len(q) {
			return nil, fmt.Errorf("trailing backslash")
		}
		n, used, err := cxxEscape(q[i:])
		if err != nil {
			return nil, err
		}
		out = append(out, n)
		i += used - 1
	}
	return out, nil
}

// cxxEscape decodes the escape after a backslash: the byte and how many
// characters of s it used.
func cxxEscape(s string) (byte, int, error) {
	simple := map[byte]byte{'n': '\n', 't': '\t', 'r': '\r', 'a': 7, 'b': 8, 'f': 12, 'v': 11,
		'\\': '\\', '"': '"', '\'': '\'', '?': '?'}
	if b, ok := simple[s[0]]; ok {
		return b, 1, nil
	}
	if s[0] == 'x' {
		if len(s) < 3 {
			return 0, 0, fmt.Errorf("short \\x escape")
		}
		v, err := strconv.ParseUint(s[1:3], 16, 8)
		return byte(v), 3, err
	}
	n := 0
	for n < 3 && n < len(s) && s[n] >= '0' && s[n] <= '7' {
		n++
	}
	if n == 0 {
		return 0, 0, fmt.Errorf("unknown escape \\%c", s[0])
	}
	v, err := strconv.ParseUint(s[:n], 8, 8)
	return byte(v), n, err
}
