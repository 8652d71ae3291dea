package stats

import (
	"bytes"
	"encoding/json"
	"strconv"

	"github.com/mjsolve/mjsolve/tw16"
)

// Histogram is a count per integer value, written in JSON as an object
// {"value": count, …} in increasing order of value, without the zeros.
type Histogram struct {
	// Counts[i] is the count of value i + Offset.
	Counts []int64
	Offset int
}

// MarshalJSON writes the histogram as {"value": count, …}.
func (h Histogram) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	first := true
	for i, c := range h.Counts {
		if c == 0 {
			continue
		}
		if !first {
			b.WriteByte(',')
		}
		first = false
		b.WriteByte('"')
		b.WriteString(strconv.Itoa(i + h.Offset))
		b.WriteString(`":`)
		b.WriteString(strconv.FormatInt(c, 10))
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// bySeat is a measure of the dealer's hands and of the others'.
type bySeat[T any] struct {
	Dealer    T `json:"dealer"`
	NonDealer T `json:"non_dealer"`
}

// reaching is how hands reached tenpai or a win.
type reaching struct {
	Reached Rate      `json:"reached"`
	Draws   Histogram `json:"draws"`
	Mean    Mean      `json:"mean"`
}

// waitStats are the waits at the first tenpai.
type waitStats struct {
	Hands        int64            `json:"hands"`
	WinningKinds Histogram        `json:"winning_kinds"`
	KindsMean    Mean             `json:"winning_kinds_mean"`
	TilesLeft    Histogram        `json:"tiles_left"`
	LeftMean     Mean             `json:"tiles_left_mean"`
	Single       Rate             `json:"single_wait"`
	Shapes       map[string]Rate  `json:"shapes"`
	ShapeSets    map[string]int64 `json:"shape_sets"`
}

// MarshalJSON writes the report: the run, then each measure with a
// "dealer" and a "non_dealer" member —
//
//	{"deals":N,"requested":N,"seed":S,"flowers":false,"interrupted":false,
//	 "hands":{"dealer":N,"non_dealer":3N},
//	 "draws_allowed":{"dealer":{"13":N},"non_dealer":{"14":3N}},
//	 "start_shanten":{"dealer":{"<shanten>":count,…},"non_dealer":{…}},
//	 "start_shanten_mean":{"dealer":{"n":…,"mean":…,"lo":…,"hi":…,"median":…},…},
//	 "tenpai":{"dealer":{"reached":{"count":…,"of":…,"rate":…,"lo":…,"hi":…},"draws":{"<draws>":count,…},"mean":{…}},…},
//	 "win":{… as tenpai},
//	 "waits":{"dealer":{"hands":…,"winning_kinds":{"1":…},"winning_kinds_mean":{…},"tiles_left":{…},
//	   "tiles_left_mean":{…},"single_wait":{rate},"shapes":{"two-sided":{rate},…},"shape_sets":{"closed+dual-pong":count,…}},…}}
//
// Rates have their 95% Wilson interval (lo, hi); means their 95% interval
// and the median.
func (r *Report) MarshalJSON() ([]byte, error) {
	seat := func(f func(g *Group) any) bySeat[any] {
		return bySeat[any]{f(&r.Dealer), f(&r.NonDealer)}
	}
	out := struct {
		Deals       int         `json:"deals"`
		Requested   int         `json:"requested"`
		Seed        uint64      `json:"seed"`
		Flowers     bool        `json:"flowers"`
		Interrupted bool        `json:"interrupted"`
		Hands       bySeat[any] `json:"hands"`
		Allowed     bySeat[any] `json:"draws_allowed"`
		Start       bySeat[any] `json:"start_shanten"`
		StartMean   bySeat[any] `json:"start_shanten_mean"`
		Tenpai      bySeat[any] `json:"tenpai"`
		Win         bySeat[any] `json:"win"`
		Waits       bySeat[any] `json:"waits"`
	}{
		Deals: r.Deals, Requested: r.Requested, Seed: r.Seed, Flowers: r.Flowers, Interrupted: r.Interrupted(),
		Hands:     seat(func(g *Group) any { return g.Hands }),
		Allowed:   seat(func(g *Group) any { return Histogram{g.Allowed[:], 0} }),
		Start:     seat(func(g *Group) any { return Histogram{g.Start[:], -1} }),
		StartMean: seat(func(g *Group) any { return MeanOf(g.Start[:], -1) }),
		Tenpai:    seat(func(g *Group) any { return reachingOf(g, g.Tenpai[:]) }),
		Win:       seat(func(g *Group) any { return reachingOf(g, g.Win[:]) }),
		Waits:     seat(func(g *Group) any { return waitsOf(g) }),
	}
	return json.Marshal(out)
}

// reachingOf is how the hands of g reached tenpai or a win, by the
// histogram h of their draws.
func reachingOf(g *Group, h []int64) reaching {
	return reaching{RateOf(reached(h), g.Hands), Histogram{h, 0}, MeanOf(h, 0)}
}

// waitsOf are the waits of g's hands at their first tenpai.
func waitsOf(g *Group) waitStats {
	w := waitStats{
		Hands:        g.Waits,
		WinningKinds: Histogram{g.WaitKinds[:], 0},
		KindsMean:    MeanOf(g.WaitKinds[:], 0),
		TilesLeft:    Histogram{g.WaitLeft[:], 0},
		LeftMean:     MeanOf(g.WaitLeft[:], 0),
		Single:       RateOf(g.Single, g.Waits),
		Shapes:       map[string]Rate{},
		ShapeSets:    map[string]int64{},
	}
	for i, s := range Shapes {
		w.Shapes[s.String()] = RateOf(g.Shape[i], g.Waits)
	}
	for set, c := range g.ShapeSets {
		if c > 0 {
			w.ShapeSets[tw16.WaitShape(set).String()] = c
		}
	}
	return w
}
