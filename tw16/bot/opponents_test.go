package bot

import (
	"fmt"
	"strings"
	"testing"

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
