package handlog

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/klauspost/compress/zstd"
)

// Limits of Read: the bytes of a hand (after decompression), of one line,
// and the events. A hand takes some 40 KB and 300 events.
const (
	MaxBytes  = 16 << 20
	MaxLine   = 1 << 20
	MaxEvents = 100_000
)

// WriteTo writes the hand as JSON lines: the header, then one event a line.
func (h *Hand) WriteTo(w io.Writer) (int64, error) {
	bw := bufio.NewWriter(w)
	cw := &countingWriter{w: bw}
	enc := json.NewEncoder(cw)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(&h.Header); err != nil {
		return cw.n, err
	}
	for i := range h.Events {
		if err := enc.Encode(&h.Events[i]); err != nil {
			return cw.n, err
		}
	}
	return cw.n, bw.Flush()
}

type countingWriter struct {
	w io.Writer
	n int64
}

func (c *countingWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// zstdMagic begins a zstd frame.
var zstdMagic = []byte{0x28, 0xb5, 0x2f, 0xfd}

// IsZstd reports whether data begins like a zstd-compressed file.
func IsZstd(data []byte) bool { return bytes.HasPrefix(data, zstdMagic) }

// IsEventForm reports whether data, zstd-compressed or not, begins as a
// hand in event form does (a JSON object), rather than as a referee
// transcript or anything else.
func IsEventForm(data []byte) bool {
	if IsZstd(data) {
		z, err := zstd.NewReader(bytes.NewReader(data), zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(8<<20), zstd.WithDecoderMaxMemory(64<<20))
		if err != nil {
			return false
		}
		defer z.Close()
		var head [64]byte
		n, _ := io.ReadFull(z, head[:])
		data = head[:n]
	}
	text := bytes.TrimLeft(data, " \t\r\n")
	return len(text) > 0 && text[0] == '{'
}

// Read reads a hand written by WriteTo, compressed with zstd or not. It
// checks the form (the header's schema and a version it knows, events
// numbered in order, an "end" event last) but not the play: Verify does.
// Errors name the line.
func Read(r io.Reader) (*Hand, error) {
	br := bufio.NewReader(r)
	if magic, _ := br.Peek(4); IsZstd(magic) {
		z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(8<<20), zstd.WithDecoderMaxMemory(64<<20))
		if err != nil {
			return nil, fmt.Errorf("handlog: %w", err)
		}
		defer z.Close()
		br = bufio.NewReader(z)
	}
	sc := bufio.NewScanner(io.LimitReader(br, MaxBytes+1))
	sc.Buffer(make([]byte, 64<<10), MaxLine)
	n := 0
	bad := func(format string, args ...any) error {
		return fmt.Errorf("handlog: line %d: %s", n, fmt.Sprintf(format, args...))
	}
	read := 0
	h := &Hand{}
	for sc.Scan() {
		n++
		read += len(sc.Bytes()) + 1
		if read > MaxBytes {
			return nil, fmt.Errorf("handlog: larger than %d bytes", MaxBytes)
		}
		line := sc.Bytes()
		if n == 1 {
			if err := readHeader(line, &h.Header); err != nil {
				return nil, bad("%v", err)
			}
			continue
		}
		if len(bytes.TrimSpace(line)) == 0 {
			return nil, bad("an empty line")
		}
		if h.End() != nil {
			return nil, bad("a line after the end event")
		}
		if len(h.Events) == MaxEvents {
			return nil, bad("more than %d events", MaxEvents)
		}
		var e Event
		if err := json.Unmarshal(line, &e); err != nil {
			return nil, bad("%s", jsonReason(err))
		}
		if e.N != len(h.Events)+1 {
			return nil, bad("event n %d, want %d", e.N, len(h.Events)+1)
		}
		if e.Type == "" {
			return nil, bad("an event without a type")
		}
		if len(e.Points) != 0 && len(e.Points) != 4 || e.Type == EventEnd && len(e.Points) != 4 {
			return nil, bad("%d points, want one for each of the 4 seats", len(e.Points))
		}
		// An empty list is as good as none (the writer leaves it out).
		for _, l := range []*[]string{&e.Tiles, &e.Offered} {
			if len(*l) == 0 {
				*l = nil
			}
		}
		if len(e.TIDs) == 0 {
			e.TIDs = nil
		}
		h.Events = append(h.Events, e)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("handlog: line %d: longer than %d bytes", n+1, MaxLine)
		}
		return nil, fmt.Errorf("handlog: cut short or damaged after line %d: %w", n, err)
	}
	if n == 0 {
		return nil, fmt.Errorf("handlog: empty: no header line")
	}
	if h.End() == nil {
		return nil, fmt.Errorf("handlog: the hand ends at line %d without its end event", n)
	}
	return h, nil
}

// readHeader parses the first line.
func readHeader(line []byte, h *Header) error {
	var probe struct {
		Schema  *string `json:"schema"`
		Version *int    `json:"version"`
	}
	if err := json.Unmarshal(line, &probe); err != nil || probe.Schema == nil || *probe.Schema != Schema {
		return fmt.Errorf("not a hand in event form (the first line has no \"schema\":%q)", Schema)
	}
	if probe.Version == nil || *probe.Version < 1 {
		return fmt.Errorf("no version 1 or above")
	}
	if *probe.Version > Version {
		return fmt.Errorf("version %d is newer than this reader's %d", *probe.Version, Version)
	}
	if err := json.Unmarshal(line, h); err != nil {
		return fmt.Errorf("header: %s", jsonReason(err))
	}
	if h.Type != "hand" {
		return fmt.Errorf("header: type %q, want \"hand\"", h.Type)
	}
	return nil
}

// jsonReason words an error of encoding/json for a person.
func jsonReason(err error) string {
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) && typ.Field != "" {
		return fmt.Sprintf("%s: want %s, have %s", typ.Field, typ.Type, typ.Value)
	}
	return strings.TrimPrefix(err.Error(), "json: ")
}
