package batch

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"unsafe"

	"github.com/mjsolve/mjsolve/internal/ctxio"
)

// Answer answers every line of in on out, in order and through a buffer.
// answer appends the answer of a line (with its newline) to b, or returns
// an error; line is only valid during the call (an error that quotes it
// must copy it).
//
// An error for which reason returns ok is the line's fault: msg is written
// in the line's place, "error: line N: msg", or {"line":N,"error":"msg"}
// with asJSON, and the batch goes on; so is a line too long. Any other
// error of answer ends the batch and is returned, as is an error reading in
// or writing out (the answers before it are written). Answer returns the
// number of bad lines.
//
// The answers are written out before each wait for more input, so that a
// program feeding lines one at a time gets each answer. When ctx is done
// Answer stops (within a few hundred lines, or at once while it waits for
// input) with ctx.Err(), the answers so far written out.
func Answer(ctx context.Context, in io.Reader, out io.Writer, asJSON bool,
	answer func(b []byte, line string) ([]byte, error),
	reason func(err error) (msg string, ok bool)) (bad int, err error) {
	w := bufio.NewWriterSize(out, 64*1024)
	r := New(flushFirst{ctxio.NewReader(ctx, in), w})
	var buf []byte
	for n := 0; r.Next(); n++ {
		if n%256 == 0 && ctx.Err() != nil {
			if err := w.Flush(); err != nil {
				return bad, err
			}
			return bad, ctx.Err()
		}
		raw := r.Line()
		// The line is only read while the reader's buffer holds it.
		line := unsafe.String(unsafe.SliceData(raw), len(raw))
		err := r.TooLong()
		msg := ""
		if err != nil {
			msg = err.Error()
		} else if buf, err = answer(buf[:0], line); err != nil {
			var ok bool
			if msg, ok = reason(err); !ok {
				w.Flush()
				return bad, err
			}
		}
		if err != nil {
			bad++
			buf = appendError(buf[:0], r.LineNo(), msg, asJSON)
		}
		if _, err := w.Write(buf); err != nil {
			return bad, err
		}
	}
	if err := r.Err(); err != nil {
		w.Flush()
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return bad, err
		}
		return bad, fmt.Errorf("reading standard input: %w", err)
	}
	return bad, w.Flush()
}

// appendError appends the answer of bad line n: "error: line N: msg" or,
// with asJSON, {"line":N,"error":"msg"}, and a newline.
func appendError(b []byte, n int, msg string, asJSON bool) []byte {
	if asJSON {
		data, _ := json.Marshal(struct {
			Line  int    `json:"line"`
			Error string `json:"error"`
		}{n, msg})
		return append(append(b, data...), '\n')
	}
	b = append(b, "error: line "...)
	b = strconv.AppendInt(b, int64(n), 10)
	return append(append(append(b, ": "...), msg...), '\n')
}

// flushFirst reads from r after writing out what w holds. (An error
// writing stays in w and is w's next Write's.)
type flushFirst struct {
	r io.Reader
	w *bufio.Writer
}

func (f flushFirst) Read(p []byte) (int, error) {
	f.w.Flush()
	return f.r.Read(p)
}
