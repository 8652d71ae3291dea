package winnable_test

import (
	"context"
	"errors"
	"math"
	"os"
	"slices"
	"sort"
	"testing"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/internal/gametest"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solitaire/winnable"
	"github.com/mjsolve/mjsolve/solver"
)

func geometry(t testing.TB, name string) *solitaire.Geometry {
	t.Helper()
	l, err := layouts.FinderFromEnv(os.Getenv).Find(name)
	if err != nil {
		if name != "turtle" {
			gametest.Missing(t, "%s: %v", name, err)
		}
		t.Fatal(err)
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestWinnableDeals: 100 winnable deals on the turtle and on ox, each
// checked by replaying its solution under the free rule (not by the
// solver's word), and exactly the games the solver finds winnable in the
// range tried (rejection: nothing else is dropped or kept).
func TestWinnableDeals(t *testing.T) {
	for _, name := range []string{"turtle", "xmahjongg/ox"} {
		g := geometry(t, name)
		var games []uint64
		st, err := winnable.Deals(context.Background(), g, winnable.Options{First: 1}, func(d winnable.Deal) bool {
			if err := solitaire.Verify(d.Board, d.Moves); err != nil {
				t.Fatalf("%s game %d: %v", name, d.Game, err)
			}
			games = append(games, d.Game)
			return len(games) < 100
		})
		if err != nil || st.Kept != 100 || st.Tried != st.Winnable+st.Impossible+st.Unknown {
			t.Fatalf("%s: %+v, %v", name, st, err)
		}
		s := solver.New(g)
		var want []uint64
		for game := uint64(1); game < st.Next; game++ {
			b, _ := solitaire.DealBoard(g, solitaire.PCG{Seed: 1}, game)
			if s.Solve(context.Background(), b, solver.Options{}).Verdict == solver.Winnable {
				want = append(want, game)
			}
		}
		if !slices.Equal(games, want) {
			t.Errorf("%s: kept %v, winnable %v", name, games, want)
		}
		t.Logf("%s: %+v", name, st)
	}
}

// TestNoWinnableDeal: a layout with no winnable deal ends after MaxTries.
func TestNoWinnableDeal(t *testing.T) {
	g := geometry(t, "xmahjongg/hourglass")
	st, err := winnable.Deals(context.Background(), g, winnable.Options{MaxTries: 200}, func(winnable.Deal) bool { return true })
	if !errors.Is(err, winnable.ErrNoneFound) || st.Tried != 200 || st.Impossible != 200 {
		t.Errorf("%+v, %v", st, err)
	}
}

// TestDifficultyMatchesMainJob: a deal's clears are the main job's record
// for the same game, dealer, seed and playouts (runs.WithDifficulty), so
// the deals' difficulty is that of the main job's winnable boards: the
// same numbers game by game. And the spread of deals from another range of
// games matches that of the main job's winnable boards (a two-sample
// Kolmogorov–Smirnov test on the clear shares, 100 deals each: the
// statistic must stay below its 1% critical value, 0.23).
func TestDifficultyMatchesMainJob(t *testing.T) {
	const k, n = 200, 100
	g := geometry(t, "turtle")
	dealer := solitaire.PCG{Seed: 1}
	m, err := winnable.NewMeasure(g, k, 1)
	if err != nil {
		t.Fatal(err)
	}
	worker := runs.WithDifficulty(runs.Workers(g, dealer, solver.Options{}), g, dealer, 1, k)()
	var ours, job, later []float64
	winnable.Deals(context.Background(), g, winnable.Options{Dealer: dealer, First: 1, Measure: m}, func(d winnable.Deal) bool {
		rec := worker(context.Background(), d.Game)
		if rec.Verdict != analysis.Winnable || rec.Clear != int64(d.Difficulty.Clears) || rec.Playouts != k {
			t.Fatalf("game %d: main job %v %d/%d, deal %d/%d", d.Game, rec.Verdict, rec.Clear, rec.Playouts, d.Difficulty.Clears, k)
		}
		ours = append(ours, float64(d.Difficulty.Clears)/k)
		job = append(job, float64(rec.Clear)/k)
		return len(ours) < n
	})
	winnable.Deals(context.Background(), g, winnable.Options{Dealer: dealer, First: 100_001, Measure: m}, func(d winnable.Deal) bool {
		later = append(later, float64(d.Difficulty.Clears)/k)
		return len(later) < n
	})
	if d := ks(job, later); d > 0.23 {
		t.Errorf("Kolmogorov–Smirnov statistic %.3f between the main job's winnable boards 1.. and deals from 100001", d)
	}
}

// ks is the two-sample Kolmogorov–Smirnov statistic of a and b.
func ks(a, b []float64) float64 {
	a, b = slices.Clone(a), slices.Clone(b)
	sort.Float64s(a)
	sort.Float64s(b)
	d := 0.0
	for _, x := range append(slices.Clone(a), b...) {
		fa := float64(sort.SearchFloat64s(a, math.Nextafter(x, 2))) / float64(len(a))
		fb := float64(sort.SearchFloat64s(b, math.Nextafter(x, 2))) / float64(len(b))
		d = max(d, math.Abs(fa-fb))
	}
	return d
}

// TestBands: the bands cut the layout's winnable deals in thirds; on 150
// other deals each band holds 20% to 47% of them, and a deal asked of a
// band is of it.
func TestBands(t *testing.T) {
	for _, name := range []string{"turtle", "xmahjongg/ox"} {
		g := geometry(t, name)
		m, _ := winnable.NewMeasure(g, 300, 1)
		bands, err := winnable.Calibrate(context.Background(), g, m, 150)
		if err != nil {
			t.Fatal(err)
		}
		if !(bands.Hard < bands.Easy) || bands.Sample != 150 {
			t.Fatalf("%s: %+v", name, bands)
		}
		var count [4]int
		winnable.Deals(context.Background(), g, winnable.Options{First: 50_001, Measure: m, Bands: bands}, func(d winnable.Deal) bool {
			count[d.Band]++
			return count[1]+count[2]+count[3] < 150
		})
		for b := winnable.Easy; b <= winnable.Hard; b++ {
			if count[b] < 30 || count[b] > 70 {
				t.Errorf("%s: %d of 150 deals %v, want about 50 (%+v)", name, count[b], b, bands)
			}
		}
		for _, want := range []winnable.Band{winnable.Easy, winnable.Hard} {
			got := 0
			winnable.Deals(context.Background(), g, winnable.Options{First: 1, Band: want, Measure: m, Bands: bands}, func(d winnable.Deal) bool {
				if d.Band != want || bands.Of(d.Difficulty) != want {
					t.Errorf("%s game %d: asked %v, got %v", name, d.Game, want, d.Band)
				}
				got++
				return got < 5
			})
		}
		t.Logf("%s: %+v, bands of 150 more deals %v", name, bands, count[1:])
	}
}

func TestParseBand(t *testing.T) {
	for _, s := range winnable.BandNames {
		b, err := winnable.ParseBand(s)
		if err != nil || b.String() != s {
			t.Errorf("ParseBand(%q) = %v, %v", s, b, err)
		}
	}
	if _, err := winnable.ParseBand("brutal"); err == nil || err.Error() != `winnable: unknown difficulty "brutal" (want easy, medium or hard)` {
		t.Errorf("ParseBand(brutal): %v", err)
	}
}

// BenchmarkWinnableTurtle100 deals 100 winnable turtle deals (games 1 to
// about 103, each solved).
func BenchmarkWinnableTurtle100(b *testing.B) {
	g := geometry(b, "turtle")
	b.ReportAllocs()
	for b.Loop() {
		k := 0
		winnable.Deals(context.Background(), g, winnable.Options{First: 1}, func(winnable.Deal) bool {
			k++
			return k < 100
		})
	}
}
