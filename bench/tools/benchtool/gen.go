// gen.go: the `gen` and `raw` subcommands.
package main

import (
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
)

// genMain writes n distinct INI-like inputs (10 to 90 bytes, from a fixed
// random sequence, so every run writes the same files) to dir in format f.
func genMain(args []string) error {
	fs := flag.NewFlagSet("gen", flag.ExitOnError)
	format := fs.String("format", "raw", "raw, go or cxxtest")
	n := fs.Int("n", 1000, "number of inputs")
	out := fs.String("out", "", "output directory")
	fs.Parse(args)
	if *out == "" {
		return fmt.Errorf("gen: -out is required")
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	rng := rand.New(rand.NewSource(1))
	seen := map[string]bool{}
	for len(seen) < *n {
		in := iniLike(rng)
		if seen[string(in)] {
			continue
		}
		seen[string(in)] = true
		contents, err := encode(*format, in)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(*out, fileName(contents)), []byte(contents), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// iniLike returns a few random INI lines: sections, key = value pairs,
// comments, with a random byte now and then.
func iniLike(rng *rand.Rand) []byte {
	const name = "abcdefghijklmnopqrstuvwxyz0123456789_.-"
	word := func(n int) []byte {
		b := make([]byte, 1+rng.Intn(n))
		for i := range b {
			b[i] = name[rng.Intn(len(name))]
		}
		return b
	}
	var out []byte
	for len(out) < 10+rng.Intn(80) {
		switch rng.Intn(4) {
		case 0:
			out = append(append(append(out, '['), word(8)...), "]\n"...)
		case 1:
			out = append(append(append(out, "; "...), word(12)...), '\n')
		default:
			out = append(append(append(append(out, word(8)...), " = "...), word(10)...), '\n')
		}
		if rng.Intn(8) == 0 {
			out = append(out, byte(rng.Intn(256)))
		}
	}
	return out
}

// rawMain decodes every file of -in (any engine's format) into -out as raw
// bytes; a file that does not decode (say, copied while an engine was still
// writing it) is skipped with a warning.
func rawMain(args []string) error {
	fs := flag.NewFlagSet("raw", flag.ExitOnError)
	in := fs.String("in", "", "corpus directory")
	out := fs.String("out", "", "output directory")
	fs.Parse(args)
	if *in == "" || *out == "" {
		return fmt.Errorf("raw: -in and -out are required")
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(*in)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		contents, err := os.ReadFile(filepath.Join(*in, e.Name()))
		if err != nil {
			return err
		}
		b, err := decode(string(contents))
		if err != nil { // a file still being written while it was copied
			fmt.Fprintf(os.Stderr, "benchtool: skipped %s: %v\n", filepath.Join(*in, e.Name()), err)
			continue
		}
		if err := os.WriteFile(filepath.Join(*out, e.Name()), b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
