package bot

import (
	"flag"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve/tw16/game"
)

// The paired strength harness, a measurement rather than a test: duplicate
// matches of a test strategy against a base one on the same deals. In
// 2v2 mode each deal is played twice, the test strategy in two seats and
// then in the other two (the pairs of seats vary by deal), so that the
// luck of the wall cancels; in 1v3 mode the test strategy plays each seat
// once. It reports the margin per hand and seat with its 95% interval
// (deals are the independent units), how often the test strategy departs
// from the advice engine's choice and by which actions, and the wins,
// deal-ins and tai of each side. The search's tuning variables can be set
// by flags, to measure a change before making it the default:
//
//	go test ./tw16/bot -run 'Strength$' -strength -strength.spec search:samples=300 -strength.deals 120 -v -timeout 0
//
// deviateZ and confirmShare apply to every search of the match; the
// playout folding and foldChoice to the test search (-strength.fold,
// -strength.foldchoice) and to the base search (-strength.basefold,
// -strength.basefoldchoice), pruneZ to the test search only, so that a
// change can be measured against the search as it was, on the same
// deals:
//
//	go test ./tw16/bot -run 'Strength$' -strength -strength.spec search:samples=1000 \
//	  -strength.base search:samples=1000 -strength.foldchoice 2 -strength.basefoldchoice 0 \
//	  -strength.allbase=false -strength.deals 150 -strength.seed 2 -v -timeout 0
var (
	strength        = flag.Bool("strength", false, "run the paired strength harness")
	strengthSpec    = flag.String("strength.spec", "search:samples=300", "the test strategy")
	strengthBase    = flag.String("strength.base", "advice", "the base strategy")
	strengthDeals   = flag.Int("strength.deals", 48, "deals")
	strengthFrom    = flag.Int("strength.from", 0, "first deal")
	strengthSeed    = flag.Uint64("strength.seed", 1, "seed of the deals")
	strengthMode    = flag.String("strength.mode", "2v2", "2v2 (two seats each, both halves) or 1v3 (one test seat, every seat)")
	strengthWorkers = flag.Int("strength.workers", 2, "deals at once")
	strengthZ       = flag.Float64("strength.z", deviateZ, "the search's deviateZ")
	strengthConfirm = flag.Float64("strength.confirm", confirmShare, "the search's confirmShare")
	strengthFold    = flag.String("strength.fold", "", "the test search's playout folding, OWN,OTHER shanten (0: never; empty: the default)")
	strengthBFold   = flag.String("strength.basefold", "", "the base search's playout folding, as -strength.fold")
	strengthPruneZ  = flag.Float64("strength.prunez", pruneZ, "the test search's pruneZ")
	strengthChoice  = flag.Int("strength.foldchoice", foldChoice, "the test search's foldChoice")
	strengthBChoice = flag.Int("strength.basefoldchoice", foldChoice, "the base search's foldChoice")
	strengthAllBase = flag.Bool("strength.allbase", true, "also play each deal with the base strategy in every seat (its margin is subtracted in the delta)")
)

// setFold sets the playout folding of st, a search, from spec (OWN,OTHER).
func setFold(t *testing.T, st game.Strategy, spec string) {
	if spec == "" {
		return
	}
	s, ok := st.(*Search)
	if !ok {
		t.Fatalf("-strength.fold %q: not a search", spec)
	}
	var own, other int8
	if _, err := fmt.Sscanf(spec, "%d,%d", &own, &other); err != nil {
		t.Fatalf("-strength.fold %q: %v", spec, err)
	}
	for _, e := range s.evs {
		e.foldOwn, e.foldOther = own, other
	}
}

// diag adds up one side's play.
type diag struct {
	seatHands           int
	wins, selfDrawn     int
	dealIns             int
	tai                 int
	dealInCost, winGain float64
	points              float64
	decisions, departs  int
	departsBy           map[string]int
	think               time.Duration
}

func (d *diag) add(o *diag) {
	d.seatHands += o.seatHands
	d.wins += o.wins
	d.selfDrawn += o.selfDrawn
	d.dealIns += o.dealIns
	d.tai += o.tai
	d.dealInCost += o.dealInCost
	d.winGain += o.winGain
	d.points += o.points
	d.decisions += o.decisions
	d.departs += o.departs
	d.think += o.think
	if d.departsBy == nil {
		d.departsBy = map[string]int{}
	}
	for k, v := range o.departsBy {
		d.departsBy[k] += v
	}
}

