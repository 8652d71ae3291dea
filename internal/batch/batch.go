// Package batch reads and answers a batch of questions, one a line.
//
// The commands that answer one question per line on standard input read them
// here: blank lines and # comments are skipped, and a line too long is a bad
// line reported in its place rather than the end of the batch. Answer runs a
// whole batch: one answer per line, and a bad line's error written in its
// place; the answers are written out before each wait for more input, and
// the batch stops when its context is done.
package batch

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// MaxLine bounds the lines of a batch on standard input: a line of
// this length or more is a bad line, reported in its place.
const MaxLine = 64 * 1024

// Reader reads the lines of a batch ("-" as HAND): it skips blank
// lines and # comments, and reports a line longer than MaxLine as
// too long, skipping it, rather than stopping the batch.
type Reader struct {
	r      *bufio.Reader
	lineNo int
	line   []byte
	long   int // the length of the current line when it is too long, else 0
	err    error
}

// New returns a Reader of in.
func New(in io.Reader) *Reader {
	return &Reader{r: bufio.NewReaderSize(in, MaxLine)}
}

// Next moves to the next line that is not blank or a comment; it returns
// false at the end of the input or on a read error (see Err).
func (r *Reader) Next() bool {
	for r.err == nil {
		r.lineNo++
		r.long = 0
		line, err := r.r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			r.long, err = r.skipLine(len(line))
		}
		if err != nil && (err != io.EOF || len(line) == 0 && r.long == 0) {
			r.err = err
			return false
		}
		r.line = bytes.TrimSpace(line)
		if r.long > 0 || len(r.line) > 0 && r.line[0] != '#' {
			return true
		}
	}
	return false
}

// skipLine reads the rest of a line of which n bytes were read, and
// returns its length without the newline.
func (r *Reader) skipLine(n int) (int, error) {
	for {
		rest, err := r.r.ReadSlice('\n')
		n += len(rest)
		if !errors.Is(err, bufio.ErrBufferFull) {
			if len(rest) > 0 && rest[len(rest)-1] == '\n' {
				n--
			}
			return n, err
		}
	}
}

// Line returns the current line without surrounding space, valid until
// the next call of Next.
func (r *Reader) Line() []byte { return r.line }

// LineNo returns the number of the current line, counting from 1 and
// counting every line read.
func (r *Reader) LineNo() int { return r.lineNo }

// TooLong returns the error of a current line that is too long, or nil.
func (r *Reader) TooLong() error {
	if r.long == 0 {
		return nil
	}
	return fmt.Errorf("line too long (%d bytes)", r.long)
}

// Err returns the read error that ended the batch, nil at its end.
func (r *Reader) Err() error {
	if r.err == io.EOF {
		return nil
	}
	return r.err
}
