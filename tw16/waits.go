package tw16

import (
	"encoding/json"
	"strings"

	"github.com/mjsolve/mjsolve"
)

// WaitShape is a set of wait shapes (聽牌型): the roles the winning tile can
// play in the completed hand, over all its decompositions.
type WaitShape uint8

// The wait shapes.
const (
	// TwoSided (兩面) completes a sequence at either end of two neighbours
	// that are not 1-2 or 8-9: 23 waits on 1 and 4.
	TwoSided WaitShape = 1 << iota
	// Edge (邊張) completes 12 with 3 or 89 with 7.
	Edge
	// Closed (嵌張) fills the middle of a sequence: 46 waits on 5.
	Closed
	// SingleTile (單騎) pairs a lone tile: the pair wait.
	SingleTile
	// DualPong (雙碰) turns one of two pairs into a triplet.
	DualPong
)

var shapeNames = [...]struct{ en, zh string }{
	{"two-sided", "兩面"}, {"edge", "邊張"}, {"closed", "嵌張"}, {"single", "單騎"}, {"dual-pong", "雙碰"},
}

// Names returns the English names of the shapes in s: "two-sided", "edge",
// "closed", "single", "dual-pong".
func (s WaitShape) Names() []string {
	var out []string
	for i, n := range shapeNames {
		if s&(1<<i) != 0 {
			out = append(out, n.en)
		}
	}
	return out
}

// String joins the English names with "+", e.g. "two-sided+single".
func (s WaitShape) String() string { return strings.Join(s.Names(), "+") }

// Chinese joins the Chinese names with "+", e.g. "兩面+單騎".
func (s WaitShape) Chinese() string {
	var out []string
	for i, n := range shapeNames {
		if s&(1<<i) != 0 {
			out = append(out, n.zh)
		}
	}
	return strings.Join(out, "+")
}

// Wait is one winning kind of a tenpai hand.
type Wait struct {
	Kind mjsolve.Kind
	// Shapes are the roles the winning tile plays over all decompositions.
	Shapes WaitShape
	// Remaining is how many copies of Kind are not visible (4 less the
	// visible ones); 0 is a dead wait.
	Remaining int
}

// WaitInfo describes the waits of a concealed part of 3k+1 tiles.
type WaitInfo struct {
	// Shanten of the part; there are waits only when it is 0 (tenpai).
	Shanten int
	// Kinds are the winning kinds.
	Kinds KindSet
	// Single tells whether exactly one of the winning kinds can still be won
	// on (has a copy not visible): 獨聽 in the sense of the Taiwanese tai
	// table, which counts the hand's winning tiles (the MJTalk referee: 聽牌數
	// 為 1 時). With only the player's own tiles visible (the concealed part
	// and the melds), it depends on the hand alone, as scoring means it: an
	// edge, closed or single wait on one kind, or a two-sided or dual-pong wait
	// whose other kind the player holds all four of.
	Single bool

	shapes    [mjsolve.NumKinds]WaitShape
	remaining [mjsolve.NumKinds]uint8
}

// Shape returns the wait shapes of winning kind k (0 if k does not win).
func (w *WaitInfo) Shape(k mjsolve.Kind) WaitShape { return w.shapes[k] }

// RemainingOf returns the copies of winning kind k not visible.
func (w *WaitInfo) RemainingOf(k mjsolve.Kind) int { return int(w.remaining[k]) }

// Waits returns the winning kinds in increasing order of kind.
func (w *WaitInfo) Waits() []Wait {
	out := make([]Wait, 0, w.Kinds.Len())
	for _, k := range w.Kinds.Kinds() {
		out = append(out, Wait{Kind: k, Shapes: w.shapes[k], Remaining: int(w.remaining[k])})
	}
	return out
}

// Remaining returns the copies of the winning kinds not visible.
func (w *WaitInfo) Remaining() int {
	n := 0
	for _, r := range w.remaining { // 0 for the kinds that do not win
		n += int(r)
	}
	return n
}

// MarshalJSON writes the waits with kinds and shapes by name:
// {"shanten":0,"single":false,"remaining":8,"waits":[{"kind":"1m","chinese":"一萬","remaining":4,"shapes":["two-sided"]},…]}.
func (w WaitInfo) MarshalJSON() ([]byte, error) {
	type jsonWait struct {
		Kind      string   `json:"kind"`
		Chinese   string   `json:"chinese"`
		Remaining int      `json:"remaining"`
		Shapes    []string `json:"shapes"`
	}
	out := struct {
		Shanten   int        `json:"shanten"`
		Single    bool       `json:"single"`
		Remaining int        `json:"remaining"`
		Waits     []jsonWait `json:"waits"`
	}{Shanten: w.Shanten, Single: w.Single, Remaining: w.Remaining(), Waits: []jsonWait{}}
	for _, x := range w.Waits() {
		out.Waits = append(out.Waits, jsonWait{x.Kind.String(), x.Kind.Chinese(), x.Remaining, x.Shapes.Names()})
	}
	return json.Marshal(out)
}

// Waits returns the waits of a concealed part of 3k+1 tiles (k ≤ 5),
// counting the standard form; see Forms.Waits.
func Waits(concealed mjsolve.Counts, visible *mjsolve.Counts) (WaitInfo, error) {
	return Forms{}.Waits(concealed, visible)
}

