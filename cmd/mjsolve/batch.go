package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// maxBatchLine bounds the lines of a batch on standard input: a line of
// this length or more is a bad line, reported in its place.
const maxBatchLine = 64 * 1024

// batchReader reads the lines of a batch ("-" as HAND): it skips blank
// lines and # comments, and reports a line longer than maxBatchLine as
// too long, skipping it, rather than stopping the batch.
type batchReader struct {
	r      *bufio.Reader
	lineNo int
	line   []byte
	long   int // the length of the current line when it is too long, else 0
	err    error
}

func newBatchReader(r io.Reader) *batchReader {
	return &batchReader{r: bufio.NewReaderSize(r, maxBatchLine)}
}

// Next moves to the next line that is not blank or a comment; it returns
// false at the end of the input or on a read error (see Err).
func (b *batchReader) Next() bool {
	for b.err == nil {
		b.lineNo++
		b.long = 0
		line, err := b.r.ReadSlice('\n')
		if errors.Is(err, bufio.ErrBufferFull) {
			b.long, err = b.skipLine(len(line))
		}
		if err != nil && (err != io.EOF || len(line) == 0 && b.long == 0) {
			b.err = err
			return false
		}
		b.line = bytes.TrimSpace(line)
		if b.long > 0 || len(b.line) > 0 && b.line[0] != '#' {
			return true
		}
	}
	return false
}

// skipLine reads the rest of a line of which n bytes were read, and
// returns its length without the newline.
func (b *batchReader) skipLine(n int) (int, error) {
	for {
		rest, err := b.r.ReadSlice('\n')
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
// the next call of Next; LineNo its number, counting from 1 and counting
// every line read.
func (b *batchReader) Line() []byte { return b.line }
func (b *batchReader) LineNo() int  { return b.lineNo }

// TooLong returns the error of a current line that is too long, or nil.
func (b *batchReader) TooLong() error {
	if b.long == 0 {
		return nil
	}
	return fmt.Errorf("line too long (%d bytes)", b.long)
}

// Err returns the read error that ended the batch, nil at its end.
func (b *batchReader) Err() error {
	if b.err == io.EOF {
		return nil
	}
	return b.err
}

// maxExcerpt is how many characters of the input an error message quotes.
const maxExcerpt = 60

// excerpt returns s for an error message: s itself, or its first
// maxExcerpt characters and "…" when it is longer.
func excerpt(s string) string {
	n := 0
	for i := range s {
		if n == maxExcerpt {
			return s[:i] + "…"
		}
		n++
	}
	return s
}
