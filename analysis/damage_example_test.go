package analysis_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/mjsolve/mjsolve/analysis"
)

// readAll reads every record of a record file held in data.
func readAll(data []byte) (n int, truncated bool, err error) {
	rr, err := analysis.NewRecordReader(bytes.NewReader(data), "r.jsonl.zst")
	if err != nil {
		return 0, false, err
	}
	defer rr.Close()
	for {
		if _, err := rr.Next(); err == io.EOF {
			return n, rr.Truncated(), nil
		} else if err != nil {
			return n, false, err
		}
		n++
	}
}

// A compressed record file that ends early (a crash) reads as the records
// of its complete frames; one with a changed bit is refused with an error
// wrapping ErrDamaged that names the byte offset.
func ExampleErrDamaged() {
	var buf bytes.Buffer
	h := analysis.Header{Layout: "turtle", Tiles: 144, Geometry: "x", Deal: "pcg", Seed: 1, First: 1, Boards: 100}
	w, _ := analysis.NewRecordWriter(&buf, true, h)
	for g := uint64(1); g <= 100; g++ {
		w.Write(analysis.Record{Game: g, Verdict: analysis.Winnable, Method: "random", NS: 1000})
		if g%50 == 0 {
			w.Flush() // the writer ends a frame every 2 seconds; here every 50 records
		}
	}
	w.Close()
	data := buf.Bytes()

	n, truncated, err := readAll(data[:len(data)-10])
	fmt.Println("cut:", n, "records, truncated", truncated, err)

	data[len(data)-10] ^= 1
	n, _, err = readAll(data)
	fmt.Println("damaged:", n, "records,", errors.Is(err, analysis.ErrDamaged), err)
	// Output:
	// cut: 50 records, truncated true <nil>
	// damaged: 50 records, true analysis: r.jsonl.zst: damaged at byte 432: frame checksum mismatch
}
