package nopeek

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/fnv"
	"testing"
)

// pinned is the digest of the games of each strategy's current version
// (see gamesDigest). When a change makes TestVersionsPinGames fail, the
// change plays some game otherwise: bump the strategy's version in
// strategyVersions and set the new digest here with it.
var pinned = map[string]struct{ version, digest string }{
	"random":    {"1", "ed6e0a5716148f18"},
	"greedy":    {"1", "ea0eae51baf34efb"},
	"lookahead": {"1", "d0f7894add560791"},
	"hindsight": {"4", "7425c31946d9deee"},
}

// gamesDigest plays games of the turtle (pcg dealer, seed 1) by strategy
// and hashes every move (Trace, the game of Play, for greedy and
// lookahead), every result of Play and the state of the random source
// after each game (so that a change in how many numbers a game draws shows
// too).
func gamesDigest(t *testing.T, strategy string, games int) string {
	t.Helper()
	geo := geometry(t, "turtle")
	p := player(t, geo, strategy)
	h := fnv.New64a()
	for g := range uint64(games) {
		groups := deal(t, geo, g+1)
		src := gameSource(g)
		var res Result
		if strategy == "random" {
			res = p.Play(groups, src)
		} else {
			ms, r := p.Trace(groups, src, nil)
			for _, m := range ms {
				h.Write([]byte{m.A, m.B})
			}
			res = r
		}
		won := 0
		if res.Won {
			won = 1
		}
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(won<<20|res.Moves<<10|res.Left)))
		state, err := src.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		h.Write(state)
	}
	return fmt.Sprintf("%016x", h.Sum64())
}

// gamesPerDigest is the number of games gamesDigest plays per strategy
// (fewer of the slow lookahead and hindsight).
var gamesPerDigest = map[string]int{"random": 400, "greedy": 200, "lookahead": 20, "hindsight": 2}

func TestVersionsPinGames(t *testing.T) {
	for _, s := range Strategies() {
		v, err := Version(s, Options{})
		if err != nil {
			t.Fatal(err)
		}
		want, ok := pinned[s]
		if !ok {
			t.Errorf("%s: no digest pinned", s)
			continue
		}
		got := gamesDigest(t, s, gamesPerDigest[s])
		switch {
		case v != want.version && got == want.digest:
			t.Errorf("%s: version %s but the games of version %s: a version is bumped only when games change", s, v, want.version)
		case got != want.digest:
			t.Errorf("%s: games digest %s, version %s pins %s: the games changed; bump the strategy's version in strategyVersions and pin the new digest with it", s, got, want.version, want.digest)
		case v != want.version:
			t.Errorf("%s: version %s, pinned %s", s, v, want.version)
		}
	}
}

func TestVersion(t *testing.T) {
	geo := geometry(t, "turtle")
	for _, c := range []struct {
		strategy string
		opt      Options
		want     string
	}{
		{"random", Options{}, "1"},
		{"random", Options{Rollouts: 7}, "1"}, // random ignores the budget
		{"greedy", Options{Rollouts: 7}, "1"},
		{"lookahead", Options{}, "1"},
		{"lookahead", Options{Rollouts: DefaultRollouts}, "1"},
		{"lookahead", Options{Rollouts: 256}, "1+rollouts=256"},
		{"lookahead", Options{Samples: 64}, "1"},
		{"hindsight", Options{}, "4"},
		{"hindsight", Options{Rollouts: 7, Samples: DefaultSamples}, "4"},
		{"hindsight", Options{Samples: 64}, "4+samples=64"},
		{"hindsight", Options{Workers: 4}, "4"},
		{"hindsight", Options{Samples: MaxSamples + 1}, "4+samples=2048"},
	} {
		v, err := Version(c.strategy, c.opt)
		if err != nil || v != c.want {
			t.Errorf("Version(%s, %+v) = %q, %v; want %q", c.strategy, c.opt, v, err, c.want)
		}
		p, err := NewPlayerOptions(geo, c.strategy, c.opt)
		if err != nil {
			t.Fatal(err)
		}
		if pv := p.Version(); pv != c.want {
			t.Errorf("%s %+v: Player.Version() = %q, want %q", c.strategy, c.opt, pv, c.want)
		}
	}
	if _, err := Version("peek", Options{}); !errors.As(err, new(*StrategyError)) {
		t.Errorf("Version(peek): %v, want a *StrategyError", err)
	}
}

func TestBudget(t *testing.T) {
	for _, c := range []struct {
		strategy string
		opt      Options
		want     int
	}{
		{"hindsight", Options{}, DefaultSamples},
		{"hindsight", Options{Samples: 64}, 64},
		{"hindsight", Options{Samples: 1 << 20}, MaxSamples},
		{"lookahead", Options{}, DefaultRollouts},
		{"lookahead", Options{Rollouts: 300, Samples: 5}, 300},
		{"greedy", Options{Samples: 5}, 0},
		{"random", Options{}, 0},
	} {
		v, _ := Version(c.strategy, c.opt)
		if got, err := Budget(c.strategy, v); err != nil || got != c.want {
			t.Errorf("Budget(%s, %q) = %d, %v; want %d", c.strategy, v, got, err, c.want)
		}
	}
	for _, c := range [][2]string{{"hindsight", "1+rollouts=5"}, {"hindsight", "1+samples=x"}, {"hindsight", "1+samples=0"}, {"lookahead", ""}, {"hindsight", "+samples=4"}} {
		if n, err := Budget(c[0], c[1]); err == nil {
			t.Errorf("Budget(%s, %q) = %d, no error", c[0], c[1], n)
		}
	}
	if _, err := Budget("peek", "1"); !errors.As(err, new(*StrategyError)) {
		t.Errorf("Budget(peek): %v", err)
	}
}
