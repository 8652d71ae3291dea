package handlog

import (
	"bytes"
	"reflect"
	"testing"
)

// FuzzRead reads damaged hands: never a panic; a hand that reads writes
// back to one that reads the same; Verify, Walk and Tally give an answer,
// and a hand that verifies walks to its end.
func FuzzRead(f *testing.F) {
	for _, seed := range []uint64{1, 2, 11} {
		var buf bytes.Buffer
		builtHand(f, seed).WriteTo(&buf)
		f.Add(buf.Bytes())
	}
	f.Add([]byte(`{"schema":"mjsolve-tw16-hand","version":1,"type":"hand"}` + "\n" + `{"n":1,"type":"end","points":[0,0,0,0]}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		h, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if _, err := h.WriteTo(&buf); err != nil {
			t.Fatal(err)
		}
		back, err := Read(&buf)
		if err != nil {
			t.Fatalf("written back, it does not read: %v", err)
		}
		if !reflect.DeepEqual(back, h) {
			t.Fatal("written back, it reads differently")
		}
		verr := Verify(h, nil)
		n := 0
		werr := Walk(h, nil, func(*Decision) error { n++; return nil })
		if verr == nil && werr != nil {
			t.Fatalf("verifies but does not walk: %v", werr)
		}
		if y, err := h.Tally(); err == nil {
			if y.Result.Points != [4]int(h.End().Points) {
				t.Fatalf("tallied points %v, the end's %v", y.Result.Points, h.End().Points)
			}
		}
	})
}
