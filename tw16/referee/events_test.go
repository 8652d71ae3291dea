package referee

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/klauspost/compress/zstd"

	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// TestReadHand reads the transcripts of a match in which a program fails
// in every hand, and their event forms, plain and compressed: each is the
// same hand; damaged, each is an error.
func TestReadHand(t *testing.T) {
	_, reps, _ := matchWith(t, "garbage", 2, 0)
	for _, r := range reps {
		data, err := os.ReadFile(r.Transcript)
		if err != nil {
			t.Fatal(err)
		}
		h, err := ReadHand(bytes.NewReader(data), nil)
		if err != nil {
			t.Fatalf("%s: %v", r.Transcript, err)
		}
		if h.Header.Source != handlog.SourceReferee || h.Header.Hand != r.Scheduled.Index+1 || h.Header.Seats[1].Name != "garbage" {
			t.Errorf("%s: header source %q hand %d seats %+v", r.Transcript, h.Header.Source, h.Header.Hand, h.Header.Seats)
		}
		var plain, packed bytes.Buffer
		h.WriteTo(&plain)
		z, _ := zstd.NewWriter(&packed)
		z.Write(plain.Bytes())
		z.Close()
		for _, form := range [][]byte{plain.Bytes(), packed.Bytes()} {
			back, err := ReadHand(bytes.NewReader(form), nil)
			if err != nil {
				t.Fatalf("%s: the event form: %v", r.Transcript, err)
			}
			if !reflect.DeepEqual(back, h) {
				t.Errorf("%s: the event form reads back differently", r.Transcript)
			}
		}
		if !strings.Contains(plain.String(), `"type":"failure"`) || !strings.Contains(plain.String(), `"by":"dummy"`) {
			t.Errorf("%s: no failure and no dummy in the event form", r.Transcript)
		}
		damaged := strings.Replace(plain.String(), `"type":"discard"`, `"type":"pass"`, 1)
		if _, err := ReadHand(strings.NewReader(damaged), nil); err == nil {
			t.Errorf("%s: a damaged event form reads", r.Transcript)
		}
		if _, err := ReadHand(bytes.NewReader(packed.Bytes()[:packed.Len()-20]), nil); err == nil || !strings.Contains(err.Error(), "cut short or damaged") {
			t.Errorf("%s: a compressed event form cut short: %v", r.Transcript, err)
		}
		if _, err := ReadHand(bytes.NewReader(data[:len(data)/2]), nil); err == nil {
			t.Errorf("%s: half a transcript reads", r.Transcript)
		}
	}
	for _, bad := range []string{"", "hello\n", "{}\n"} {
		if _, err := ReadHand(strings.NewReader(bad), nil); err == nil {
			t.Errorf("%q reads", bad)
		}
	}
}
