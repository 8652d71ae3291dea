package analysis

import (
	"encoding/json"
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
// hold other names (for instance "bad-deal" for a dealer failure); they are
// kept as they are.
type Method = solver.Method

// Record is the outcome of one board: one JSON line in a record file.
type Record struct {
	Game    uint64  `json:"game"`
	Verdict Verdict `json:"verdict"`
	Method  Method  `json:"method"`           // how the board was decided, e.g. "prune", "random", "search", "budget"
	NS      int64   `json:"ns"`               // wall time spent on the board (deal and solve), in nanoseconds
	Scans   int64   `json:"scans"`            // prune scans run by the solver
	Random  int64   `json:"random,omitempty"` // random games played
	Nodes   int64   `json:"nodes,omitempty"`  // search nodes
	MinLeft int     `json:"min_left,omitempty"`
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
