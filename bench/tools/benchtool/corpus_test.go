package main

import (
	"bytes"
	"testing"
)

// Every format decodes what it encodes, for every byte value.
func TestEncodeDecodeRoundTrip(t *testing.T) {
	var all []byte
	for i := 0; i < 256; i++ {
		all = append(all, byte(i))
	}
	for _, in := range [][]byte{nil, []byte("a\"b\\c\n\t\r"), all} {
		for _, f := range []string{"raw", "go", "cxxtest"} {
			enc, err := encode(f, in)
			if err != nil {
				t.Fatal(err)
			}
			out, err := decode(enc)
			if err != nil || !bytes.Equal(out, in) {
				t.Errorf("%s: decode(encode(%q)) = %q, %v", f, in, out, err)
			}
		}
	}
}

// The cxxtest reader accepts the escapes runtime/corpus/corpus_v1.h lists.
func TestCxxtestEscapes(t *testing.T) {
	out, err := decode("cxxtest fuzz v1\nstd::string(\"\\0\\a\\b\\f\\v\\'\\?\\101\\x7f\")\n")
	if want := []byte("\x00\a\b\f\v'?A\x7f"); err != nil || !bytes.Equal(out, want) {
		t.Errorf("got %q, %v; want %q", out, err, want)
	}
	if _, err := decode("cxxtest fuzz v1\nstd::string(\"\\q\")\n"); err == nil {
		t.Error("unknown escape \\q accepted")
	}
}

// The exact bytes of a cxxtest v1 file, as the runtime writes them.
func TestCxxtestEncoding(t *testing.T) {
	got, _ := encode("cxxtest", []byte("k=\"1\"\n\xff"))
	if want := "cxxtest fuzz v1\nstd::string(\"k=\\\"1\\\"\\n\\xff\")\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
