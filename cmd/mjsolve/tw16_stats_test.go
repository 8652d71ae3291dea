package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTW16StatsText(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"tw16", "stats", "--deals", "30", "--seed", "4"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	for _, want := range []string{
		"30 deals, seed 4, no flowers (136 tiles): 30 dealer hands (17 tiles), 90 non-dealer hands (16 tiles)\n",
		"draws a hand gets (four players, no claims, until 16 tiles are left): dealer 13, non-dealer 14\n",
		"\nstarting shanten\nshanten  dealer", "reached tenpai", "draws to win", "獨聽\n", "雙碰\n",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	if errb.Len() != 0 {
		t.Errorf("stderr %q (no progress off a terminal)", errb.String())
	}
}

func TestTW16StatsJSONAndPlot(t *testing.T) {
	dir := t.TempDir()
	png := filepath.Join(dir, "hands.png")
	var out, errb bytes.Buffer
	args := []string{"tw16", "stats", "--deals", "40", "--seed", "2", "--flowers", "--json", "--plot", png}
	if code := run(args, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	var got struct {
		Deals        int                         `json:"deals"`
		Flowers      bool                        `json:"flowers"`
		StartShanten map[string]map[string]int64 `json:"start_shanten"`
	}
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, out.String())
	}
	n := map[string]int64{}
	for seat, h := range got.StartShanten {
		for _, c := range h {
			n[seat] += c
		}
	}
	if got.Deals != 40 || !got.Flowers || n["dealer"] != 40 || n["non_dealer"] != 120 || len(n) != 2 {
		t.Fatalf("deals %d, flowers %v, start shanten counts %v", got.Deals, got.Flowers, n)
	}
	data, err := os.ReadFile(png)
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Fatalf("plot: %v, %d bytes", err, len(data))
	}
	// The same deals with one worker: the same report.
	var again bytes.Buffer
	run(append(args[:len(args)-2], "--workers", "1"), nil, &again, &errb)
	if again.String() != out.String() {
		t.Errorf("one worker gave\n%s\nall workers\n%s", again.String(), out.String())
	}
}

func TestTW16StatsBadInput(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--deals", "-5"}, "mjsolve: --deals -5: must be at least 1\n"},
		{[]string{"--deals", "0"}, "mjsolve: --deals 0: must be at least 1\n"},
		{[]string{"--deals", "x"}, `mjsolve: --deals: "x" is not a whole number (see 'mjsolve tw16 stats --help')` + "\n"},
		{[]string{"--seed", "-1"}, `mjsolve: --seed: "-1" is not a whole number 0 or more (see 'mjsolve tw16 stats --help')` + "\n"},
		{[]string{"--workers", "-2"}, "mjsolve: --workers -2: must not be negative\n"},
		{[]string{"--workers", "4097"}, "mjsolve: --workers 4097: must be at most 4096\n"},
		{[]string{"--plot", filepath.Join(dir, "hands.gif")}, "mjsolve: --plot " + filepath.Join(dir, "hands.gif") + ": unknown extension .gif (want .png, .svg or .pdf)\n"},
		{[]string{"--plot", filepath.Join(dir, "no", "hands.png")}, "mjsolve: --plot " + filepath.Join(dir, "no", "hands.png") + ": no directory " + filepath.Join(dir, "no") + "\n"},
		{[]string{"--plot", filepath.Join(dir, "h.png"), "--plot-size", "10x10"}, `mjsolve: --plot-size "10x10": want WxH in pixels, each 16 to 20000 (e.g. 960x600)` + "\n"},
		{[]string{"--plot-size", "10"}, `mjsolve: --plot-size "10": want WxH in pixels, each 16 to 20000 (e.g. 960x600)` + "\n"}, // without --plot too
		{[]string{"extra"}, ""},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"tw16", "stats"}, tc.args...), nil, &out, &errb)
		if code != exitBadInput || out.Len() != 0 || strings.Count(errb.String(), "\n") != 1 || tc.want != "" && errb.String() != tc.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q, want exit 2 and %q", tc.args, code, out.String(), errb.String(), tc.want)
		}
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("bad input left %d files", len(entries))
	}
}
