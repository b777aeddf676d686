package words

import "testing"

func TestTop(t *testing.T) {
	c := Top([]byte("b a, B! c a b"))
	if len(c) != 3 || c[0] != (Count{"b", 3}) || c[1].Word != "a" || c[2].Word != "c" {
		t.Errorf("Top = %v", c)
	}
}

// FuzzWords is the allocating target: it never fails, so a run measures the engine.
func FuzzWords(f *testing.F) {
	f.Add([]byte("the quick brown fox jumps over the lazy dog"))
	f.Fuzz(func(t *testing.T, text []byte) {
		if c := Top(text); len(c) > 0 && c[0].N <= 0 {
			t.Fatalf("count %d", c[0].N)
		}
	})
}
