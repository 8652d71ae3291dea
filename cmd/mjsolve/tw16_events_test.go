package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The tests here read "tw16 replay --json" as another program would: a
// small reader that shares nothing with tw16/handlog, walking each line as
// a map, following every seat's concealed tiles by their tile ids from the
// deal to the win, and paying the win by the competition's rules (1000 +
// 500 per tai, the dealer paying 1 tai more to a winner who is not the
// dealer, a discarder alone or all three on a self-drawn win). It rebuilds
// each hand's points and each player's total.

// mapHand is what the reader keeps of one hand.
type mapHand struct {
	players [4]int    // the player (1–4) at each seat
	names   [4]string // their names
	end     [4]int    // the end line's points
	rebuilt [4]int    // the points paid by the reader
}

// readEventLines reads the JSON lines of one or more hands.
func readEventLines(t *testing.T, out string) []mapHand {
	t.Helper()
	var hands []mapHand
	var h *mapHand
	var dealer int
	var concealed [4][]int
	var lastDiscard, discarder int
	num := func(m map[string]any, key string) int {
		f, ok := m[key].(float64)
		if !ok {
			t.Fatalf("%v: no number %q", m, key)
		}
		return int(f)
	}
	ints := func(m map[string]any, key string) []int {
		var l []int
		for _, v := range m[key].([]any) {
			l = append(l, int(v.(float64)))
		}
		return l
	}
	take := func(s, tid int) {
		i := slices.Index(concealed[s], tid)
		if i < 0 {
			t.Fatalf("seat %d gives up tile %d, which it does not hold: %v", s+1, tid, concealed[s])
		}
		concealed[s] = slices.Delete(concealed[s], i, i+1)
	}
	for n, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("line %d: %v", n+1, err)
		}
		if m["schema"] == "mjsolve-tw16-hand" {
			if m["version"] != 1.0 || m["type"] != "hand" {
				t.Fatalf("line %d: header %v", n+1, m)
			}
			hands = append(hands, mapHand{})
			h = &hands[len(hands)-1]
			dealer = num(m, "dealer") - 1
			for _, v := range m["seats"].([]any) {
				si := v.(map[string]any)
				s := num(si, "seat") - 1
				h.players[s], h.names[s] = num(si, "player"), si["name"].(string)
			}
			concealed = [4][]int{}
			continue
		}
		if h == nil {
			t.Fatalf("line %d: an event before a header", n+1)
		}
		s := -1
		if _, ok := m["seat"]; ok {
			s = num(m, "seat") - 1
		}
		switch m["type"] {
		case "deal":
			concealed[s] = ints(m, "tids")
		case "draw":
			concealed[s] = append(concealed[s], num(m, "tid"))
		case "flower", "added-kong":
			take(s, num(m, "tid"))
		case "discard":
			lastDiscard, discarder = num(m, "tid"), s
			take(s, lastDiscard)
		case "chow", "pong", "kong":
			if num(m, "tid") != lastDiscard || num(m, "from")-1 != discarder {
				t.Fatalf("line %d: a claim of %d from %d, the last discard is %d from %d", n+1, num(m, "tid"), num(m, "from"), lastDiscard, discarder+1)
			}
			for _, tid := range ints(m, "tids") {
				if tid != lastDiscard {
					take(s, tid)
				}
			}
		case "concealed-kong":
			for _, tid := range ints(m, "tids") {
				take(s, tid)
			}
		case "win":
			if m["self_drawn"] == true {
				take(s, num(m, "tid"))
			}
			rest := slices.Sorted(slices.Values(concealed[s]))
			if got := slices.Sorted(slices.Values(ints(m, "tids"))); !slices.Equal(got, rest) {
				t.Fatalf("line %d: the winner shows %v, the reader has it holding %v", n+1, got, rest)
			}
			tai := num(m["score"].(map[string]any), "tai")
			from := num(m, "from") - 1
			pay := func(payer int) {
				t := tai
				if payer == dealer && s != dealer {
					t++
				}
				h.rebuilt[payer] -= 1000 + 500*t
				h.rebuilt[s] += 1000 + 500*t
			}
			if m["self_drawn"] == true {
				for o := range 4 {
					if o != s {
						pay(o)
					}
				}
			} else {
				pay(from)
			}
		case "end":
			for i, p := range ints(m, "points") {
				h.end[i] = p
			}
			h = nil
		}
	}
	if h != nil {
		t.Fatal("the last hand has no end line")
	}
	return hands
}

// checkEventTotals checks that the reader rebuilt every hand's points and
// returns each player's total, by name.
func checkEventTotals(t *testing.T, hands []mapHand) map[string]int {
	t.Helper()
	totals := map[string]int{}
	for i, h := range hands {
		if h.rebuilt != h.end {
			t.Errorf("hand %d: the reader pays %v, the end line has %v", i+1, h.rebuilt, h.end)
		}
		for s, p := range h.rebuilt {
			totals[fmt.Sprintf("%d %s", h.players[s], h.names[s])] += p
		}
	}
	return totals
}

