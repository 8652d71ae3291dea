package bot

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/tw16/game"
)

func TestSelfPlayAdviceBeatsBaselines(t *testing.T) {
	tab, err := SelfPlay(context.Background(), SelfPlayOptions{
		Strategies: [4]string{"advice", "advice", "random", "draw-discard"},
		Hands:      192, Seed: 1,
	})
	if err != nil {
		t.Fatal(err)
	}
	if tab.Hands() != 192 {
		t.Fatalf("%d hands played, want 192", tab.Hands())
	}
	var text strings.Builder
	if err := tab.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	t.Log("\n" + text.String())
	sum := int64(0)
	for p := range 4 {
		sum += tab.Player(p).Score
	}
	if sum != 0 {
		t.Errorf("scores sum to %d", sum)
	}
	for _, p := range []int{2, 3} {
		for _, a := range []int{0, 1} {
			if m, lo, hi := tab.Margin(a, p); lo <= 0 {
				t.Errorf("advice (player %d) over %s: %.0f per hand, interval %.0f … %.0f includes zero",
					a, tab.Player(p).Name, m, lo, hi)
			}
		}
	}
	if st := tab.Player(3); st.Wins != 0 || st.Failures != 0 {
		t.Errorf("draw-discard won %d hands (it never claims a win), %d failures", st.Wins, st.Failures)
	}
}

func BenchmarkSelfPlayAdvice(b *testing.B) {
	o := SelfPlayOptions{Strategies: [4]string{"advice", "advice", "advice", "advice"}}
	p, err := newPlayer(o)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	i := 0
	cpu := cpuTime()
	for b.Loop() {
		if err := p.play((game.Schedule{Seed: 1}).Hand(i), 1); err != nil {
			b.Fatal(err)
		}
		i++
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "hands/s")
	if used := cpuTime() - cpu; used > 0 {
		b.ReportMetric(float64(b.N)/used.Seconds(), "hands/cpu-s")
	}
}

// A cancelled match stops taking hands and returns the table of those
// played with the context's error.
func TestSelfPlayInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	seen := 0
	tab, err := SelfPlay(ctx, SelfPlayOptions{
		Strategies: [4]string{"advice", "random", "random", "draw-discard"},
		Hands:      10000, Seed: 2, Workers: 2,
		Progress: func(done int) {
			seen = max(seen, done)
			if done == 20 {
				cancel()
			}
		},
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if tab.Hands() < 20 || tab.Hands() > 22 || tab.Hands() != seen {
		t.Errorf("%d hands in the table, %d reported done", tab.Hands(), seen)
	}
	sum := int64(0)
	for p := range 4 {
		sum += tab.Player(p).Score
	}
	if sum != 0 {
		t.Errorf("scores sum to %d", sum)
	}
}
