// Package words is the allocating target of bench/run: the Go copy of
// bench/targets/speed/cxxtest/words/words.cpp (one string per word, a map of
// counts, a sorted slice).
package words

import "sort"

// Count is one word and how often it occurs.
type Count struct {
	Word string
	N    int
}

func isWordChar(c byte) bool {
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
}

func lower(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c - 'A' + 'a'
	}
	return c
}

// split returns the lower-cased words of text, in order.
func split(text []byte) []string {
	var out []string
	var cur []byte
	for _, c := range text {
		if isWordChar(c) {
			cur = append(cur, lower(c))
		} else if len(cur) > 0 {
			out = append(out, string(cur))
			cur = nil
		}
	}
	if len(cur) > 0 {
		out = append(out, string(cur))
	}
	return out
}

// Top returns the words of text with their counts, most frequent first,
// ties in byte order.
func Top(text []byte) []Count {
	counts := map[string]int{}
	for _, w := range split(text) {
		counts[w]++
	}
	out := make([]Count, 0, len(counts))
	for w, n := range counts {
		out = append(out, Count{w, n})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].N != out[j].N {
			return out[i].N > out[j].N
		}
		return out[i].Word < out[j].Word
	})
	return out
}
