package handlog

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// TestReadErrors gives Read damaged hands: each is one clear error naming
// the line.
func TestReadErrors(t *testing.T) {
	var good bytes.Buffer
	builtHand(t, 5).WriteTo(&good)
	lines := strings.SplitAfter(good.String(), "\n")
	lines = lines[:len(lines)-1]
	join := func(ls ...string) string { return strings.Join(ls, "") }
	for _, c := range []struct{ in, want string }{
		{"", "handlog: empty: no header line"},
		{"mjsolve tw16 transcript 1\n", `handlog: line 1: not a hand in event form (the first line has no "schema":"mjsolve-tw16-hand")`},
		{`{"schema":"mjsolve-tw16-hand","version":2}` + "\n", "handlog: line 1: version 2 is newer than this reader's 1"},
		{`{"schema":"mjsolve-tw16-hand"}` + "\n", "handlog: line 1: no version 1 or above"},
		{`{"schema":"mjsolve-tw16-hand","version":1,"type":"hand","dealer":"x"}` + "\n", "handlog: line 1: header: dealer: want int, have string"},
		{`{"schema":"mjsolve-tw16-hand","version":1,"type":"deal"}` + "\n", `handlog: line 1: header: type "deal", want "hand"`},
		{join(lines[:5]...), "handlog: the hand ends at line 5 without its end event"},
		{join(lines[0], lines[2]), "handlog: line 2: event n 2, want 1"},
		{join(lines[0], "{\"n\":1,\"type\":\"deal\",\"seat\":\"one\"}\n"), "handlog: line 2: seat: want int, have string"},
		{join(lines[0], "{\"n\":1}\n"), "handlog: line 2: an event without a type"},
		{join(lines[0], "{\"n\":1,\n"), "handlog: line 2: unexpected end of JSON input"},
		{join(lines[0], "\n"), "handlog: line 2: an empty line"},
		{join(append(lines, lines[1])...), fmt.Sprintf("handlog: line %d: a line after the end event", len(lines)+1)},
		{join(lines[0], strings.Repeat("x", MaxLine+1)), "handlog: line 2: longer than 1048576 bytes"},
	} {
		_, err := Read(strings.NewReader(c.in))
		if err == nil || err.Error() != c.want {
			t.Errorf("%.60q:\n got %v\nwant %s", c.in, err, c.want)
		}
	}
}

// TestReadZstd reads a compressed hand, and one cut short.
func TestReadZstd(t *testing.T) {
	h := builtHand(t, 6)
	var plain, packed bytes.Buffer
	h.WriteTo(&plain)
	z, _ := zstd.NewWriter(&packed)
	z.Write(plain.Bytes())
	z.Close()
	back, err := Read(bytes.NewReader(packed.Bytes()))
	if err != nil || len(back.Events) != len(h.Events) {
		t.Fatalf("%v", err)
	}
	_, err = Read(bytes.NewReader(packed.Bytes()[:packed.Len()/2]))
	if err == nil || !strings.HasPrefix(err.Error(), "handlog: cut short or damaged after line ") {
		t.Errorf("half a compressed hand: %v", err)
	}
}
