package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/internal/golden"
)

func TestTW16SelfplayJSON(t *testing.T) {
	var out, errb bytes.Buffer
	code := run([]string{"tw16", "selfplay", "--hands", "32", "--seed", "3", "--json"}, nil, &out, &errb)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Hands   int `json:"hands"`
		Players []struct {
			Name      string     `json:"name"`
			Score     int64      `json:"score"`
			Wins      int        `json:"wins"`
			SelfDrawn int        `json:"self_drawn"`
			DealIns   int        `json:"deal_ins"`
			Failures  int        `json:"failures"`
			Mean      float64    `json:"mean"`
			CI95      [2]float64 `json:"ci95"`
		} `json:"players"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	if got.Hands != 32 || len(got.Players) != 4 {
		t.Fatalf("hands %d, %d players", got.Hands, len(got.Players))
	}
	names := []string{"advice", "advice", "random", "draw-discard"}
	sum, wins := int64(0), 0
	for i, p := range got.Players {
		if p.Name != names[i] {
			t.Errorf("player %d is %q, want %q", i+1, p.Name, names[i])
		}
		sum += p.Score
		wins += p.Wins
		if p.Mean != float64(p.Score)/32 || p.CI95[0] > p.Mean || p.CI95[1] < p.Mean {
			t.Errorf("player %d: mean %v, interval %v for score %d", i+1, p.Mean, p.CI95, p.Score)
		}
	}
	if sum != 0 || wins == 0 {
		t.Errorf("scores sum to %d; %d wins", sum, wins)
	}
	// The same seed gives the same table with one worker.
	var again bytes.Buffer
	run([]string{"tw16", "selfplay", "--hands", "32", "--seed", "3", "--json", "--workers", "1"}, nil, &again, &errb)
	if again.String() != out.String() {
		t.Errorf("one worker gave\n%s\nall workers\n%s", again.String(), out.String())
	}
}

func TestTW16SelfplayText(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"tw16", "selfplay", "--hands", "8", "--strategy", "random", "--strategy", "draw-discard",
		"--strategy", "advice", "--strategy", "random"}
	if code := run(args, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	golden.Check(t, "tw16-selfplay", out.String())
}

func TestTW16SelfplayBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--strategy", "advice"}, "--strategy is given 1 times"},
		{[]string{"--strategy", "a", "--strategy", "b", "--strategy", "c", "--strategy", "d"}, "--strategy a: not one of search, advice, random, draw-discard"},
		{[]string{"--hands", "0"}, "--hands 0: must be at least 1"},
		{[]string{"--workers", "1000000"}, "mjsolve: --workers 1000000: must be at most 4096\n"},
		{[]string{"--monte-carlo", "-1"}, "--monte-carlo -1"},
		{[]string{"--monte-carlo", "99999999"}, "mjsolve: --monte-carlo 99999999: must be at most 100000\n"},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"tw16", "selfplay"}, tc.args...), nil, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tc.want) || out.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 and %q", tc.args, code, errb.String(), out.String(), tc.want)
		}
	}
}

func TestTW16SelfplayStrategyOptions(t *testing.T) {
	var out, errb bytes.Buffer
	args := []string{"tw16", "selfplay", "--hands", "16", "--json", "--strategy", "advice", "--strategy", "advice:no-defence",
		"--strategy", "advice:monte-carlo=20", "--strategy", "advice:no-defence,monte-carlo=5"}
	if code := run(args, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), `"name":"advice:monte-carlo=20"`) {
		t.Errorf("output %s", out.String())
	}
	for _, bad := range []string{"advice:bogus", "advice:monte-carlo=x", "random:no-defence", "advice:monte-carlo=-1"} {
		errb.Reset()
		code := run([]string{"tw16", "selfplay", "--strategy", bad, "--strategy", "advice", "--strategy", "advice", "--strategy", "advice"}, nil, &out, &errb)
		if code != 2 || !strings.HasPrefix(errb.String(), "mjsolve: --strategy: bot: ") {
			t.Errorf("%s: exit %d, stderr %q", bad, code, errb.String())
		}
	}
}
