// svg.go: the `svg` subcommand, a line chart with one line per series.
//
// Input: a TSV file of `series<TAB>x<TAB>y` rows (x in seconds), rows of a
// series in increasing x. Output: a self-contained SVG, axes from 0 to the
// largest x and y rounded up to a tick, at most five ticks each, a legend with an optional note
// at the bottom right (coverage curves rise to the top left).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math"
	"os"
	"strconv"
	"strings"
)

type point struct{ x, y float64 }

type series struct {
	name   string
	points []point
}

const (
	width, height            = 640.0, 400.0
	left, right, top, bottom = 70.0, 20.0, 40.0, 50.0
)

var colors = []string{"#d62728", "#1f77b4", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"}

func svgMain(args []string) error {
	fs := flag.NewFlagSet("svg", flag.ExitOnError)
	in := fs.String("in", "", "series TSV")
	out := fs.String("out", "", "output SVG")
	title := fs.String("title", "", "chart title")
	ylabel := fs.String("ylabel", "", "y axis label")
	note := fs.String("note", "", "a line of text under the legend")
	fs.Parse(args)
	all, err := readSeries(*in)
	if err != nil {
		return err
	}
	return os.WriteFile(*out, []byte(render(all, *title, *ylabel, *note)), 0o644)
}

func readSeries(path string) ([]series, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var all []series
	sc := bufio.NewScanner(f)
	for line := 1; sc.Scan(); line++ {
		cols := strings.Split(sc.Text(), "\t")
		if len(cols) != 3 {
			return nil, fmt.Errorf("%s:%d: want series<TAB>x<TAB>y", path, line)
		}
		x, errx := strconv.ParseFloat(cols[1], 64)
		y, erry := strconv.ParseFloat(cols[2], 64)
		if errx != nil || erry != nil {
			return nil, fmt.Errorf("%s:%d: x and y must be numbers", path, line)
		}
		if len(all) == 0 || all[len(all)-1].name != cols[0] {
			all = append(all, series{name: cols[0]})
		}
		all[len(all)-1].points = append(all[len(all)-1].points, point{x, y})
	}
	return all, sc.Err()
}

// axis returns a tick step (1, 2, 2.5 or 5 times a power of ten) that cuts
// [0, v] into at most 5 steps, and the axis end: v rounded up to a step.
func axis(v float64) (step, end float64) {
	if v <= 0 {
		return 1, 1
	}
	p := math.Pow(10, math.Floor(math.Log10(v/5)))
	for _, m := range []float64{1, 2, 2.5, 5, 10} {
		if step = m * p; v/step <= 5 {
			break
		}
	}
	return step, math.Ceil(v/step) * step
}

func render(all []series, title, ylabel, note string) string {
	var xdata, ydata float64
	for _, s := range all {
		for _, p := range s.points {
			xdata, ydata = math.Max(xdata, p.x), math.Max(ydata, p.y)
		}
	}
	xstep, xmax := axis(xdata)
	ystep, ymax := axis(ydata)
	pw, ph := width-left-right, height-top-bottom
	px := func(x float64) float64 { return left + x/xmax*pw }
	py := func(y float64) float64 { return top + ph - y/ymax*ph }
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" font-family="sans-serif" font-size="12">`+"\n", width, height)
	fmt.Fprintf(&b, `<rect width="100%%" height="100%%" fill="white"/>`+"\n")
	fmt.Fprintf(&b, `<text x="%.0f" y="20" text-anchor="middle" font-size="14">%s</text>`+"\n", width/2, esc(title))
	for y := 0.0; y <= ymax+ystep/2; y += ystep {
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#ddd"/>`+"\n", left, py(y), left+pw, py(y))
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="end">%s</text>`+"\n", left-6, py(y)+4, num(y))
	}
	for x := 0.0; x <= xmax+xstep/2; x += xstep {
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", px(x), top+ph+18, num(x))
	}
	fmt.Fprintf(&b, `<rect x="%.0f" y="%.0f" width="%.0f" height="%.0f" fill="none" stroke="black"/>`+"\n", left, top, pw, ph)
	fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">seconds</text>`+"\n", left+pw/2, height-12)
	fmt.Fprintf(&b, `<text transform="translate(16 %.1f) rotate(-90)" text-anchor="middle">%s</text>`+"\n", top+ph/2, esc(ylabel))
	for i, s := range all {
		c := colors[i%len(colors)]
		var pts []string
		for _, p := range s.points {
			pts = append(pts, fmt.Sprintf("%.1f,%.1f", px(p.x), py(p.y)))
		}
		fmt.Fprintf(&b, `<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>`+"\n", c, strings.Join(pts, " "))
		for _, p := range s.points {
			fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>`+"\n", px(p.x), py(p.y), c)
		}
	}
	legend(&b, all, note, left+pw-350, top+ph-10-float64(len(all)+1)*16)
	b.WriteString("</svg>\n")
	return b.String()
}

// legend draws one line per series and the note, on white, from (x, y).
func legend(b *strings.Builder, all []series, note string, x, y float64) {
	rows := len(all)
	if note != "" {
		rows++
	}
	fmt.Fprintf(b, `<rect x="%.0f" y="%.1f" width="340" height="%d" fill="white" stroke="#ccc"/>`+"\n", x, y, rows*16+8)
	for i, s := range all {
		ly := y + 16 + float64(i)*16
		fmt.Fprintf(b, `<line x1="%.0f" y1="%.1f" x2="%.0f" y2="%.1f" stroke="%s" stroke-width="2"/>`+"\n", x+8, ly-4, x+28, ly-4, colors[i%len(colors)])
		fmt.Fprintf(b, `<text x="%.0f" y="%.1f">%s</text>`+"\n", x+34, ly, esc(s.name))
	}
	if note != "" {
		fmt.Fprintf(b, `<text x="%.0f" y="%.1f" fill="#555">%s</text>`+"\n", x+8, y+16+float64(len(all))*16, esc(note))
	}
}

func num(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }

func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
