package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

func init() {
	// Keep the tests' shanten tables out of the user's cache directory: a
	// fixed directory under the system temporary directory, shared between
	// runs (writes are atomic), unless the caller chose one.
	if os.Getenv(cacheDirEnv) == "" {
		os.Setenv(cacheDirEnv, filepath.Join(os.TempDir(), "mjsolve-test-cache"))
	}
}

func TestTW16HandCommands(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"shanten", "1111222233334444z"}, "shanten: 4 (4 上聽)\n"},
		{[]string{"shanten", "1111m2222p33334444s"}, "shanten: 2 (2 上聽)\n"},
		{[]string{"shanten", "11112222333444z12m"}, "shanten: 2 (2 上聽)\n"},
		{[]string{"shanten", "123m 456p 789s 11z", "--melds", "234s 777p"}, "shanten: -1 (complete, 胡牌)\n"},
		{[]string{"shanten", "123456789m123456p1z"}, "shanten: 0 (tenpai, 聽牌)\n"},
		// 嚦咕嚦咕: seven pairs and a triplet, only with --ligu.
		{[]string{"shanten", "1122m3344p5566s777z1s"}, "shanten: 3 (3 上聽)\n"},
		{[]string{"shanten", "1122m3344p5566s777z1s", "--ligu"}, "shanten: 0 (tenpai, 聽牌)\n"},
		{[]string{"waits", "1122m3344p5566s777z1s", "--ligu"}, "shanten: 0 (tenpai, 聽牌)\n" +
			"waits:   1 kind, 3 tiles left; single wait (獨聽): yes\n" +
			"  1s  3 left  single  一條 單騎\n"},
		{[]string{"shanten", "--json", "11m"}, `{"hand":"11m","shanten":-1}` + "\n"},
		{[]string{"waits", "123456789p111s23m55z"}, "shanten: 0 (tenpai, 聽牌)\n" +
			"waits:   2 kinds, 8 tiles left; single wait (獨聽): no\n" +
			"  1m  4 left  two-sided  一萬 兩面\n" +
			"  4m  4 left  two-sided  四萬 兩面\n"},
		{[]string{"waits", "111s 23m 55z", "--melds", "123p 456p 789p", "--visible", "1m1m4m4m4m"}, "shanten: 0 (tenpai, 聽牌)\n" +
			"waits:   2 kinds, 3 tiles left; single wait (獨聽): no\n" +
			"  1m  2 left  two-sided  一萬 兩面\n" +
			"  4m  1 left  two-sided  四萬 兩面\n"},
		{[]string{"waits", "123456789p111s12m55z"}, "shanten: 0 (tenpai, 聽牌)\n" +
			"waits:   1 kind, 4 tiles left; single wait (獨聽): yes\n" +
			"  3m  4 left  edge  三萬 邊張\n"},
		{[]string{"waits", "123456789p111s1357m"}, "shanten: 1 (1 上聽)\nwaits:   none (not tenpai)\n"},
		{[]string{"waits", "--json", "5z"}, `{"hand":"5z","shanten":0,"single":true,"remaining":3,"waits":[{"kind":"5z","chinese":"中","remaining":3,"shapes":["single"]}]}` + "\n"},
		{[]string{"effective", "123456789p111s1357m"}, "shanten:   1 (1 上聽)\n" +
			"effective: 7 kinds, 24 tiles left\n" +
			"  1m  3 left  一萬\n" +
			"  2m  4 left  二萬\n" +
			"  3m  3 left  三萬\n" +
			"  4m  4 left  四萬\n" +
			"  5m  3 left  五萬\n" +
			"  6m  4 left  六萬\n" +
			"  7m  3 left  七萬\n"},
		{[]string{"effective", "123456789p111s1357m", "--claims", "--visible", "2m2m"}, "shanten:   1 (1 上聽)\n" +
			"effective: 7 kinds, 22 tiles left, weighted 32\n" +
			"  1m  3 left  weight 1  一萬\n" +
			"  2m  2 left  weight 2  二萬\n" +
			"  3m  3 left  weight 1  三萬\n" +
			"  4m  4 left  weight 2  四萬\n" +
			"  5m  3 left  weight 1  五萬\n" +
			"  6m  4 left  weight 2  六萬\n" +
			"  7m  3 left  weight 1  七萬\n"},
		{[]string{"advise", "123456789p111s1357m7z"}, "shanten: 1 (1 上聽) before the discard\n" +
			"DISCARD  SHANTEN  TILES  EFFECTIVE             TIER\n" +
			"7z       1        24     1234567m              lone honor\n" +
			"1m       1        17     3467m7z               connected\n" +
			"7m       1        17     1245m7z               connected\n" +
			"3m       1        10     16m7z                 connected\n" +
			"5m       1        10     27m7z                 connected\n" +
			"1s       1        8      26m                   connected\n" +
			"1p       2        54     1234567m123456789p7z  connected\n" +
			"9p       2        54     1234567m123456789p7z  connected\n" +
			"4p       2        45     1234567m456789p7z     connected\n" +
			"6p       2        45     1234567m123456p7z     connected\n" +
			"2p       2        42     1234567m12369p7z      connected\n" +
			"5p       2        42     1234567m14569p7z      connected\n" +
			"8p       2        42     1234567m14789p7z      connected\n" +
			"3p       2        36     1234567m123p7z        connected\n" +
			"7p       2        36     1234567m789p7z        connected\n"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"tw16"}, c.args...)...)
		if code != 0 || errOut != "" {
			t.Errorf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
		if c.want != "" && out != c.want {
			t.Errorf("%v: output\n%s\nwant\n%s", c.args, out, c.want)
		}
	}
}

