package review_test

import (
	"context"
	"fmt"
	"os"

	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
	"github.com/mjsolve/mjsolve/tw16/review"
)

// honorsLast is an Engine and a Rater that values a discard by its kind's
// number, so that the honors, last, are the best discards, and every other
// action at nothing.
type honorsLast struct{}

func (h honorsLast) Choose(v *game.View, acts []game.Action, seed uint64) int {
	vals, _ := h.Rate(v, acts, 1, seed, nil)
	best := 0
	for i, x := range vals {
		if x > vals[best] {
			best = i
		}
	}
	return best
}

func (honorsLast) Rate(_ *game.View, acts []game.Action, _ int, _ uint64, out []float64) ([]float64, error) {
	out = out[:0]
	for _, a := range acts {
		v := 0.0
		if a.Type == game.Discard {
			v = float64(a.Cards[0].Kind())
		}
		out = append(out, v)
	}
	return out, nil
}

// lowest discards its lowest card and claims nothing.
type lowest struct{ steps *[]handlog.Step }

func (lowest) Begin(uint64) {}

func (p lowest) Choose(v *game.View, acts []game.Action) int {
	*p.steps = append(*p.steps, handlog.Step{Seat: v.Seat, Action: acts[0]})
	return 0
}

// A hand played by four players that discard their lowest card, reviewed
// with an engine of its own (review.New reviews with the search strategy).
func Example() {
	cfg := game.Config{Seed: 3}
	g, _ := game.New(cfg)
	cfg.Wall = append([]game.Card(nil), g.Wall()...)
	var steps []handlog.Step
	p := lowest{&steps}
	players := [4]game.Strategy{p, p, p, p}
	var views [4]game.View
	game.Play(g, &players, &views)
	hd := handlog.Header{Hand: 1, Seats: []handlog.SeatInfo{{Seat: 1, Player: 1, Name: "lowest"}}}
	h, _ := handlog.Build(hd, cfg, steps)

	r, _ := review.NewWith(review.Options{}, honorsLast{}, honorsLast{})
	hr, err := r.Hand(context.Background(), h, [4]bool{true})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(hr.Line())
	rep := &review.Report{Samples: r.Samples(), WorstN: 1}
	rep.Add(hr)
	rep.WriteText(os.Stdout)
	// Output:
	// hand 1: seat 1 lowest 18 decisions, 3 agreed, cost 323.0
	//   player  hands  decisions  agreed  cost/hand   95% interval  cost/decision  points/hand  failed  dummy moves
	//   lowest      1         18   16.7%      323.0  323.0 … 323.0           17.9          0.0       0            0
	// 1 hand reviewed at 16 samples, seed 0
	// the 1 worst decision:
	// cost  file  hand  move  seat  player  chosen      engine      position
	// 31.0        1     5     1     lowest  discard 3m  discard 7z  hand 37m114679p2246679s17z; 71 left
}
