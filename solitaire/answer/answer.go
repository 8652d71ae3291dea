package answer

import (
	"fmt"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// Answer is the JSON form of a solve or hint about one board.
//
// It is what "mjsolve solitaire solve --json" and "hint --json" print and
// the server sends: the verdict and method, the moves as pairs of slot
// indices in the layout's slot order (file order for Xmahjongg files), so
// any program can replay them, and the solver's counts.
type Answer struct {
	Layout      string         `json:"layout"` // the layout's name, as solitaire.LayoutRef gives it
	Board       string         `json:"board"`  // where the board comes from: "game 7, deal pcg seed 1", "from FILE"
	Tiles       int            `json:"tiles"`  // tiles on the board
	Verdict     solver.Verdict `json:"verdict"`
	Method      solver.Method  `json:"method"`
	Moves       [][2]int       `json:"moves"`              // a solution, or a play leaving MinLeft tiles
	MinLeft     *int           `json:"min_left,omitempty"` // the fewest tiles that must remain, when computed
	Scans       int64          `json:"scans"`
	RandomGames int64          `json:"random_games"`
	Nodes       int64          `json:"nodes"`
	NS          int64          `json:"ns"`
	Hint        *[2]int        `json:"hint,omitempty"` // the next pair to take (hints of winnable positions)
}

// NewAnswer is the answer r of [Solve] about b; layout names b's layout and
// about says where the board comes from.
func NewAnswer(b *solitaire.Board, layout, about string, r solver.Result) *Answer {
	a := &Answer{
		Layout:      layout,
		Board:       about,
		Tiles:       b.Remaining(),
		Verdict:     r.Verdict,
		Method:      r.Method,
		Moves:       make([][2]int, 0, len(r.Moves)),
		Scans:       r.Stats.Scans,
		RandomGames: r.Stats.RandomGames,
		Nodes:       r.Stats.Nodes,
		NS:          r.Stats.Duration.Nanoseconds(),
	}
	for _, m := range r.Moves {
		a.Moves = append(a.Moves, [2]int{int(m.A), int(m.B)})
	}
	if r.MinLeft >= 0 && r.Verdict != solver.Unknown {
		n := r.MinLeft
		a.MinLeft = &n
	}
	return a
}

// NewHintAnswer is the answer r of [Hint] about b.
//
// Its Hint is the next pair of a winnable position; only an impossible
// position keeps its moves (the play leaving MinLeft tiles).
func NewHintAnswer(b *solitaire.Board, layout, about string, r solver.Result) *Answer {
	a := NewAnswer(b, layout, about, r)
	if r.Verdict == solver.Winnable && len(r.Moves) > 0 {
		m := r.Moves[0]
		a.Hint = &[2]int{int(m.A), int(m.B)}
	}
	if r.Verdict != solver.Impossible {
		a.Moves = a.Moves[:0]
	}
	return a
}

// BoardAnswer is the JSON form of a board, as "mjsolve solitaire show
// --json" prints it.
//
// It holds the layout and where the board comes from, as in [Answer]; the
// layout's tiles and geometry fingerprint (as in a board file); the face of
// every slot in slot order; the slots removed and free; and the number of
// matching pairs among the free tiles.
type BoardAnswer struct {
	Layout    string   `json:"layout"`
	Board     string   `json:"board"`
	Tiles     int      `json:"tiles"`
	Geometry  string   `json:"geometry"`
	Remaining int      `json:"remaining"`
	Faces     []string `json:"faces"`
	Removed   []int    `json:"removed"`
	Free      []int    `json:"free"`
	Matches   int      `json:"matches"`
}

// NewBoardAnswer describes b; layout names its layout and about says where
// the board comes from.
func NewBoardAnswer(b *solitaire.Board, layout, about string) *BoardAnswer {
	a := &BoardAnswer{
		Layout:    layout,
		Board:     about,
		Tiles:     b.Geo.N,
		Geometry:  fmt.Sprintf("%016x", b.Geo.Layout.Fingerprint()),
		Remaining: b.Remaining(),
		Faces:     make([]string, b.Geo.N),
		Removed:   b.Geo.All.AndNot(b.Present).AppendTo(make([]int, 0, b.Geo.N)),
		Free:      b.Free().AppendTo(make([]int, 0, b.Geo.N)),
		Matches:   len(b.Matches(nil)),
	}
	for i, g := range b.Groups {
		a.Faces[i] = g.String()
	}
	return a
}
