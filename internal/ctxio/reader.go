package ctxio

import (
	"context"
	"io"
)

// NewReader returns a reader of r that stops when ctx is done: a Read
// returns ctx.Err() at once, before it reads or while it waits for r. A
// read of r that is waiting then is left to finish on its own, and what it
// reads is dropped; the reader should not be used after that. With a ctx
// that is never done, it reads r as it is.
func NewReader(ctx context.Context, r io.Reader) io.Reader {
	if ctx.Done() == nil {
		return r
	}
	return &reader{ctx: ctx, r: r}
}

type reader struct {
	ctx  context.Context
	r    io.Reader
	buf  []byte // what r reads into, never p: a read left waiting may fill it late
	done chan result
}

type result struct {
	n   int
	err error
}

func (c *reader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if len(c.buf) < len(p) {
		c.buf = make([]byte, len(p))
	}
	if c.done == nil {
		c.done = make(chan result, 1)
	}
	buf := c.buf[:len(p)]
	go func() {
		n, err := c.r.Read(buf)
		c.done <- result{n, err}
	}()
	select {
	case res := <-c.done:
		return copy(p, buf[:res.n]), res.err
	case <-c.ctx.Done():
		c.buf, c.done = nil, nil // the read goes on with them
		return 0, c.ctx.Err()
	}
}
