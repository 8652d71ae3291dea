package bot

import (
	"bufio"
	"context"
	"errors"
	"io"
	"testing"
	"time"
)

// Serve stops when its context is cancelled while it waits for the
// referee's next line (the input stays open), the replies given out.
func TestServeCancelWhileWaiting(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	inR, inW := io.Pipe()
	defer inW.Close()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, inR, outW, ServeOptions{Strategy: &Random{}, Seed: 1})
		outW.Close()
	}()
	io.WriteString(inW, "/start MJ 2 bot\n/initGame EAST EAST 1 1 0\n"+
		"/initCard 110 111 112 120 130 140 150 160 170 210 220 230 240 250 260 290\n/throw 1 410\n/ask pong\n")
	out := bufio.NewReader(outR)
	if reply, err := out.ReadString('\n'); err != nil || reply != "/pass\n" {
		t.Fatalf("reply %q, %v; want /pass", reply, err)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("Serve = %v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Serve did not stop within 10s of the cancel")
	}
	if rest, _ := io.ReadAll(out); len(rest) != 0 {
		t.Errorf("more written after the cancel: %q", rest)
	}
}
