package analysis

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/mjsolve/mjsolve/solver"
)

// Verdict is the outcome of one board: the solver's own type (an alias),
// so that one verdict type runs from the solver's result through the record
// to the summary. Its zero value is Unknown: a record nobody filled in is
// never counted as decided. Unknown is a board whose solver ran out of its
// budget (a time or node limit); it is never counted as winnable.
type Verdict = solver.Verdict

// The verdicts, as in package solver.
const (
	Unknown    = solver.Unknown
	Winnable   = solver.Winnable
	Impossible = solver.Impossible
)

// Method is how a board was decided: the solver's own type (an alias), a
// name such as "prune", "random", "search" or "budget". Record files may
// hold other names (for instance "bad-deal" for a dealer failure), as long
// as they are method names ([ValidMethod]): the writer refuses anything
// else and both parsers of a record line reject it, so that what is written
// reads back as it was and no name can break a line of a summary.
type Method = solver.Method

// maxMethodLen bounds the length of a method name.
const maxMethodLen = 32

// ValidMethod reports whether m is a method name: 1 to 32 lower-case ASCII
// letters, digits and '-'.
func ValidMethod(m Method) bool {
	if len(m) == 0 || len(m) > maxMethodLen {
		return false
	}
	for i := 0; i < len(m); i++ {
		if c := m[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '-') {
			return false
		}
	}
	return true
}

// Bounds of a record's numbers that both parsers of a record line accept:
// far above any real board (2^62 ns is 146 years), and low enough that
// sums over billions of records cannot overflow unnoticed.
const (
	maxCount   = 1 << 62
	maxMinLeft = 1 << 20
)

// Record is the outcome of one board: one JSON line in a record file.
type Record struct {
	Game    uint64  `json:"game"`
	Verdict Verdict `json:"verdict"`
	Method  Method  `json:"method"`           // how the board was decided, e.g. "prune", "random", "search", "budget"
	NS      int64   `json:"ns"`               // wall time spent on the board (deal and solve), in nanoseconds, at most 2^62
	CPUNS   int64   `json:"cpu_ns,omitempty"` // CPU time of the thread that dealt and solved it, in ns; 0: not measured (older files, systems without a thread clock)
	Scans   int64   `json:"scans"`            // prune scans run by the solver
	Random  int64   `json:"random,omitempty"` // random games played
	Nodes   int64   `json:"nodes,omitempty"`  // search nodes
	MinLeft int     `json:"min_left,omitempty"`
	// Clear and Playouts are McDonald's difficulty of a winnable board
	// (with --difficulty K): Clear of Playouts uniformly random playouts
	// (no cleaning, no peeking) cleared it. Written as "clear":x,
	// "playouts":K when Playouts is not 0.
	Clear    int64 `json:"clear,omitempty"`
	Playouts int64 `json:"playouts,omitempty"`
	// Played, Won, Moves, Left and PlayNS are the board played without
	// peeking by a strategy that sees only the uncovered tiles (mjsolve
	// solitaire play; the strategy is named in the file's [Header]):
	// whether it was played, whether the strategy cleared it, the matches
	// it made, the tiles it left (0 exactly when it won) and the CPU time
	// of the play in ns (0: not measured). Written as "won":true|false,
	// "moves":m,"left":l (and "play_ns":t when not 0) when Played, so that
	// a loss is told from a board not played.
	Played bool  `json:"-"`
	Won    bool  `json:"won"`
	Moves  int   `json:"moves"`
	Left   int   `json:"left"`
	PlayNS int64 `json:"play_ns,omitempty"`
}

// MarshalJSON writes r as its line in a record file ([Record.AppendJSON]):
// the play's fields only for a board played, so that a board not played is
// never written as a loss.
func (r Record) MarshalJSON() ([]byte, error) { return r.AppendJSON(nil), nil }

// UnmarshalJSON reads a record as the record files' readers do. It
// requires the game, verdict, method and ns fields and no unknown field,
// takes a play's won, moves and left together (and consistent), and sets
// Played.
func (r *Record) UnmarshalJSON(b []byte) error {
	if err := parseRecord(b, r); err != nil {
		return fmt.Errorf("analysis: %w", err)
	}
	return nil
}

// CPU is the board's time as the statistics count it: its CPU time, or
// its wall time when no CPU time was measured.
func (r *Record) CPU() int64 {
	if r.CPUNS > 0 {
		return r.CPUNS
	}
	return r.NS
}

// AppendJSON appends r as one JSON object (no newline) to dst. The field
// order is fixed, so equal records give equal bytes.
func (r *Record) AppendJSON(dst []byte) []byte {
	dst = append(dst, `{"game":`...)
	dst = strconv.AppendUint(dst, r.Game, 10)
	dst = append(dst, `,"verdict":"`...)
	dst = append(dst, r.Verdict.String()...)
	dst = append(dst, `","method":`...)
	dst = appendJSONString(dst, string(r.Method))
	dst = append(dst, `,"ns":`...)
	dst = strconv.AppendInt(dst, r.NS, 10)
	if r.CPUNS != 0 {
		dst = append(dst, `,"cpu_ns":`...)
		dst = strconv.AppendInt(dst, r.CPUNS, 10)
	}
	dst = append(dst, `,"scans":`...)
	dst = strconv.AppendInt(dst, r.Scans, 10)
	if r.Random != 0 {
		dst = append(dst, `,"random":`...)
		dst = strconv.AppendInt(dst, r.Random, 10)
	}
	if r.Nodes != 0 {
		dst = append(dst, `,"nodes":`...)
		dst = strconv.AppendInt(dst, r.Nodes, 10)
	}
	if r.MinLeft != 0 {
		dst = append(dst, `,"min_left":`...)
		dst = strconv.AppendInt(dst, int64(r.MinLeft), 10)
	}
	if r.Playouts != 0 {
		dst = append(dst, `,"clear":`...)
		dst = strconv.AppendInt(dst, r.Clear, 10)
		dst = append(dst, `,"playouts":`...)
		dst = strconv.AppendInt(dst, r.Playouts, 10)
	}
	if r.Played {
		if r.Won {
			dst = append(dst, `,"won":true,"moves":`...)
		} else {
			dst = append(dst, `,"won":false,"moves":`...)
		}
		dst = strconv.AppendInt(dst, int64(r.Moves), 10)
		dst = append(dst, `,"left":`...)
		dst = strconv.AppendInt(dst, int64(r.Left), 10)
		if r.PlayNS != 0 {
			dst = append(dst, `,"play_ns":`...)
			dst = strconv.AppendInt(dst, r.PlayNS, 10)
		}
	}
	return append(dst, '}')
}

// appendJSONString appends s as a JSON string: printable ASCII as is, and
// anything else through encoding/json.
func appendJSONString(dst []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' {
			b, _ := json.Marshal(s) // a string always marshals
			return append(dst, b...)
		}
	}
	dst = append(dst, '"')
	dst = append(dst, s...)
	return append(dst, '"')
}