func (d *diag) String() string {
	n := float64(max(1, d.seatHands))
	s := fmt.Sprintf("%5d seat-hands  mean %7.1f  win %.3f (self %.3f)  deal-in %.3f  tai/win %.2f  gain/win %.0f  cost/deal-in %.0f",
		d.seatHands, d.points/n, float64(d.wins)/n, float64(d.selfDrawn)/n, float64(d.dealIns)/n,
		float64(d.tai)/float64(max(1, d.wins)), d.winGain/float64(max(1, d.wins)), d.dealInCost/float64(max(1, d.dealIns)))
	if d.decisions > 0 {
		var ks []string
		for k, v := range d.departsBy {
			ks = append(ks, fmt.Sprintf("%s %d", k, v))
		}
		sort.Strings(ks)
		s += fmt.Sprintf("\n      decisions %d, departures from advice %d (%s), %.1f ms/decision", d.decisions, d.departs,
			strings.Join(ks, ", "), float64(d.think.Microseconds())/1000/float64(d.decisions))
	}
	return s
}

// departRec wraps the test strategy: it counts decisions and the
// departures from the advice engine's choice.
type departRec struct {
	s      game.Strategy
	advice *Advice
	d      *diag
	depart bool // in this hand
}

func (r *departRec) Begin(seed uint64) { r.s.Begin(seed); r.advice.Begin(seed) }

func (r *departRec) Choose(v *game.View, acts []game.Action) int {
	t := time.Now()
	i := r.s.Choose(v, acts)
	r.d.think += time.Since(t)
	j := r.advice.Choose(v, acts)
	r.d.decisions++
	a, b := acts[i], acts[j]
	same := a.Type == b.Type && (a.Type == game.Discard && a.Cards[0].Kind() == b.Cards[0].Kind() || a.Type != game.Discard && a.Cards == b.Cards)
	if !same {
		r.d.departs++
		r.depart = true
		key := a.Type.String() + "/" + b.Type.String()
		if a.Type == game.Discard && b.Type == game.Discard {
			key = "discard"
		}
		r.d.departsBy[key]++
	}
	return i
}

// deal plays one deal with the test strategy at the seats in test and
// returns the points.
type dealer struct {
	g     *game.Game
	test  [4]*departRec
	base  [4]game.Strategy
	views [4]game.View
}

func (dl *dealer) play(cfg game.Config, test [4]bool, seed uint64, d [2]*diag) (*game.Result, bool, error) {
	if err := dl.g.Reset(cfg); err != nil {
		return nil, false, err
	}
	var seats [4]game.Strategy
	depart := false
	for s := range 4 {
		if test[s] {
			dl.test[s].d = d[0]
			dl.test[s].depart = false
			seats[s] = dl.test[s]
		} else {
			seats[s] = dl.base[s]
		}
		seats[s].Begin(game.Mix(seed, uint64(s)))
	}
	if err := game.Play(dl.g, &seats, &dl.views); err != nil {
		return nil, false, err
	}
	r := dl.g.Result()
	for s := range game.Seat(4) {
		x := d[1]
		if test[s] {
			x = d[0]
			depart = depart || dl.test[s].depart
		}
		x.seatHands++
		x.points += float64(r.Points[s])
		switch {
		case r.Exhausted:
		case r.Winner == s:
			x.wins++
			x.tai += r.Score.Tai
			x.winGain += float64(r.Points[s])
			if r.SelfDrawn {
				x.selfDrawn++
			}
		case r.From == s && !r.SelfDrawn:
			x.dealIns++
			x.dealInCost -= float64(r.Points[s])
		}
	}
	return r, depart, nil
}

