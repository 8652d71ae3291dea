package server

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// TestDealWinnable: winnable=true answers the first winnable deal from the
// game asked; difficulty answers one of that band, with its measure.
func TestDealWinnable(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	// twin16: games 5, 6 and 7 are impossible, 8 winnable (the solver's
	// Example and the command's tests).
	code, m, _ := call(t, ts, "GET", "/api/deal?layout=twin16&game=5&winnable=true", "")
	if code != 200 || m["game"] != 8.0 || m["winnable"] != true || m["tried"] != 4.0 {
		t.Fatalf("winnable from 5: %d %v", code, m)
	}
	code, m, _ = call(t, ts, "GET", "/api/deal?layout=turtle40&difficulty=hard", "")
	if code != 200 || m["band"] != "hard" || m["difficulty"] == nil {
		t.Fatalf("hard: %d %v", code, m)
	}
	// The games' dealers.
	for _, d := range []string{"kmahjongg", "gnome", "xmahjongg"} {
		code, m, _ = call(t, ts, "GET", "/api/deal?layout=turtle&deal="+d+"&game=3", "")
		if code != 200 || m["deal"] != d || len(m["faces"].([]any)) != 144 {
			t.Errorf("%s: %d %v", d, code, m["error"])
		}
	}
	for _, c := range []struct{ query, prefix string }{
		{"winnable=maybe", `winnable: "maybe" is not true or false`},
		{"difficulty=brutal", `difficulty: "brutal": want easy, medium or hard`},
		{"difficulty=any", `difficulty: "any": want easy, medium or hard`},
		{"winnable=false&difficulty=easy", "difficulty: a band is of winnable deals"},
		{"deal=pysol", `deal: unknown dealer "pysol" (want pcg, mjsolver, kmahjongg, gnome, xmahjongg)`},
		{"difficulty=hard&difficulty=easy", "difficulty: given 2 times"},
	} {
		wantError(t, ts, "GET", "/api/deal?"+c.query, "", 400, c.prefix)
	}
}

// TestReshuffle: a stuck position posted comes back rearranged and
// winnable (its solution replays), its removed tiles as they were; one
// that no rearrangement saves is 422, a bad board 400.
func TestReshuffle(t *testing.T) {
	_, ts := newTestServer(t, Config{})
	body := `{"layout":"tiny8","faces":["1m","1m","1m","2m","2m","1m","2m","2m"],"removed":[0,5]}`
	code, m, _ := call(t, ts, "POST", "/api/reshuffle", body)
	if code != 200 {
		t.Fatalf("%d %v", code, m)
	}
	data, _ := json.Marshal(m)
	var a struct {
		Faces    []string `json:"faces"`
		Removed  []int    `json:"removed"`
		Solution [][2]int `json:"solution"`
		Uniform  bool     `json:"uniform"`
	}
	json.Unmarshal(data, &a)
	if fmt.Sprint(a.Removed) != "[0 5]" || a.Faces[0] != "1m" || a.Faces[5] != "1m" || !a.Uniform {
		t.Errorf("answer %s", data)
	}
	l, _ := layouts.Builtin("tiny8")
	g, _ := solitaire.Compile(l)
	b := &solitaire.Board{Geo: g, Groups: make([]solitaire.Group, 8), Present: g.All}
	for i, f := range a.Faces {
		b.Groups[i], _ = solitaire.ParseGroup(f)
	}
	b.Present.Remove(0)
	b.Present.Remove(5)
	var moves []solitaire.Move
	for _, p := range a.Solution {
		moves = append(moves, solitaire.Move{A: uint8(p[0]), B: uint8(p[1])})
	}
	if err := solitaire.Verify(b, moves); err != nil {
		t.Errorf("solution: %v", err)
	}
	// Two tiles left, one on the other: 422.
	stacked := `{"slots":[{"x":0,"y":0,"z":0},{"x":0,"y":0,"z":1},{"x":4,"y":0,"z":0},{"x":6,"y":0,"z":0}],"faces":["1m","1m","1m","1m"],"removed":[2,3]}`
	wantError(t, ts, "POST", "/api/reshuffle", stacked, 422, "no rearrangement of the tiles left is winnable")
	wantError(t, ts, "POST", "/api/reshuffle", `{"layout":"tiny8","faces":["1m"]}`, 400, "faces: ")
	wantError(t, ts, "POST", "/api/reshuffle", `{`, 400, "")
	wantError(t, ts, "POST", "/api/reshuffle?x=1", body, 400, "")
}
