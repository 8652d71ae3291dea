package solver

import "fmt"

// Verdict is the answer of the solver for one board.
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
	for i, s := range verdictNames {
		if s == string(b) {
			*v = Verdict(i)
			return nil
		}
	}
	return fmt.Errorf("solver: unknown verdict %q", b)
}

// Method tells how a verdict was reached.
type Method uint8

// The methods.
const (
	PruneTop Method = iota // the relaxed prune scan at the top failed (or a group has an odd number of tiles left): impossible at once
	Random                 // a random game with cleaning cleared the board
	Search                 // the search over group pairings decided
	Budget                 // the budget ran out (the verdict is Unknown)
	Trivial                // the board was already empty
)

var methodNames = [...]string{PruneTop: "prune", Random: "random", Search: "search", Budget: "budget", Trivial: "empty"}

// String returns "prune", "random", "search", "budget" or "empty".
func (m Method) String() string {
	if int(m) < len(methodNames) {
		return methodNames[m]
	}
	return fmt.Sprintf("Method(%d)", uint8(m))
}

// MarshalText encodes the method as its name.
func (m Method) MarshalText() ([]byte, error) {
	if int(m) >= len(methodNames) {
		return nil, fmt.Errorf("solver: invalid method %d", uint8(m))
	}
	return []byte(m.String()), nil
}

// UnmarshalText decodes a method name.
func (m *Method) UnmarshalText(b []byte) error {
	for i, s := range methodNames {
		if s == string(b) {
			*m = Method(i)
			return nil
		}
	}
	return fmt.Errorf("solver: unknown method %q", b)
}
