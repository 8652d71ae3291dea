package bot

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/tw16/protocol"
)

// FuzzServe feeds Serve any lines: it never panics, answers every /ask
// that parses with exactly one reply, and every reply is a well-formed
// protocol line.
func FuzzServe(f *testing.F) {
	f.Add("/start MJ 1 x\n/initGame EAST EAST 1 1 0\n/initCard 110 111 112 113 120 130 140 150 160 170 180 190 210 220 230 240 250\n/ask gong\n/ask throw\n")
	f.Add("/mo 110\n/mo 111\n/ask throw\n/throw 2 10\n/ask pong\n/ask eat\n/gong 3 1 110\n/ask hu\n")
	f.Add("/initCard 110 111 112 120 130 140 150 160 170 210 220 230 240 250 260 290\n/throw 4 113\n/ask gong\n/gong 1 4 110 111 112 113\n/eat 2 120 131 140\n/ask throw\n")
	f.Fuzz(func(t *testing.T, in string) {
		for _, name := range Names() {
			st, _ := New(name, Options{MonteCarlo: 8, Samples: 40})
			var out bytes.Buffer
			if err := Serve(context.Background(), strings.NewReader(in), &out, ServeOptions{Strategy: st, Seed: 1}); err != nil {
				t.Fatal(err)
			}
			asks := 0
			for _, line := range strings.Split(in, "\n") {
				if m, err := protocol.ParseMessage(strings.TrimRight(line, "\r")); err == nil && m.Op == protocol.OpAsk {
					asks++
				}
			}
			replies := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
			if out.Len() == 0 {
				replies = nil
			}
			if len(replies) != asks {
				t.Fatalf("%s: %d questions, %d replies %q", name, asks, len(replies), replies)
			}
			for _, r := range replies {
				if _, err := protocol.ParseReply(r); err != nil {
					t.Fatalf("%s: reply %q: %v", name, r, err)
				}
			}
		}
	})
}
