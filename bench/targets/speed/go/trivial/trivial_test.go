// Package trivial is the trivial target of bench/run (see ../../cxxtest/trivial).
package trivial

import "testing"

// First returns the first byte, or 0 for empty input.
func First(b []byte) int {
	if len(b) == 0 {
		return 0
	}
	return int(b[0])
}

func FuzzTrivial(f *testing.F) {
	f.Add([]byte("a"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if First(b) < 0 {
			t.Fatal("negative byte")
		}
	})
}
