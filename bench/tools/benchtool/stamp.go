// stamp.go: the `stamp` subcommand: copies stdin to stdout, each line
// prefixed with the Unix time it was read, in seconds with milliseconds
// ("1795317304.383 line"), so that bench/find can tell when an engine
// printed its first failure line. Absolute time, not time since stamp
// started: stamp starts alongside the engine, and a little later.
package main

import (
	"bufio"
	"fmt"
	"os"
	"time"
)

func stampMain(args []string) error {
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for {
		line, err := in.ReadString('\n')
		if len(line) > 0 {
			fmt.Fprintf(out, "%.3f %s", float64(time.Now().UnixMilli())/1000, line)
			if line[len(line)-1] != '\n' {
				out.WriteByte('\n')
			}
			if in.Buffered() == 0 {
				out.Flush()
			}
		}
		if err != nil {
			return nil
		}
	}
}
