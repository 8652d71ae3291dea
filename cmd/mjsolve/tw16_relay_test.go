package main

import (
	"fmt"
	"net"
	"os"
	"strings"
	"time"
)

// relayEnv, when set to "LISTEN TARGET DELAY", makes the test binary a
// TCP relay (see TestMain): what it accepts on LISTEN it connects to
// TARGET, and it passes every byte on DELAY later in each direction.
const relayEnv = "MJSOLVE_TEST_RELAY"

// relayMain is the relay: it serves until killed.
func relayMain(spec string) int {
	f := strings.Fields(spec)
	if len(f) != 3 {
		fmt.Fprintf(os.Stderr, "relay: want LISTEN TARGET DELAY, have %q\n", spec)
		return 2
	}
	delay, err := time.ParseDuration(f[2])
	if err != nil {
		fmt.Fprintln(os.Stderr, "relay:", err)
		return 2
	}
	l, err := net.Listen("tcp", f[0])
	if err != nil {
		fmt.Fprintln(os.Stderr, "relay:", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "relay: passing %s to %s %v later\n", f[0], f[1], delay)
	for {
		down, err := l.Accept()
		if err != nil {
			fmt.Fprintln(os.Stderr, "relay:", err)
			return 1
		}
		go func() {
			up, err := net.DialTimeout("tcp", f[1], 5*time.Second)
			if err != nil {
				fmt.Fprintln(os.Stderr, "relay:", err)
				down.Close()
				return
			}
			closeBoth := func() { down.Close(); up.Close() }
			go delayCopy(up, down, delay, closeBoth)
			delayCopy(down, up, delay, closeBoth)
		}()
	}
}

// delayCopy copies src to dst, each chunk delay after it was read, in
// order; at the end of src (or an error) it closes both connections once
// the chunks read are written.
func delayCopy(dst, src net.Conn, delay time.Duration, closeBoth func()) {
	type chunk struct {
		b  []byte
		at time.Time
	}
	ch := make(chan chunk, 1<<14)
	go func() {
		defer closeBoth()
		for c := range ch {
			time.Sleep(time.Until(c.at))
			if _, err := dst.Write(c.b); err != nil {
				for range ch {
				}
				return
			}
		}
	}()
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if n > 0 {
			ch <- chunk{append([]byte(nil), buf[:n]...), time.Now().Add(delay)}
		}
		if err != nil {
			close(ch)
			return
		}
	}
}