// TestSelfPlayLogEvents plays 192 hands in-process with a log and reads
// "tw16 replay --json" of all of them with the reader: every hand's points
// are rebuilt, and each player's total is the table's score.
func TestSelfPlayLogEvents(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "log")
	code, out, errOut := runCmd(t, "", "tw16", "selfplay", "--hands", "192", "--seed", "4", "--log", dir, "--json")
	if code != 0 || errOut != "" {
		t.Fatalf("selfplay: exit %d, stderr %q", code, errOut)
	}
	var table struct {
		Hands   int `json:"hands"`
		Players []struct {
			Name  string `json:"name"`
			Score int    `json:"score"`
		} `json:"players"`
	}
	if err := json.Unmarshal([]byte(out), &table); err != nil {
		t.Fatal(err)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "hand-*.jsonl.zst"))
	if len(files) != 192 {
		t.Fatalf("%d hands logged, want 192", len(files))
	}
	code, out, errOut = runCmd(t, "", append([]string{"tw16", "replay", "--json"}, files...)...)
	if code != 0 || errOut != "" {
		t.Fatalf("replay --json: exit %d, stderr %q", code, errOut)
	}
	hands := readEventLines(t, out)
	if len(hands) != 192 {
		t.Fatalf("the reader found %d hands, want 192", len(hands))
	}
	totals := checkEventTotals(t, hands)
	for p, st := range table.Players {
		if got := totals[strconv.Itoa(p+1)+" "+st.Name]; got != st.Score {
			t.Errorf("player %d (%s): the reader totals %d, the table %d", p+1, st.Name, got, st.Score)
		}
	}
}

// TestTW16ReplayJSON prints a referee's hands with a failure in event
// form, replays a self-play log and a hand printed by --json, and refuses
// damaged hands with one line each and exit code 2.
func TestTW16ReplayJSON(t *testing.T) {
	dir := t.TempDir()
	if code, _, errOut := runCmd(t, "", refereeArgs(dir, "false-hu")...); code != 0 {
		t.Fatalf("referee: exit %d: %s", code, errOut)
	}
	code, out, errOut := runCmd(t, "", "tw16", "replay", "--json", filepath.Join(dir, "hand-0001.txt.zst"))
	if code != 0 || errOut != "" {
		t.Fatalf("replay --json: exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if !strings.HasPrefix(lines[0], `{"schema":"mjsolve-tw16-hand","version":1,"type":"hand","source":"referee","hand":1,`) ||
		!strings.HasPrefix(lines[len(lines)-1], `{"n":`+strconv.Itoa(len(lines)-1)+`,"type":"end","points":[0,0,0,0],"result":"drawn",`) {
		t.Errorf("replay --json: first and last lines\n%s\n%s", lines[0], lines[len(lines)-1])
	}
	if !strings.Contains(out, `"type":"failure","seat":3,"why":"wrong instruction: \"/hu\" to /ask throw"`) || !strings.Contains(out, `"seat":3,"tile":`) ||
		!strings.Contains(out, `"by":"dummy"`) {
		t.Errorf("replay --json: no failure of seat 3 and no dummy move")
	}
	readEventLines(t, out)
	file := filepath.Join(dir, "hand-0001.jsonl")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = runCmd(t, "", "tw16", "replay", file)
	if code != 0 || errOut != "" || out != file+": hand 1 verified: "+strconv.Itoa(len(lines)-1)+" events, drawn, points 0 0 0 0, 1 failure\n" {
		t.Errorf("replay of the event form: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	damaged := filepath.Join(dir, "damaged.jsonl")
	os.WriteFile(damaged, []byte(strings.Replace(strings.Join(lines, "\n"), `"type":"discard","seat":1,`, `"type":"discard","seat":2,`, 1)), 0o644)
	code, out, errOut = runCmd(t, "", "tw16", "replay", "--json", damaged, file)
	if code != 2 || !strings.HasPrefix(errOut, "mjsolve: "+damaged+": handlog: event ") || strings.Count(errOut, "\n") != 2 ||
		!strings.HasPrefix(out, `{"schema"`) || strings.Count(out, `"schema"`) != 1 {
		t.Errorf("a damaged hand among two: exit %d, stdout %.80q, stderr %q", code, out, errOut)
	}
	if code, _, errOut := runCmd(t, "", "tw16", "replay", "--json", "--lines", file); code != 2 || !strings.Contains(errOut, "none of the others can be") {
		t.Errorf("--json --lines: exit %d, %q", code, errOut)
	}
}

// TestEventFormDocExample checks the example of docs/play.md: the lines
// it shows whole are lines of the hand, and those it cuts short begin as
// the hand's.
func TestEventFormDocExample(t *testing.T) {
	data, err := os.ReadFile("../../docs/play.md")
	if err != nil {
		t.Fatal(err)
	}
	_, page, ok := strings.Cut(string(data), "$ mjsolve tw16 replay --json sp24/hand-0004.jsonl.zst\n")
	if !ok {
		t.Fatal("docs/play.md has no example of replay --json")
	}
	page, _, _ = strings.Cut(page, "```")
	dir := t.TempDir()
	if code, _, errOut := runCmd(t, "", "tw16", "selfplay", "--hands", "24", "--log", filepath.Join(dir, "sp24")); code != 0 {
		t.Fatalf("selfplay: exit %d, %s", code, errOut)
	}
	code, out, errOut := runCmd(t, "", "tw16", "replay", "--json", filepath.Join(dir, "sp24", "hand-0004.jsonl.zst"))
	if code != 0 {
		t.Fatalf("replay: exit %d, %s", code, errOut)
	}
	shown := 0
	for _, l := range strings.Split(strings.TrimSpace(page), "\n") {
		if l == "…" {
			continue
		}
		shown++
		if before, _, cut := strings.Cut(l, "…"); cut {
			if !strings.Contains(out, "\n"+before) && !strings.HasPrefix(out, before) {
				t.Errorf("the page shows a line the hand has no line beginning as:\n%s", before)
			}
		} else if !strings.Contains(out, "\n"+l+"\n") {
			t.Errorf("the page shows a line the hand does not have:\n%s", l)
		}
	}
	if shown < 8 {
		t.Errorf("%d lines shown", shown)
	}
}
