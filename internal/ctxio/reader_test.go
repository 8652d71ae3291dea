package ctxio

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

func TestReaderReadsAll(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	want := strings.Repeat("a line\n", 10000)
	got, err := io.ReadAll(NewReader(ctx, strings.NewReader(want)))
	if err != nil || string(got) != want {
		t.Fatalf("read %d bytes, %v; want %d bytes, nil", len(got), err, len(want))
	}
}

func TestReaderStopsWhileWaiting(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	defer pw.Close()
	r := NewReader(ctx, pr)
	go func() {
		pw.Write([]byte("first\n"))
		time.Sleep(50 * time.Millisecond)
		cancel() // the pipe stays open: the next read would wait for ever
	}()
	p := make([]byte, 64)
	n, err := r.Read(p)
	if err != nil || string(p[:n]) != "first\n" {
		t.Fatalf("first read %q, %v", p[:n], err)
	}
	if n, err := r.Read(p); n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("read after cancel: %d bytes, %v; want 0, context.Canceled", n, err)
	}
	// A read after the cancel stops before reading.
	if n, err := r.Read(p); n != 0 || !errors.Is(err, context.Canceled) {
		t.Fatalf("second read after cancel: %d bytes, %v", n, err)
	}
}

func TestReaderBackground(t *testing.T) {
	in := strings.NewReader("x")
	if r := NewReader(context.Background(), in); r != io.Reader(in) {
		t.Errorf("NewReader(Background, r) = %T, want r itself", r)
	}
}
