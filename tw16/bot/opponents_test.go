package bot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// TestOpponentShantenTable measures, with -long, the shanten of advice
// players' hands at every claim window over 1500 hands, and prints the
// table opponentShanten holds (the cells' nearest-neighbour filling
// included); it fails when the committed table is off by more than 16/255
// anywhere.
func TestOpponentShantenTable(t *testing.T) {
	if !*long {
		t.Skip("with -long")
	}
	var hist [16][4][6]int
	f := tw16.Forms{}
	for seed := range uint64(1500) {
		g, _ := game.New(game.Config{Seed: seed, Dealer: game.Seat(seed % 4)})
		var players [4]game.Strategy
		var views [4]game.View
		for s := range players {
			players[s] = NewAdvice(Options{})
			players[s].Begin(seed*4 + uint64(s))
			views[s].Start(game.Seat(s), g.Dealer(), g.Round(), g.Flowers(), g.Dealt(game.Seat(s)))
		}
		seen := 0
		for !g.Over() {
			for ; seen < len(g.Events()); seen++ {
				for s := range views {
					views[s].Apply(&g.Events()[seen])
				}
			}
			if g.Phase() == game.PhaseClaim {
				for o := range game.Seat(4) {
					c := g.Concealed(o)
					if c.Total()%3 != 1 {
						continue
					}
					sh, _ := f.Shanten(c)
					d := 0
					for _, x := range g.Discards() {
						if x.Seat == o {
							d++
						}
					}
					hist[min(d, 15)][min(len(g.Melds(o)), 3)][min(sh, 5)]++
				}
			}
			s := g.ToAct()
			acts := g.Actions()
			g.Apply(acts[players[s].Choose(&views[s], acts)])
		}
	}
	// Fill thin cells from the nearest neighbour with data: more melds
	// first at the same discards, then more discards.
	var out strings.Builder
	fmt.Fprintln(&out, "var opponentShanten = [16][4][6]uint8{")
	for d := range 16 {
		fmt.Fprint(&out, "\t{")
		for m := range 4 {
			dd, mm := d, m
			n := 0
			for {
				n = 0
				for _, x := range hist[dd][mm] {
					n += x
				}
				if n >= 40 {
					break
				}
				if dd < 15 {
					dd++
				} else {
					dd, mm = d, mm-1
				}
			}
			fmt.Fprint(&out, "{")
			acc := 0
			for i, x := range hist[dd][mm] {
				acc += x
				if diff := acc*255/n - int(opponentShanten[d][m][i]); diff > 16 || diff < -16 {
					t.Errorf("cell %d discards, %d melds, shanten %d: measured %d/255, the table %d", d, m, i, acc*255/n, opponentShanten[d][m][i])
				}
				if i > 0 {
					fmt.Fprint(&out, ", ")
				}
				fmt.Fprint(&out, acc*255/n)
			}
			fmt.Fprint(&out, "}")
			if m < 3 {
				fmt.Fprint(&out, ", ")
			}
		}
		fmt.Fprintln(&out, "},")
	}
	fmt.Fprintln(&out, "}")
	t.Log("\n" + out.String())
}

// TestOpponentModelCalibrated measures, with -long, how well the search's
// sampled positions foresee a deal-in: over 400 hands of four advice
// players, at every discard made while an opponent looks ready, the share
// of 32 sampled positions in which some opponent waits on the kind
// discarded, against whether the discard was won on. It prints the two
// by the kind's class and fails when, over all those discards, the
// deal-ins foreseen are off the actual ones by more than half: 263.8
// against 196 (docs/play.md, "Where the search deals in"; a model that
// drew shapes by their ways and kept opponents off their own discards'
// kinds foresaw 209.9, and did not play better).
func TestOpponentModelCalibrated(t *testing.T) {
	if !*long {
		t.Skip("with -long")
	}
	classes := []string{"honor", "terminal", "2 or 8", "3 to 7"}
	classOf := func(k mjsolve.Kind) int {
		switch {
		case k.IsHonor():
			return 0
		case k.Number() == 1 || k.Number() == 9:
			return 1
		case k.Number() == 2 || k.Number() == 8:
			return 2
		}
		return 3
	}
	var n, hits [4]int
	var foreseen [4]float64
	e := NewEvaluator(nil, tw16.Rules{})
	adv := NewAdvice(Options{})
	for seed := range uint64(400) {
		class, p := -1, 0.0 // the last discard's, while threatened
		var seat game.Seat
		var kind mjsolve.Kind
		g := eachDecision(t, seed, 0, 1, func(_ int, g *game.Game, v *game.View) bool {
			if g.Phase() != game.PhaseTurn {
				return true // a claim: the discard before it stays the last
			}
			class = -1
			acts := g.Actions()
			if !adv.threatened(v) {
				return true
			}
			a := acts[adv.Choose(v, acts)]
			if a.Type != game.Discard {
				return true
			}
			if err := e.prepare(v, acts); err != nil {
				t.Fatal(err)
			}
			k, hit := a.Cards[0].Kind(), 0
			for w := range uint64(32) {
				if err := e.sample(seed, w); err != nil {
					t.Fatal(err)
				}
				for o := range game.Seat(4) {
					if o != v.Seat && e.g.WinningKinds(o).Has(k) {
						hit++
						break
					}
				}
			}
			class, p, seat, kind = classOf(k), float64(hit)/32, v.Seat, k
			n[class]++
			foreseen[class] += p
			return true
		})
		if r := g.Result(); class >= 0 && !r.Exhausted && !r.SelfDrawn && !r.RobbedKong && r.From == seat && r.Card.Kind() == kind {
			hits[class]++
		}
	}
	var total, want float64
	for c, name := range classes {
		t.Logf("%-8s %5d discards: deal-ins foreseen %6.1f, actual %4d", name, n[c], foreseen[c], hits[c])
		total += foreseen[c]
		want += float64(hits[c])
	}
	t.Logf("all: foreseen %.1f, actual %.0f", total, want)
	if total > 1.5*want || total < 0.5*want {
		t.Errorf("the sampled positions foresee %.1f deal-ins, %.0f happened", total, want)
	}
}
