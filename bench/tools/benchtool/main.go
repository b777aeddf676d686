// Command benchtool holds the parts of bench/run and bench/find that are
// awkward in bash: generating corpora in each engine's file format, turning
// any engine's corpus back into raw bytes, and drawing the coverage chart.
//
//	benchtool gen -format=cxxtest|go|raw -n N -out DIR   N distinct INI-like inputs
//	benchtool raw -in DIR -out DIR                       decode every corpus file to raw bytes
//	benchtool svg -in SERIES.tsv -out CHART.svg -title T -ylabel Y
//	benchtool stamp < LOG                                prefix lines with the Unix time
//
// Exit status 0 on success, 2 on a usage or I/O error (the message says which).
package main

import (
	"fmt"
	"os"
)

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	var err error
	switch os.Args[1] {
	case "gen":
		err = genMain(os.Args[2:])
	case "raw":
		err = rawMain(os.Args[2:])
	case "svg":
		err = svgMain(os.Args[2:])
	case "stamp":
		err = stampMain(os.Args[2:])
	default:
		usage()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtool:", err)
		os.Exit(2)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: benchtool gen|raw|svg|stamp [flags] (see main.go)")
	os.Exit(2)
}
