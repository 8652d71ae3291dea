package handlog_test

import (
	"bytes"
	"fmt"

	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// firstAction takes the first legal action and writes it down as a step.
type firstAction struct{ steps *[]handlog.Step }

func (firstAction) Begin(uint64) {}

func (p firstAction) Choose(v *game.View, acts []game.Action) int {
	*p.steps = append(*p.steps, handlog.Step{Seat: v.Seat, Action: acts[0]})
	return 0
}

// A hand played in-process, written in event form, read back, verified
// and walked decision by decision.
func Example() {
	cfg := game.Config{Seed: 1}
	g, _ := game.New(cfg)
	cfg.Wall = append([]game.Card(nil), g.Wall()...)
	var steps []handlog.Step
	p := firstAction{&steps}
	players := [4]game.Strategy{p, p, p, p}
	var views [4]game.View
	if err := game.Play(g, &players, &views); err != nil {
		fmt.Println(err)
		return
	}
	h, err := handlog.Build(handlog.Header{Source: handlog.SourceSelfPlay, Hand: 1}, cfg, steps)
	if err != nil {
		fmt.Println(err)
		return
	}
	var buf bytes.Buffer
	h.WriteTo(&buf)
	back, err := handlog.Read(&buf)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("verify:", handlog.Verify(back, nil))
	fmt.Println(len(back.Events), "events")
	e := back.Events[4] // after the four deals
	fmt.Printf("%d %s seat %d %s (%d) on %s\n", e.N, e.Type, e.Seat, e.Tile, e.TID, e.On)
	end := back.End()
	fmt.Println(end.Result, end.Points)
	decisions := 0
	handlog.Walk(back, nil, func(d *handlog.Decision) error {
		if d.Chosen != 0 || d.View.Seat != d.Seat {
			return fmt.Errorf("event %d: not the step", d.Event.N)
		}
		decisions++
		return nil
	})
	fmt.Println(decisions, "decisions")
	// Output:
	// verify: <nil>
	// 141 events
	// 5 discard seat 1 1m (111) on turn
	// drawn [0 0 0 0]
	// 80 decisions
}
