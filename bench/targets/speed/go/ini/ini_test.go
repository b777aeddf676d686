package ini

import "testing"

func TestParseCounts(t *testing.T) {
	st := Parse([]byte("; c\n[a.b]\nk = 1\nf = 2.5e3\nb = Yes\nq = \"x\\ty\" ; c\ns = hi\\\n more\nbad\n"))
	want := Stats{Sections: 1, Keys: 5, Comments: 1, Errors: 1, MaxDepth: 2, Ints: 1, Floats: 1,
		Bools: 1, Quoted: 1, Strings: 1, Continuations: 1, FirstErrorLine: 9}
	if st != want {
		t.Errorf("Parse = %+v, want %+v", st, want)
	}
}

// FuzzIni is the parser target: it never fails, so a run measures the engine.
func FuzzIni(f *testing.F) {
	f.Add([]byte("[core]\nname = \"x\"\n"))
	f.Add([]byte("; c\nk = 1\n"))
	f.Fuzz(func(t *testing.T, text []byte) {
		if Parse(text).Errors < 0 {
			t.Fatal("negative error count")
		}
	})
}
