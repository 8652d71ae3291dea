package bot

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"runtime"
	"testing"

	"github.com/mjsolve/mjsolve/tw16/game"
)

// The digests of TestPlayoutsUnchanged and TestSearchGameUnchanged, from
// the code as it was before the playouts were made faster: a change that
// is meant only to speed the search up must leave them as they are.
const (
	goldenPlayouts = "561e1bbb9a47b3e43a0900d098dc90dfd7ed60e26cd43955233d9eadf43e1dce"
	goldenGame     = "472ca5cd422c68ce988dacc56c0a11248d678e14c96024163080b665162b93bd"
)

// goldenArch skips on the architectures other than the one the digests
// were recorded on: the search's floating-point sums may round otherwise
// there (fused multiply-adds).
func goldenArch(t *testing.T) {
	if runtime.GOARCH != "amd64" {
		t.Skipf("digests recorded on amd64, not %s", runtime.GOARCH)
	}
}

// TestPlayoutsUnchanged plays every action offered at decisions of real
// hands in sampled positions, attacking and folding, and digests the
// points of every playout: any change to the sampling, the policy or the
// engine that changes one playout changes the digest.
func TestPlayoutsUnchanged(t *testing.T) {
	goldenArch(t)
	h := sha256.New()
	playouts := 0
	for seed := range uint64(12) {
		eachDecision(t, seed, 0, 9, func(moves int, g *game.Game, v *game.View) bool {
			acts := g.Actions()
			e := NewEvaluator(nil, game.Config{}.Rules)
			if err := e.prepare(v, acts); err != nil {
				t.Fatalf("hand %d move %d: %v", seed, moves, err)
			}
			for w := range uint64(3) {
				if err := e.sample(seed, w); err != nil {
					t.Fatalf("hand %d move %d sample %d: %v", seed, moves, w, err)
				}
				for i := range acts {
					for _, fold := range []int8{-1, 2} {
						p, err := e.playFolding(&acts[i], fold)
						if err != nil {
							t.Fatalf("hand %d move %d sample %d action %s: %v", seed, moves, w, acts[i], err)
						}
						h.Write(binary.LittleEndian.AppendUint64(nil, uint64(int64(p))))
						playouts++
					}
				}
			}
			return true
		})
	}
	if playouts < 1000 {
		t.Errorf("only %d playouts", playouts)
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != goldenPlayouts {
		t.Errorf("%d playouts digest to %s, want %s", playouts, got, goldenPlayouts)
	}
}

// TestSearchGameUnchanged plays hands with two search seats at a fixed
// number of playouts against two advice seats and digests every choice:
// the same decisions give the same digest.
func TestSearchGameUnchanged(t *testing.T) {
	goldenArch(t)
	h := sha256.New()
	decisions := 0
	for seed := range uint64(6) {
		g, err := game.New(game.Config{Seed: 100 + seed, Dealer: game.Seat(seed % 4)})
		if err != nil {
			t.Fatal(err)
		}
		var players [4]game.Strategy
		var views [4]game.View
		for s := range players {
			if s%2 == 0 {
				players[s] = NewSearch(Options{Samples: 150})
			} else {
				players[s] = NewAdvice(Options{})
			}
			players[s].Begin(seed*4 + uint64(s))
			if err := views[s].Start(game.Seat(s), g.Dealer(), g.Round(), g.Flowers(), g.Dealt(game.Seat(s))); err != nil {
				t.Fatal(err)
			}
		}
		for seen := 0; ; {
			for ; seen < len(g.Events()); seen++ {
				for s := range views {
					views[s].Apply(&g.Events()[seen])
				}
			}
			if g.Over() {
				break
			}
			s := g.ToAct()
			acts := g.Actions()
			i := players[s].Choose(&views[s], acts)
			h.Write([]byte{byte(s), byte(i)})
			decisions++
			if err := g.Apply(acts[i]); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range g.Result().Points {
			h.Write(binary.LittleEndian.AppendUint64(nil, uint64(int64(p))))
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != goldenGame {
		t.Errorf("%d decisions digest to %s, want %s", decisions, got, goldenGame)
	}
}
