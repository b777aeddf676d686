// stamp.go: the `stamp` subcommand: copies stdin to stdout, each line
// prefixed with the seconds since benchtool started ("12.345 line"), so that
// bench/find can tell when an engine printed its first failure line.
package main

import (
	"bufio"
	"fmt"
	"os"
	"time"
)

func stampMain(args []string) error {
	start := time.Now()
	in := bufio.NewReaderSize(os.Stdin, 1<<16)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()
	for {
		line, err := in.ReadString('\n')
		if len(line) > 0 {
			fmt.Fprintf(out, "%.3f %s", time.Since(start).Seconds(), line)
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