func TestTW16Batch(t *testing.T) {
	in := "123456789m123456p1z\n1111m2222p33334444s\n0m12\n\n123m\n  11112222333444z12m  \n66666m\n"
	code, out, errOut := runCmd(t, in, "tw16", "shanten", "-")
	want := "0\n2\n" +
		"error: line 3: unknown tile \"0m\" in \"0m12\"\n" +
		"error: line 5: a concealed part has 3k+1 or 3k+2 tiles (1, 2, 4, 5, … 16, 17), not 3\n" +
		"2\n" +
		"error: line 7: 5th copy of 6m in \"66666m\"\n"
	if code != exitBadInput || errOut != "" || out != want {
		t.Errorf("shanten -: exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, out, want)
	}

	in = "123456789m123456p1z\n123456789p111s23m55z\n123456789p111s1357m\n123456789p111s23m55z5z\n"
	code, out, errOut = runCmd(t, in, "tw16", "waits", "-")
	want = "1z\n14m\n-\nerror: line 4: waits need a concealed part of 3k+1 tiles (1, 4, … 16), not 17\n"
	if code != exitBadInput || errOut != "" || out != want {
		t.Errorf("waits -: exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, out, want)
	}

	code, out, _ = runCmd(t, "123456789p111s1357m\n", "tw16", "effective", "-")
	if code != 0 || out != "1234567m 24\n" {
		t.Errorf("effective -: exit %d, output %q", code, out)
	}
	code, out, _ = runCmd(t, "123456789p111s1357m7z\n", "tw16", "advise", "-")
	if code != 0 || out != "7z 1 1234567m 24\n" {
		t.Errorf("advise -: exit %d, output %q", code, out)
	}

	// JSON lines, with an error object in place of a bad line.
	code, out, _ = runCmd(t, "11m\n1m1m1m1m1m\n", "tw16", "shanten", "--json", "-")
	want = `{"hand":"11m","shanten":-1}` + "\n" + `{"line":2,"error":"5th copy of 1m in \"1m1m1m1m1m\""}` + "\n"
	if code != exitBadInput || out != want {
		t.Errorf("shanten --json -: exit %d, output\n%s\nwant\n%s", code, out, want)
	}
}

// TestTW16BatchMatchesLibrary runs random hands of every size through the
// batch mode and compares each line with the library.
func TestTW16BatchMatchesLibrary(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	tables := tw16Tables() // the command's, not tw16's default set
	var in, want strings.Builder
	for i := 0; i < 2000; i++ {
		n := []int{1, 2, 4, 5, 7, 8, 10, 11, 13, 14, 16, 17}[i%12]
		var c mjsolve.Counts
		for c.Total() < n {
			k := rng.IntN(mjsolve.NumKinds)
			if c[k] < 4 {
				c[k]++
			}
		}
		s, err := tables.Shanten(c)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprintln(&in, c)
		fmt.Fprintln(&want, s)
	}
	code, out, _ := runCmd(t, in.String(), "tw16", "shanten", "-")
	if code != 0 || out != want.String() {
		t.Errorf("exit %d; batch output differs from the library", code)
	}
}

func TestTW16BadInput(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"shanten", "0m123p"}, `mjsolve: HAND: unknown tile "0m" in "0m123p"` + "\n"},
		{[]string{"shanten", "123m4"}, `mjsolve: HAND: digits "4" without a suit letter in "123m4"` + "\n"},
		{[]string{"shanten", "123456789m123456p11z"[:15] + "1z"}, "mjsolve: HAND: a concealed part has 3k+1 or 3k+2 tiles (1, 2, 4, 5, … 16, 17), not 15\n"},
		{[]string{"shanten", "11111m"}, `mjsolve: HAND: 5th copy of 1m in "11111m"` + "\n"},
		{[]string{"shanten", "11m", "--melds", "111m 111m"}, "mjsolve: --melds: 6 copies of 1m (at most 4)\n"},
		{[]string{"shanten", "22m", "--melds", "111m"}, "mjsolve: HAND: 2 tiles with 1 meld; want 13 or 14\n"},
		{[]string{"shanten", "1234567m11m", "--melds", "111m 222p 333p"}, "mjsolve: 6 copies of 1m counting the hand, melds and --visible (at most 4)\n"},
		{[]string{"waits", "1m", "--visible", "1m1m1m1m"}, "mjsolve: 5 copies of 1m counting the hand, melds and --visible (at most 4)\n"},
		{[]string{"waits", "1m", "--visible", "1m1m1m1m1m"}, "mjsolve: --visible: 5th copy of 1m\n"},
		{[]string{"waits", "1m", "--melds", "124m"}, `mjsolve: --melds: bad meld "124m": not a chow, pong or kong` + "\n"},
		{[]string{"waits", "11m"}, "mjsolve: HAND: waits need a concealed part of 3k+1 tiles (1, 4, … 16), not 2\n"},
		{[]string{"effective", "11m"}, "mjsolve: HAND: effective tiles need a concealed part of 3k+1 tiles (1, 4, … 16), not 2; give a hand of 3k+2 tiles to advise\n"},
		{[]string{"advise", "1m"}, "mjsolve: HAND: advice needs a concealed part of 3k+2 tiles (2, 5, … 17), not 1\n"},
		{[]string{"shanten", "11m", "--melds", "111m 222m 333m 444m 555m 666m"}, "mjsolve: --melds: 6 melds and kongs; a hand has at most 5\n"},
		{[]string{"score", "11m", "--win", "1m", "--melds", "111m 222m 333m", "--concealed-kongs", "4444m 5555m 6666m"}, "mjsolve: --melds: 6 melds and kongs; a hand has at most 5\n"},
		{[]string{"score", "11m", "--win", "1m", "--melds", "111p 111p"}, "mjsolve: --melds: 6 copies of 1p (at most 4)\n"},
	} {
		code, out, errOut := runCmd(t, "", append([]string{"tw16"}, c.args...)...)
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

func TestTW16Tables(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(cacheDirEnv, dir)
	path := filepath.Join(dir, "tw16-tables-v3.zst")

	code, out, errOut := runCmd(t, "", "tw16", "tables", "--rebuild")
	if code != 0 || errOut != "" || !strings.HasPrefix(out, "cache:  "+path+"\nsize:   ") || !strings.Contains(out, "\nnow:    rebuilt and cached in ") {
		t.Fatalf("--rebuild: exit %d, stderr %q, output\n%s", code, errOut, out)
	}
	code, out, _ = runCmd(t, "", "tw16", "tables", "--verify")
	if code != 0 || !strings.Contains(out, "verify: the cache reads back intact and equals a fresh build\n") {
		t.Fatalf("--verify: exit %d, output\n%s", code, out)
	}
	code, out, _ = runCmd(t, "", "tw16", "tables", "--verify", "--json")
	var info struct {
		Path   string `json:"path"`
		Size   int64  `json:"size"`
		Action string `json:"action"`
	}
	if err := json.Unmarshal([]byte(out), &info); code != 0 || err != nil || info.Path != path || info.Size <= 0 || info.Action != "verified" {
		t.Fatalf("--verify --json: exit %d, %v, output %s", code, err, out)
	}

	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCmd(t, "", "tw16", "tables", "--verify")
	if code != exitFailure || out != "" || !strings.HasPrefix(errOut, "mjsolve: tw16: tables cache "+path+": ") {
		t.Fatalf("--verify of a corrupt cache: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if code, _, errOut := runCmd(t, "", "tw16", "tables", "--rebuild", "--verify"); code != exitBadInput || errOut != "mjsolve: --rebuild and --verify: give one\n" {
		t.Errorf("--rebuild --verify: exit %d, stderr %q", code, errOut)
	}

	// The plain command shows the tables this process uses.
	code, out, _ = runCmd(t, "", "tw16", "tables")
	if code != 0 || !strings.HasPrefix(out, "cache:  ") || !strings.Contains(out, "\nbuilt:  ") {
		t.Errorf("tables: exit %d, output\n%s", code, out)
	}
}

// TestTW16TablesRebuildWhereNoFileCanBeMade: --rebuild into a cache
// directory where no file can be made is bad input (exit 2), as for every
// file the command writes (--out, --save, --png: "cannot create a file in
// DIR"); it exited 1, the code of a full disk.
func TestTW16TablesRebuildWhereNoFileCanBeMade(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(cacheDirEnv, filepath.Join(file, "cache"))
	code, out, errOut := runCmd(t, "", "tw16", "tables", "--rebuild")
	if want := "mjsolve: tw16: tables cache: mkdir " + file + ": not a directory\n"; code != exitBadInput || out != "" || errOut != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit %d, %q", code, out, errOut, exitBadInput, want)
	}
}

// TestTW16TablesNotCached: when the cache cannot be written, "tw16 tables"
// still answers (the tables are built in memory) and says so without
// naming a size for a file it did not write (no "size:   0 bytes").
func TestTW16TablesNotCached(t *testing.T) {
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Setenv(cacheDirEnv, filepath.Join(file, "cache"))
	code, out, errOut := runCmd(t, "", "tw16", "tables")
	if code != 0 || errOut != "" || !strings.Contains(out, "\nsize:   - (not written: see the note)\n") ||
		!strings.Contains(out, "\nnote:   tw16: tables cache: ") || !strings.HasSuffix(out, "tw16: tables cache: mkdir "+file+": not a directory\n") {
		t.Errorf("exit %d, stderr %q, output\n%s", code, errOut, out)
	}
}

// BenchmarkTW16ShantenLines measures the batch mode of "tw16 shanten -" per
// line of random 16- and 17-tile hands.
func BenchmarkTW16ShantenLines(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 4))
	var in bytes.Buffer
	const lines = 100000
	for i := 0; i < lines; i++ {
		var c mjsolve.Counts
		for c.Total() < 16+i%2 {
			if k := rng.IntN(mjsolve.NumKinds); c[k] < 4 {
				c[k]++
			}
		}
		fmt.Fprintln(&in, c)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() { // each run loads its tables from the cache: about 5 ms
		if code := run([]string{"tw16", "shanten", "-"}, bytes.NewReader(in.Bytes()), io_discard{}, io_discard{}); code != 0 {
			b.Fatalf("exit %d", code)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*lines), "ns/line")
}