func newDealer(t *testing.T, spec, base string) *dealer {
	g, err := game.New(game.Config{})
	if err != nil {
		t.Fatal(err)
	}
	dl := &dealer{g: g}
	for s := range 4 {
		st, err := New(spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		setFold(t, st, *strengthFold)
		if x, ok := st.(*Search); ok {
			x.foldChoice, x.pruneZ = *strengthChoice, *strengthPruneZ
		}
		dl.test[s] = &departRec{s: st, advice: NewAdvice(Options{})}
		if dl.base[s], err = New(base, Options{}); err != nil {
			t.Fatal(err)
		}
		setFold(t, dl.base[s], *strengthBFold)
		if x, ok := dl.base[s].(*Search); ok {
			x.foldChoice = *strengthBChoice
		}
	}
	return dl
}

// TestStrength is the paired strength harness (see the flags).
func TestStrength(t *testing.T) {
	if !*strength {
		t.Skip("the strength harness runs with -strength")
	}
	type outcome struct {
		margin   float64 // per hand per seat, test − base
		delta    float64 // margin less the all-base game's
		departed bool
		d        [2]diag // test, base (in the mixed games)
	}
	z, c := deviateZ, confirmShare
	deviateZ, confirmShare = *strengthZ, *strengthConfirm
	defer func() { deviateZ, confirmShare = z, c }()
	t.Logf("deviateZ %g confirmShare %g pruneZ %g fold %q base fold %q fold choice %d base fold choice %d", deviateZ, confirmShare, *strengthPruneZ, *strengthFold, *strengthBFold, *strengthChoice, *strengthBChoice)
	n := *strengthDeals
	out := make([]outcome, n)
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done := 0
	start := time.Now()
	for range *strengthWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			dl := newDealer(t, *strengthSpec, *strengthBase)
			for i := range next {
				// Every deal a new wall, dealer and round wind.
				k := uint64(*strengthFrom + i)
				cfg := game.Config{Seed: game.Mix(*strengthSeed^0x5eed, k), Dealer: game.Seat(k % 4), Round: game.Wind(k / 4 % 4)}
				seed := game.Mix(*strengthSeed, k)
				o := &out[i]
				o.d[0].departsBy, o.d[1].departsBy = map[string]int{}, map[string]int{}
				var scratch [2]diag
				scratch[0].departsBy, scratch[1].departsBy = map[string]int{}, map[string]int{}
				var bp [4]int
				if *strengthAllBase {
					base, _, err := dl.play(cfg, [4]bool{}, seed, [2]*diag{&scratch[0], &scratch[1]})
					if err != nil {
						t.Error(err)
						return
					}
					bp = base.Points
				}
				var halves [][4]bool
				switch *strengthMode {
				case "1v3":
					for s := range 4 {
						var x [4]bool
						x[s] = true
						halves = append(halves, x)
					}
				default:
					pairs := [3][4]bool{{true, false, true, false}, {true, true, false, false}, {true, false, false, true}}
					p := pairs[(*strengthFrom+i)%3]
					halves = [][4]bool{p, {!p[0], !p[1], !p[2], !p[3]}}
				}
				for _, x := range halves {
					r, dep, err := dl.play(cfg, x, seed, [2]*diag{&o.d[0], &o.d[1]})
					if err != nil {
						t.Error(err)
						return
					}
					var mt, mb, bt, bb float64
					var nt float64
					for s := range 4 {
						if x[s] {
							mt += float64(r.Points[s])
							bt += float64(bp[s])
							nt++
						} else {
							mb += float64(r.Points[s])
							bb += float64(bp[s])
						}
					}
					m := mt/nt - mb/(4-nt)
					o.margin += m / float64(len(halves))
					o.delta += (m - (bt/nt - bb/(4-nt))) / float64(len(halves))
					o.departed = o.departed || dep
				}
				mu.Lock()
				done++
				if done%10 == 0 {
					t.Logf("%d deals, %s", done, time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
	var sum, sq, dsum, dsq float64
	var tot [2]diag
	tot[0].departsBy, tot[1].departsBy = map[string]int{}, map[string]int{}
	departed := 0
	var depSum float64
	for _, o := range out {
		sum += o.margin
		sq += o.margin * o.margin
		dsum += o.delta
		dsq += o.delta * o.delta
		tot[0].add(&o.d[0])
		tot[1].add(&o.d[1])
		if o.departed {
			departed++
			depSum += o.delta
		}
	}
	ci := func(s, q float64) (float64, float64) {
		m := s / float64(n)
		se := math.Sqrt(max(0, q/float64(n)-m*m) / float64(max(1, n-1)))
		return m, 1.96 * se
	}
	m, h := ci(sum, sq)
	dm, dh := ci(dsum, dsq)
	t.Logf("%s vs %s, %s, %d deals from %d, seed %d (%s)", *strengthSpec, *strengthBase, *strengthMode, n, *strengthFrom, *strengthSeed, time.Since(start).Round(time.Second))
	t.Logf("margin per hand per seat %.1f ± %.1f; less the all-base game %.1f ± %.1f; deals with departures %d (mean delta there %.1f)",
		m, h, dm, dh, departed, depSum/float64(max(1, departed)))
	t.Logf("test: %s", &tot[0])
	t.Logf("base: %s", &tot[1])
}
