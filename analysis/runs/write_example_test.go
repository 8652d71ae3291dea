package runs_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sync/atomic"
	"time"

	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/layouts"
)

// tick is a fake clock for reproducible times: every reading is 1ms
// later than the one before, so that each board, measured by two readings
// on one worker, takes 1ms.
func tick() (clock func() time.Duration, cpu func() (time.Duration, bool)) {
	var now atomic.Int64
	clock = func() time.Duration { return time.Duration(now.Add(int64(time.Millisecond))) }
	cpu = func() (time.Duration, bool) { return clock(), true }
	return clock, cpu
}

// The table and the JSON lines of "mjsolve solitaire --layout tiny8,ends10"
// (20 boards each; a fake clock makes the times reproducible).
func ExampleSurveyOutcome_Write() {
	f := &layouts.Finder{} // the built-ins only
	entries, err := runs.SelectLayouts("tiny8,ends10", f.List(), f.Find)
	if err != nil {
		panic(err)
	}
	clock, cpu := tick()
	res, err := runs.Survey(context.Background(), runs.SurveySpec{Entries: entries,
		Spec: runs.Spec{First: 1, Seed: 1, Boards: 20, Workers: 1, Clock: clock, CPU: cpu}})
	if err != nil {
		panic(err)
	}
	if err := res.Write(os.Stdout, false); err != nil {
		panic(err)
	}
	// The JSON lines: one object per layout, the main job's fields.
	var buf bytes.Buffer
	if err := res.Write(&buf, true); err != nil {
		panic(err)
	}
	for sc := bufio.NewScanner(&buf); sc.Scan(); {
		var row struct {
			Layout     string  `json:"layout"`
			Boards     int64   `json:"boards"`
			Impossible int64   `json:"impossible"`
			Rate       float64 `json:"rate"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			panic(err)
		}
		fmt.Printf("%+v\n", row)
	}
	// Output:
	// layout  source   tiles  boards  unwinnable  95% CI         decided by                       mean    p99     max     de Bondt
	// tiny8   builtin  8      20      50.00%      29.93%–70.07%  random 50% search 50%            3.00ms  3.00ms  3.00ms  -
	// ends10  builtin  10     20      80.00%      58.40%–91.93%  prune 75% random 15% search 10%  3.00ms  3.00ms  3.00ms  -
	// {Layout:tiny8 Boards:20 Impossible:10 Rate:0.5}
	// {Layout:ends10 Boards:20 Impossible:16 Rate:0.8}
}

// The table and the JSON lines of "mjsolve solitaire play --layout ends10
// --strategy random,lookahead" (20 boards; a fake clock makes the times
// reproducible).
func ExamplePlayOutcome_Write() {
	l, _ := layouts.Builtin("ends10")
	clock, cpu := tick()
	res, err := runs.Play(context.Background(), runs.PlaySpec{Strategies: []string{"random", "lookahead"},
		Spec: runs.Spec{Layout: l, First: 1, Seed: 1, Boards: 20, Workers: 1, Clock: clock, CPU: cpu}})
	if err != nil {
		panic(err)
	}
	if err := res.Write(os.Stdout, false); err != nil {
		panic(err)
	}
	// The JSON lines: one object per strategy, the main job's fields and
	// the play's.
	var buf bytes.Buffer
	if err := res.Write(&buf, true); err != nil {
		panic(err)
	}
	for sc := bufio.NewScanner(&buf); sc.Scan(); {
		var row struct {
			Boards int64 `json:"boards"`
			Play   struct {
				Strategy string  `json:"strategy"`
				Won      int64   `json:"won"`
				Price    float64 `json:"price"`
			} `json:"play"`
		}
		if err := json.Unmarshal(sc.Bytes(), &row); err != nil {
			panic(err)
		}
		fmt.Printf("%+v\n", row)
	}
	// Output:
	// ends10 (10 tiles), deal pcg, seed 1, games 1..20
	// strategy   boards  won (no peeking)  95% CI        winnable (peeking)  95% CI        price of not peeking  95% CI         left on lost  play CPU/board  CPU/board
	// random     20      10.00%            2.79%–30.10%  20.00%              8.07%–41.60%  50.00%                15.00%–85.00%  7.7           1.00ms          5.00ms
	// lookahead  20      20.00%            8.07%–41.60%  20.00%              8.07%–41.60%  0.00%                 0.00%–48.99%   7.6           1.00ms          5.00ms
	// {Boards:20 Play:{Strategy:random Won:2 Price:0.5}}
	// {Boards:20 Play:{Strategy:lookahead Won:4 Price:0}}
}
