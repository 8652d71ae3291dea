package main

import "testing"

// TestDurationFlagErrorsSpeakPlainly: a bad duration flag is one plain line, as
// a bad number flag is, not pflag's `invalid argument "5" for "--timeout" flag:
// time: missing unit in duration "5"`.
func TestDurationFlagErrorsSpeakPlainly(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solitaire", "solve", "--timeout", "5", "x.txt"}, `mjsolve: --timeout: "5" is not a duration (e.g. 30s, 1m30s) (see 'mjsolve solitaire solve --help')` + "\n"},
		{[]string{"solitaire", "--timeout-per-board", "5"}, `mjsolve: --timeout-per-board: "5" is not a duration (e.g. 30s, 1m30s) (see 'mjsolve solitaire --help')` + "\n"},
		{[]string{"solitaire", "--timeout-per-board", "soon"}, `mjsolve: --timeout-per-board: "soon" is not a duration (e.g. 30s, 1m30s) (see 'mjsolve solitaire --help')` + "\n"},
		{[]string{"tw16", "referee", "--move-time", "x"}, `mjsolve: --move-time: "x" is not a duration (e.g. 30s, 1m30s) (see 'mjsolve tw16 referee --help')` + "\n"},
		{[]string{"serve", "--solve-timeout", "5"}, `mjsolve: --solve-timeout: "5" is not a duration (e.g. 30s, 1m30s) (see 'mjsolve serve --help')` + "\n"},
		{[]string{"serve", "--solve-timeout=99999999999h"}, `mjsolve: --solve-timeout: "99999999999h" is not a duration (e.g. 30s, 1m30s) (see 'mjsolve serve --help')` + "\n"},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}
