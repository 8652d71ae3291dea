package nopeek

import (
	"flag"
	"math/rand/v2"
	"os"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/solitaire"
)

var writeInPlay = flag.String("write-inplay", "", "TestWriteInPlay: write the solver's in-play positions to `FILE`")

// TestWriteInPlay (with -write-inplay FILE) writes the positions in play
// of package solver's BenchmarkTurtleInPlay (solver/testdata/
// inplay-turtle.txt): every 80th position the hindsight strategy, at its
// default budget, asks the solver about while it plays turtle games
// 2001..2006 (pcg dealer, seed 1; the random numbers of "mjsolve solitaire
// play --seed 1"), one a line: the group of each slot (0–9, a–z), a space,
// and 1 for each slot whose tile is on the board, 0 for one removed.
func TestWriteInPlay(t *testing.T) {
	if *writeInPlay == "" {
		t.Skip("-write-inplay not set")
	}
	geo := geometry(t, "turtle")
	p, err := NewPlayer(geo, "hindsight")
	if err != nil {
		t.Fatal(err)
	}
	var sb strings.Builder
	asked := 0
	p.hind.ws[0].asked = func(b *solitaire.Board) {
		asked++
		if asked%80 != 0 {
			return
		}
		for _, g := range b.Groups {
			sb.WriteByte("0123456789abcdefghijklmnopqrstuvwxyz"[g])
		}
		sb.WriteByte(' ')
		for i := range geo.N {
			if b.Present.Has(i) {
				sb.WriteByte('1')
			} else {
				sb.WriteByte('0')
			}
		}
		sb.WriteByte('\n')
	}
	for g := uint64(2001); g <= 2006; g++ {
		p.Play(deal(t, geo, g), rand.NewPCG(RunSeed(1, "hindsight"), g))
	}
	if err := os.WriteFile(*writeInPlay, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("%d positions asked, %d written", asked, asked/80)
}