// Waits returns the waits of a concealed part of 3k+1 tiles (k ≤ 5). It
// gives the part's shanten and, when it is tenpai, every winning kind — a
// kind whose addition completes the part, of which the part holds fewer
// than 4 — with the copies not visible and the wait shapes over all
// decompositions, and whether it is a single wait (獨聽).
//
// visible, when not nil, counts every tile the player can see: the
// concealed part itself, the player's own melds and kongs, all discards and
// the other players' exposed melds (flowers do not matter). nil means only
// the concealed part is seen.
func (f Forms) Waits(concealed mjsolve.Counts, visible *mjsolve.Counts) (WaitInfo, error) {
	var w WaitInfo
	k, seen, err := checkPart(&concealed, visible, 1, "waits need a concealed part of 3k+1 tiles (1, 4, … 16), not %d")
	if err != nil {
		return w, err
	}
	var ps parts
	ps.init(f.tables(), &concealed, k)
	ligu := f.Ligu && k == maxMelds
	r := ps.replacement(&ps.row)
	if r != 1 && !ligu {
		// Not tenpai: no kind completes the part (a tenpai part has a
		// winning kind, the tile its complete form adds).
		w.Shanten = r - 1
		return w, nil
	}

	// A tile completes the hand only if every other part is complete as it
	// stands: when one part is not, only its kinds can win; when two are
	// not, none can. (All can be complete by themselves: two pairs.)
	var n [numParts]int
	for kind, c := range concealed {
		n[kind/9] += int(c)
	}
	open, opens, pairs := -1, 0, 0
	for s := 0; s < numParts; s++ {
		if !ps.complete(s, ps.idx[s], n[s]) {
			open = s
			opens++
		}
		if n[s]%3 == 2 {
			pairs++
		}
	}
	live := 0
	for t := mjsolve.Kind(0); t < mjsolve.NumKinds; t++ {
		if concealed[t] == 4 {
			continue
		}
		s, weight := partOf(t)
		var shapes WaitShape
		// The hand has one pair in all: parts of 3j+2 tiles hold one each.
		onePair := pairs+pairDelta[n[s]%3] == 1
		if onePair && (opens == 0 || opens == 1 && s == open) && ps.complete(s, ps.idx[s]+weight, n[s]+1) {
			concealed[t]++
			shapes = partWaitShapes(&concealed, t)
			concealed[t]--
		}
		if ligu {
			concealed[t]++
			if liguReplacement(&concealed) == 0 {
				if concealed[t] == 2 {
					shapes |= SingleTile
				} else {
					shapes |= DualPong
				}
			}
			concealed[t]--
		}
		if shapes == 0 {
			continue
		}
		rem := 4 - int(seen[t])
		w.Kinds.Add(t)
		w.shapes[t], w.remaining[t] = shapes, uint8(rem)
		if rem > 0 {
			live++
		}
	}
	if w.Kinds != 0 {
		w.Shanten = 0
	} else {
		if ligu {
			r = min(r, liguReplacement(&concealed))
		}
		w.Shanten = r - 1
	}
	w.Single = live == 1
	return w, nil
}

// pairDelta[n%3] is the change in the number of parts of 3j+2 tiles when a
// part of n tiles gets one more.
var pairDelta = [3]int{0, 1, -1}

// partWaitShapes returns the roles a tile of kind t plays over every
// decomposition of its part of the complete hand c (the other parts are
// complete by themselves).
func partWaitShapes(c *mjsolve.Counts, t mjsolve.Kind) WaitShape {
	s := int(t / 9)
	var sw shapeWalk
	sw.size = mjsolve.Suit(s).Size()
	sw.seq = s < 3
	sw.t = int(t % 9)
	total := 0
	for i := 0; i < sw.size; i++ {
		sw.c[i] = c[9*s+i]
		total += int(c[9*s+i])
	}
	sw.walk(0, total%3 == 2, 0)
	return sw.found
}

// shapeWalk enumerates the decompositions of one part into sets and at most
// one pair, collecting the roles of the tile at position t.
type shapeWalk struct {
	c     [11]uint8 // two spare positions past a suit: the walk changes i+1, i+2 unguarded
	size  int
	seq   bool
	t     int
	found WaitShape
}

// walk decomposes the part from position i on; pair says whether the pair is
// still to be placed, acc holds the roles met so far. At the lowest position
// held, with count n, it takes the pair or not and a triplet or not, and every
// remaining copy must start a sequence: each decomposition is met once.
func (w *shapeWalk) walk(i int, pair bool, acc WaitShape) {
	for i < w.size && w.c[i] == 0 {
		i++
	}
	if i == w.size {
		if !pair {
			w.found |= acc
		}
		return
	}
	n := w.c[i]
	for p := uint8(0); p <= 1; p++ {
		if p == 1 && (!pair || n < 2) {
			break
		}
		for trip := uint8(0); trip <= 1; trip++ {
			used := 2*p + 3*trip
			if used > n {
				break
			}
			seqs := n - used
			if seqs > 0 && (!w.seq || i+2 >= w.size || w.c[i+1] < seqs || w.c[i+2] < seqs) {
				continue
			}
			roles := acc
			if i == w.t {
				if p == 1 {
					roles |= SingleTile
				}
				if trip == 1 {
					roles |= DualPong
				}
			}
			if seqs > 0 {
				switch w.t {
				case i: // the low end: the partial is i+1, i+2
					if i+2 == 8 {
						roles |= Edge
					} else {
						roles |= TwoSided
					}
				case i + 1:
					roles |= Closed
				case i + 2: // the high end: the partial is i, i+1
					if i == 0 {
						roles |= Edge
					} else {
						roles |= TwoSided
					}
				}
			}
			// With seqs > 0, i+2 is inside the part (checked above); with
			// none, the spare positions take the zero change.
			w.c[i] = 0
			w.c[i+1] -= seqs
			w.c[i+2] -= seqs
			w.walk(i+1, pair && p == 0, roles)
			w.c[i] = n
			w.c[i+1] += seqs
			w.c[i+2] += seqs
		}
	}
}