type io_discard struct{}

func (io_discard) Write(p []byte) (int, error) { return len(p), nil }

// TestTW16CommandsPassTheirTables: every tw16 command passes the tables it
// loads (from $MJSOLVE_CACHE_DIR) to the library, and neither uses nor sets
// tw16's default set. The default set is pointed at an empty directory for
// the test: no command may load it there, and it still points there after.
func TestTW16CommandsPassTheirTables(t *testing.T) {
	unused := t.TempDir()
	tw16.SetDefaultTableOptions(tw16.TableOptions{CacheDir: unused})
	t.Cleanup(func() { tw16.SetDefaultTableOptions(tw16.TableOptions{NoCache: true}) })
	logs := t.TempDir()
	bot := "/start MJ 2 bot\n/initGame EAST EAST 1 1 0\n" +
		"/initCard 110 111 112 120 130 140 150 160 170 210 220 230 240 250 260 290\n/throw 1 410\n/ask pong\n/exit 0 0 0 0\n"
	for _, c := range []struct {
		stdin string
		args  []string
	}{
		{"", []string{"shanten", "123456789m123456p1z"}},
		{"123456789m123456p1z\n", []string{"waits", "-"}},
		{"", []string{"effective", "12399m568p2479s1257z"}},
		{"", []string{"advise", "12399m568p24799s1257z", "--claims"}},
		{"", []string{"score", "123m456p789s234s11z55z", "--win", "1z"}},
		{"", []string{"selfplay", "--hands", "4", "--workers", "1"}},
		{"", []string{"stats", "--deals", "2", "--workers", "1"}},
		{bot, []string{"bot", "--strategy", "advice:monte-carlo=5"}},
		{"", refereeArgs(logs, "")[1:]},
		{"", []string{"replay", filepath.Join(logs, "hand-0001.txt.zst")}},
	} {
		if code, _, errOut := runCmd(t, c.stdin, append([]string{"tw16"}, c.args...)...); code != 0 {
			t.Fatalf("%v: exit %d, stderr %q", c.args, code, errOut)
		}
		if ents, _ := os.ReadDir(unused); len(ents) != 0 {
			t.Fatalf("%v loaded tw16's default tables (%s in %s)", c.args, ents[0].Name(), unused)
		}
	}
	if got, want := tw16.Tables().Path, filepath.Join(unused, "tw16-tables-v3.zst"); got != want {
		t.Errorf("tw16's default tables load from %s after the commands, want %s", got, want)
	}
}

