package nopeek

import (
	"math/rand/v2"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

// choice is one strategy's move in view v, from src.
func choice(p *Player, v *state, src *rand.PCG) (uint8, uint8) {
	switch p.strategy {
	case stratRandom:
		return v.uniform(src)
	case stratGreedy:
		return greedy(v, src)
	}
	if p.strategy == stratLookahead {
		return p.look.choose(v, src)
	}
	return p.hind.choose(v, src)
}

// shuffleHidden returns a copy of groups with the faces of the slots in
// hid dealt again at random.
func shuffleHidden(groups []solitaire.Group, hid solitaire.Set, r *rand.Rand) []solitaire.Group {
	d := append([]solitaire.Group(nil), groups...)
	slots := hid.AppendTo(nil)
	r.Shuffle(len(slots), func(i, j int) { d[slots[i]], d[slots[j]] = d[slots[j]], d[slots[i]] })
	for k := 1; k < len(slots); k++ {
		if r.IntN(2) == 0 {
			d[slots[0]], d[slots[k]] = d[slots[k]], d[slots[0]]
		}
	}
	return d
}

// hiddenOf returns the slots of v whose faces v hides.
func hiddenOf(v *state) solitaire.Set {
	var h solitaire.Set
	for i := range v.gi.n {
		if v.present.Has(i) && v.face[i] == hidden {
			h.Add(i)
		}
	}
	return h
}

// TestNoPeekingAtEachMove plays turtle games and, before every move,
// deals the hidden tiles again at random: the player's view of the other
// deal after the same moves is the same, no face it hides is set, and
// every strategy chooses the same move from the same random source
// state. A strategy that read the deal would choose differently.
func TestNoPeekingAtEachMove(t *testing.T) {
	geo := geometry(t, "turtle")
	r := rand.New(rand.NewPCG(5, 6))
	for _, s := range Strategies() {
		p := quickPlayer(t, geo, s)
		differ := 0
		for g := uint64(1); g <= 3; g++ {
			groups := deal(t, geo, g)
			moves, _ := p.Trace(groups, gameSource(g), nil)
			var v, w state
			v.reset(p.gi, groups)
			for i, m := range moves {
				if hiddenOf(&v).Count() != v.left-visible(&v) {
					t.Fatalf("hidden tiles miscounted")
				}
				other := shuffleHidden(groups, hiddenOf(&v), r)
				for j := range other {
					if other[j] != groups[j] {
						differ++
						break
					}
				}
				w.reset(p.gi, other)
				for _, m := range moves[:i] {
					w.play(m.A, m.B, other)
				}
				if w != v {
					t.Fatalf("%s game %d move %d: the views of deals differing in hidden faces differ", s, g, i)
				}
				seed := r.Uint64()
				a1, b1 := choice(p, &v, rand.NewPCG(seed, 1))
				a2, b2 := choice(p, &w, rand.NewPCG(seed, 1))
				if a1 != a2 || b1 != b2 {
					t.Fatalf("%s game %d move %d: %d-%d on one deal, %d-%d on the other", s, g, i, a1, b1, a2, b2)
				}
				v.play(m.A, m.B, groups)
			}
		}
		if differ < 50 {
			t.Errorf("%s: only %d positions with another deal of the hidden tiles", s, differ)
		}
	}
}

// visible counts the uncovered tiles on the board of v.
func visible(v *state) int {
	n := 0
	for g := range solitaire.NumGroups {
		n += int(v.vis[g])
	}
	return n
}

// TestNoPeekingWholeGame plays a turtle game, then swaps faces between
// tiles the game never uncovered: the game on the other deal is the same
// move for move (Trace) and result for result (Play), with the same
// random numbers.
func TestNoPeekingWholeGame(t *testing.T) {
	geo := geometry(t, "turtle")
	r := rand.New(rand.NewPCG(7, 8))
	for _, s := range Strategies() {
		p := quickPlayer(t, geo, s)
		checked := 0
		for g := uint64(1); g <= 8; g++ {
			groups := deal(t, geo, g)
			moves, res := p.Trace(groups, gameSource(g), nil)
			var v state
			v.reset(p.gi, groups)
			for _, m := range moves {
				v.play(m.A, m.B, groups)
			}
			other := shuffleHidden(groups, hiddenOf(&v), r)
			if solitaire.CheckDeal(other, geo.N) != nil {
				t.Fatal("not a deal")
			}
			same := true
			for i := range other {
				same = same && other[i] == groups[i]
			}
			if same {
				continue
			}
			checked++
			moves2, res2 := p.Trace(other, gameSource(g), nil)
			if res2 != res || solitaire.FormatMoves(moves2) != solitaire.FormatMoves(moves) {
				t.Errorf("%s game %d: %+v, with other hidden faces %+v", s, g, res, res2)
			}
			if s != "random" { // Play plays random by package playout, another game
				if a, b := p.Play(groups, gameSource(g)), p.Play(other, gameSource(g)); a != b {
					t.Errorf("%s game %d: Play %+v, with other hidden faces %+v", s, g, a, b)
				}
			}
		}
		if checked < 4 {
			t.Errorf("%s: only %d games left hidden tiles of two groups", s, checked)
		}
	}
}

// TestNoPeekingBuried plays turtle deals in which three tiles of the top
// tile's group lie under it, so that nothing under the top tile is ever
// uncovered; dealing those tiles again changes no game (Play and Trace,
// every strategy, the same random numbers), and the tests fail if a
// strategy reads them.
func TestNoPeekingBuried(t *testing.T) {
	geo := geometry(t, "turtle")
	gi := newGeoInfo(geo)
	top := 0
	for i := range geo.N {
		if gi.beneath[i] > gi.beneath[top] {
			top = i
		}
	}
	var buried solitaire.Set // every tile under the top one
	for todo := geo.Under[top]; !todo.IsEmpty(); {
		j := todo.First()
		todo.Remove(j)
		buried.Add(j)
		todo = todo.Or(geo.Under[j].AndNot(buried))
	}
	if buried.Count() != int(gi.beneath[top]) || buried.Count() < 8 {
		t.Fatalf("%d tiles under the top, beneath says %d", buried.Count(), gi.beneath[top])
	}
	r := rand.New(rand.NewPCG(9, 10))
	for _, s := range Strategies() {
		p := quickPlayer(t, geo, s)
		differ := 0
		for g := uint64(1); g <= 6; g++ {
			groups := deal(t, geo, g)
			// Three tiles of the top's group go into the first three slots under it.
			x := groups[top]
			under := geo.UnderList[top]
			for k := 0; k < 3; k++ {
				for i, h := range groups {
					if h == x && i != top && (k == 0 || !slicesContains(under[:k], i)) {
						groups[i], groups[under[k]] = groups[under[k]], groups[i]
						break
					}
				}
			}
			var rest solitaire.Set // the buried tiles not of group x
			for i := range buried.All() {
				if groups[i] != x {
					rest.Add(i)
				}
			}
			other := shuffleHidden(groups, rest, r)
			if solitaire.CheckDeal(groups, geo.N) != nil || solitaire.CheckDeal(other, geo.N) != nil {
				t.Fatal("not a deal")
			}
			for i := range other {
				if other[i] != groups[i] {
					differ++
					break
				}
			}
			a, b := p.Play(groups, gameSource(g)), p.Play(other, gameSource(g))
			if a != b || a.Won {
				t.Errorf("%s game %d: Play %+v, with other buried faces %+v", s, g, a, b)
			}
			m1, _ := p.Trace(groups, gameSource(g), nil)
			m2, _ := p.Trace(other, gameSource(g), nil)
			if solitaire.FormatMoves(m1) != solitaire.FormatMoves(m2) {
				t.Errorf("%s game %d: other moves with other buried faces", s, g)
			}
		}
		if differ < 5 {
			t.Errorf("%s: only %d deals changed", s, differ)
		}
	}
}

func slicesContains(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
