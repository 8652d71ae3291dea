package solver

import "fmt"

// Verdict is the answer of the solver for one board. It is the one verdict
// type of the module: solver results, analysis records and summaries all
// use it, and its zero value is Unknown, so a record nobody filled in never
// counts as decided.
type Verdict uint8

// The verdicts. Unknown is only given when a budget (Options.MaxScans,
// Options.Timeout or the context) ran out before the answer was found.
const (
	Unknown    Verdict = iota // the budget ran out
	Winnable                  // the board can be cleared; Result.Moves is a solution
	Impossible                // proved: no order of play clears the board
)

var verdictNames = [...]string{Unknown: "unknown", Winnable: "winnable", Impossible: "impossible"}

// String returns "winnable", "impossible" or "unknown".
func (v Verdict) String() string {
	if int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", uint8(v))
}

// MarshalText encodes the verdict as its name.
func (v Verdict) MarshalText() ([]byte, error) {
	if int(v) >= len(verdictNames) {
		return nil, fmt.Errorf("solver: invalid verdict %d", uint8(v))
	}
	return []byte(v.String()), nil
}

// UnmarshalText decodes a verdict name.
func (v *Verdict) UnmarshalText(b []byte) error {
	x, err := ParseVerdict(string(b))
	if err != nil {
		return err
	}
	*v = x
	return nil
}

// ParseVerdict is the inverse of [Verdict.String].
func ParseVerdict(s string) (Verdict, error) {
	for i, name := range verdictNames {
		if s == name {
			return Verdict(i), nil
		}
	}
	return Unknown, fmt.Errorf("solver: unknown verdict %q (want winnable, impossible or unknown)", s)
}

// Method tells how a verdict was reached. It is a name, so that records
// written by other versions or other programs (and the glue's own "bad-deal")
// can carry methods this solver does not know; the solver's own are the
// constants below. The zero value "" means no method was recorded.
type Method string

// The methods of the solver.
const (
	PruneTop Method = "prune"  // the relaxed prune scan at the top failed (or a group has an odd number of tiles left): impossible at once
	Random   Method = "random" // a random game with cleaning cleared the board
	Search   Method = "search" // the search over group pairings decided
	Budget   Method = "budget" // the budget ran out (the verdict is Unknown)
	Trivial  Method = "empty"  // the board was already empty
)

// String returns the method's name: "prune", "random", "search", "budget",
// "empty" or another recorded name.
func (m Method) String() string { return string(m) }

// MarshalText encodes the method as its name.
func (m Method) MarshalText() ([]byte, error) { return []byte(m), nil }

// UnmarshalText decodes a method name; any name is kept as it is.
func (m *Method) UnmarshalText(b []byte) error {
	*m = Method(b)
	return nil
}