// TestTW16BadHandLoadsNoTables: the hand commands refuse bad input before
// they load the shanten tables (or build and cache them, half a second on a
// fresh machine): with an empty $MJSOLVE_CACHE_DIR, a bad flag, hand, size
// or copy count leaves the directory empty, with the same message as
// before; a good hand then writes the cache.
func TestTW16BadHandLoadsNoTables(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(cacheDirEnv, dir)
	for _, c := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"shanten", "12x"}, "mjsolve: HAND: unknown suit letter \"x\" after \"12\" in \"12x\"\n"},
		{"", []string{"shanten", "123m"}, "mjsolve: HAND: a concealed part has 3k+1 or 3k+2 tiles (1, 2, 4, 5, … 16, 17), not 3\n"},
		{"", []string{"shanten", "123456789m123456789p"}, "mjsolve: HAND: a concealed part has 3k+1 or 3k+2 tiles (1, 2, 4, 5, … 16, 17), not 18\n"},
		{"", []string{"waits", "12m"}, "mjsolve: HAND: waits need a concealed part of 3k+1 tiles (1, 4, … 16), not 2\n"},
		{"", []string{"effective", "12m"}, "mjsolve: HAND: effective tiles need a concealed part of 3k+1 tiles (1, 4, … 16), not 2; give a hand of 3k+2 tiles to advise\n"},
		{"", []string{"advise", "1m"}, "mjsolve: HAND: advice needs a concealed part of 3k+2 tiles (2, 5, … 17), not 1\n"},
		{"", []string{"shanten", "11111m"}, "mjsolve: HAND: 5th copy of 1m in \"11111m\"\n"},
		{"", []string{"shanten", "1m", "--melds", "12m"}, "mjsolve: --melds: bad meld \"12m\": not a chow, pong or kong\n"},
		{"", []string{"waits", "123m", "--visible", "1m1m1m1m"}, "mjsolve: 5 copies of 1m counting the hand, melds and --visible (at most 4)\n"},
		{"", []string{"advise", "123m", "--melds", "123p"}, "mjsolve: HAND: 3 tiles with 1 meld; want 13 or 14\n"},
		{"12x\n123m\n", []string{"shanten", "-"}, ""},
	} {
		code, _, errOut := runCmd(t, c.stdin, append([]string{"tw16"}, c.args...)...)
		if code != exitBadInput || c.want != "" && errOut != c.want {
			t.Errorf("%v: exit %d, stderr %q; want exit %d, %q", c.args, code, errOut, exitBadInput, c.want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("%v loaded the tables before refusing the input (%s in %s)", c.args, ents[0].Name(), dir)
		}
	}
	if code, out, errOut := runCmd(t, "", "tw16", "shanten", "123m456p789s1z"); code != 0 || out != "shanten: 0 (tenpai, 聽牌)\n" {
		t.Fatalf("a good hand: exit %d, %q, stderr %q", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "tw16-tables-v3.zst")); err != nil {
		t.Errorf("a good hand did not load the tables: %v", err)
	}
}

