package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestTW16Bot(t *testing.T) {
	in := strings.Join([]string{
		"/start MJ 2 bot",
		"/initGame EAST EAST 1 1 0",
		"/initCard 110 111 112 120 130 140 150 160 170 210 220 230 240 250 260 290",
		"/throw 1 410",
		"/ask pong",
		"bad line",
		"/mo 113",
		"/ask gong",
		"/gong 2 0 110 111 112 113",
		"/mo 291",
		"/ask hu",
		"/exit 0 0 0 0",
	}, "\n") + "\n"
	// The advice strategy, and the default (search) at a number of
	// playouts: both take the forced replies.
	for _, args := range [][]string{{"--strategy", "advice", "--seed", "5"}, {"--samples", "40", "--seed", "5"}} {
		var out, errb bytes.Buffer
		if code := run(append([]string{"tw16", "bot"}, args...), strings.NewReader(in), &out, &errb); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb.String())
		}
		// Pass the pong (no East held); a concealed kong of 1m costs nothing
		// (1111m 234m 567m 123s 456s 9s); the replacement 9s completes
		// 234m 567m 123s 456s 99s: win.
		if want := "/pass\n/gong 0 110 111 112 113\n/hu\n"; out.String() != want {
			t.Errorf("%v: replies %q, want %q", args, out.String(), want)
		}
		if want := "mjsolve tw16 bot: skipped: protocol: \"bad line\": field 1: not a server instruction\n"; errb.String() != want {
			t.Errorf("%v: stderr %q, want %q", args, errb.String(), want)
		}
	}
	if d := newTW16BotCmd().Flags().Lookup("strategy").DefValue; d != "search" {
		t.Errorf("default strategy %q, want search", d)
	}
}

func TestTW16BotBadInput(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--strategy", "clever"}, "--strategy clever: not one of search, advice, random, draw-discard"},
		{[]string{"--honors", "xyz"}, "--honors xyz: want icga or mjtalk"},
		{[]string{"--monte-carlo", "-3"}, "--monte-carlo -3: must not be negative"},
		{[]string{"--monte-carlo", "100001"}, "--monte-carlo 100001: must be at most 100000"},
		{[]string{"--think", "abc"}, `--think: "abc" is not a duration`},
		{[]string{"--think", "0s"}, "--think 0s: must be above 0 and at most 1m0s"},
		{[]string{"--think", "61s"}, "--think 1m1s: must be above 0 and at most 1m0s"},
		{[]string{"--samples", "-1"}, "--samples -1: must not be negative"},
		{[]string{"--samples", "10000001"}, "--samples 10000001: must be at most 10000000"},
		{[]string{"--threads", "257"}, "--threads 257: must be at most 256"},
		{[]string{"--strategy", "search:think=-1s"}, `think wants a duration above 0 and at most 1m0s, not "-1s"`},
		{[]string{"--strategy", "search:samples=ten"}, `samples wants a number 0 to 10000000, not "ten"`},
		{[]string{"--strategy", "search:depth=3"}, `unknown option "depth=3" (want think=DURATION, samples=N or threads=N)`},
	} {
		var out, errb bytes.Buffer
		code := run(append([]string{"tw16", "bot"}, tc.args...), strings.NewReader(""), &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), tc.want) || strings.Count(errb.String(), "\n") != 1 || out.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and %q", tc.args, code, errb.String(), tc.want)
		}
	}
}