// TestTW16BotAndReplayBadInputLoadTablesLast: tw16 bot with a bad flag and
// tw16 replay of a file that does not open refuse it before loading the
// shanten tables, as the hand commands do; on an empty cache they built and
// wrote the tables (about half a second) before saying so.
func TestTW16BotAndReplayBadInputLoadTablesLast(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(cacheDirEnv, dir)
	missing := filepath.Join(t.TempDir(), "hand.txt.zst")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bot", "--honors", "bogus"}, "mjsolve: --honors bogus: want icga or mjtalk\n"},
		{[]string{"bot", "--strategy", "advice:zz"}, "mjsolve: --strategy: bot: \"advice:zz\": unknown option \"zz\" (want no-defence or monte-carlo=N)\n"},
		{[]string{"bot", "--monte-carlo", "-1"}, "mjsolve: --monte-carlo -1: must not be negative\n"},
		{[]string{"replay", missing}, "mjsolve: " + missing + ": open " + missing + ": no such file or directory\n"},
	} {
		code, _, errOut := runCmd(t, "", append([]string{"tw16"}, c.args...)...)
		if code != exitBadInput || errOut != c.want {
			t.Errorf("%v: exit %d, stderr %q; want exit %d, %q", c.args, code, errOut, exitBadInput, c.want)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 0 {
			t.Fatalf("%v loaded the tables before refusing the input (%s in %s)", c.args, ents[0].Name(), dir)
		}
	}
}

// TestTW16EmptyFileNamesRefused: an empty --plot of tw16 referee and tw16
// stats, and an empty --log of the referee, are a one-line error, exit 2,
// with nothing run, as the solitaire commands' empty names are; they ran
// and wrote nothing, with exit 0.
func TestTW16EmptyFileNamesRefused(t *testing.T) {
	t.Chdir(t.TempDir())
	players := []string{"--games", "1", "--player", "true", "--player", "true", "--player", "true", "--player", "true"}
	for _, c := range []struct {
		args []string
		want string
	}{
		{append([]string{"tw16", "referee", "--plot", ""}, players...), "mjsolve: --plot: give a file name (or leave --plot out to draw nothing)\n"},
		{append([]string{"tw16", "referee", "--log", ""}, players...), "mjsolve: --log: give a directory name (or leave --log out to keep no transcripts)\n"},
		{[]string{"tw16", "stats", "--deals", "1", "--plot", ""}, "mjsolve: --plot: give a file name (or leave --plot out to draw nothing)\n"},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
}
