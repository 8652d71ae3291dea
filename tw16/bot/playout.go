package bot

import (
	"encoding/binary"
	"math/bits"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// The playout policy: how every seat plays in the search's simulations.
// It must be fast (a playout makes some sixty decisions) and reasonable:
// it wins whenever it can; it discards the kind that leaves the fewest
// shanten and the most tiles that lower it further; it claims a pong
// or a chow when that lowers its shanten and makes a kong when that costs
// nothing. A seat may fold (see folds): far from ready while an opponent
// looks ready, it discards its safest tile and claims nothing.

// shantenOf is the shanten of a concealed part looked up in f, 99 for a
// part of a size no form has.
func shantenOf(f *tw16.Forms, c *mjsolve.Counts) int {
	sh, err := f.Shanten(*c)
	if err != nil {
		return 99
	}
	return sh
}

// connection scores how useful a tile of kind k is to the concealed part
// c (which holds it): copies of it and held neighbours one and two apart.
// The least connected tile is the one to discard.
func connection(c *mjsolve.Counts, k mjsolve.Kind) int {
	u := 3 * (int(c[k]) - 1)
	if k.IsHonor() {
		return u
	}
	n := k.Number()
	if n > 1 && c[k-1] > 0 {
		u += 2
	}
	if n < 9 && c[k+1] > 0 {
		u += 2
	}
	if n > 2 && c[k-2] > 0 {
		u++
	}
	if n < 8 && c[k+2] > 0 {
		u++
	}
	if n == 1 || n == 9 {
		u-- // a terminal makes fewer sequences
	}
	return u + 1
}

// policyDiscard returns the kind the policy discards from c (3k+2
// cards): the fewest shanten after it, then the most tiles that lower the
// shanten further (counting the copies c does not hold; only kinds near
// the rest, see near), then the least connected tile. It takes c apart
// once (tw16.Split) and looks up only the suit each discard and each draw
// after it changes.
func policyDiscard(f *tw16.Forms, c *mjsolve.Counts) mjsolve.Kind {
	k, _ := policyDiscardSh(f, c)
	return k
}

// policyDiscardSh is policyDiscard, and the shanten after the discard.
func policyDiscardSh(f *tw16.Forms, c *mjsolve.Counts) (mjsolve.Kind, int) {
	sp, err := f.Split(*c)
	valid := err == nil // else every shanten is 99, as shantenOf's
	held := heldSet(c)
	var shs [mjsolve.NumKinds]int8
	minSh, at := 100, 0 // at: how many discards leave minSh
	for m := uint64(held); m != 0; m &= m - 1 {
		k := mjsolve.Kind(bits.TrailingZeros64(m))
		sh := 99
		if valid {
			sh, _ = sp.ShantenAfter(k)
		}
		shs[k] = int8(sh)
		switch {
		case sh < minSh:
			minSh, at = sh, 1
		case sh == minSh:
			at++
		}
	}
	if at == 1 { // the one discard that leaves minSh
		for m := uint64(held); ; m &= m - 1 {
			if k := mjsolve.Kind(bits.TrailingZeros64(m)); int(shs[k]) == minSh {
				return k, minSh
			}
		}
	}
	// The connection of the best so far is looked at only for a tie.
	best, bestE, bestU, haveU := mjsolve.Kind(0), -1, 0, false
	nearAll := nearOf(held)
	// A draw's weight is 4 less the copies c holds (k is not a draw after
	// discarding k, nor a kind held 4 times): by the bits of the counts.
	one, two := countBit(c, 0), countBit(c, 1)
	for m := uint64(held); m != 0; m &= m - 1 {
		k := mjsolve.Kind(bits.TrailingZeros64(m))
		if int(shs[k]) != minSh {
			continue
		}
		e := 0
		if valid {
			among := nearAll
			if c[k] == 1 { // k no longer held after it: fewer kinds near
				among = nearOf(held &^ (1 << k))
			}
			among &^= 1 << k
			eff := uint64(sp.EffectiveAfter(k, among))
			e = 4*bits.OnesCount64(eff) - bits.OnesCount64(eff&one) - 2*bits.OnesCount64(eff&two)
		}
		switch {
		case e > bestE:
			best, bestE, haveU = k, e, false
		case e == bestE:
			if !haveU {
				bestU, haveU = connection(c, best), true
			}
			if u := connection(c, k); u < bestU {
				best, bestU = k, u
			}
		}
	}
	return best, minSh
}

// heldSet is the set of the kinds c holds.
func heldSet(c *mjsolve.Counts) tw16.KindSet {
	return tw16.KindSet(nonzeroBytes(binary.LittleEndian.Uint64(c[0:8])) |
		nonzeroBytes(binary.LittleEndian.Uint64(c[8:16]))<<8 |
		nonzeroBytes(binary.LittleEndian.Uint64(c[16:24]))<<16 |
		nonzeroBytes(binary.LittleEndian.Uint64(c[24:32]))<<24 |
		nonzeroBytes(uint64(binary.LittleEndian.Uint16(c[32:34])))<<32)
}

// countBit returns the set of the kinds whose count in c has bit b set.
func countBit(c *mjsolve.Counts, b uint) uint64 {
	gather := func(x uint64) uint64 { return (x >> b & 0x0101010101010101 * 0x0102040810204080) >> 56 }
	return gather(binary.LittleEndian.Uint64(c[0:8])) | gather(binary.LittleEndian.Uint64(c[8:16]))<<8 |
		gather(binary.LittleEndian.Uint64(c[16:24]))<<16 | gather(binary.LittleEndian.Uint64(c[24:32]))<<24 |
		gather(uint64(binary.LittleEndian.Uint16(c[32:34])))<<32
}

// nonzeroBytes returns the set of the bytes of x (bit i for byte i, the
// lowest first) that are not zero.
func nonzeroBytes(x uint64) uint64 {
	x |= x >> 4
	x |= x >> 2
	x |= x >> 1 // bit 0 of each byte: the OR of its bits
	return ((x & 0x0101010101010101) * 0x0102040810204080) >> 56
}

// nearOf is the set of the kinds j with near(c, j) for the counts c whose
// held kinds are held: those and, in a suit, the kinds within two of one.
func nearOf(held tw16.KindSet) tw16.KindSet {
	s := held
	for u := range 3 {
		h := uint64(held) >> (9 * u) & 0x1ff
		s |= tw16.KindSet((h<<1 | h<<2 | h>>1 | h>>2) & 0x1ff << (9 * u))
	}
	return s
}

// near reports whether a tile of kind j can be of use to c: c holds j or,
// for a numbered kind, a kind of its suit within two of it. A tile of no
// use cannot lower the shanten.
func near(c *mjsolve.Counts, j mjsolve.Kind) bool {
	if c[j] > 0 {
		return true
	}
	if j.IsHonor() {
		return false
	}
	n := j.Number()
	for d := -2; d <= 2; d++ {
		if m := n + d; d != 0 && m >= 1 && m <= 9 && c[j+mjsolve.Kind(d)] > 0 {
			return true
		}
	}
	return false
}

// discardOf returns the index of a discard of kind k among acts, -1 if
// none.
func discardOf(acts []game.Action, k mjsolve.Kind) int {
	for i, a := range acts {
		if a.Type == game.Discard && !a.Cards[0].IsFlower() && a.Cards[0].Kind() == k {
			return i
		}
	}
	return -1
}

// foldAt says from which shanten each seat of a playout folds: a seat whose
// hand after its best discard is foldAt[seat] or more shanten from ready
// (0: never) while some opponent looks ready (readinessOf, from its
// exposed melds and the discards made, public facts) discards the kind
// least likely to deal in (riskOf, from the cards it has seen and that
// opponent's discards) and claims nothing; it still wins when it can.
//
// A playout may also watch its twin: the same playout but for one seat,
// attacking in it (at 0), folding from twin shanten in the twin. The
// policy is deterministic, so the two are the same game until the first
// decision of that seat at which the twin would act otherwise (fold when
// this one does not); diverged records whether one came. The search plays
// a candidate's twin only when it did.
type foldAt struct {
	at       [4]int8
	twin     int8 // 0: no twin watched
	twinSeat game.Seat
	diverged bool
}

// may reports whether seat s, sh shanten from ready, folds if threatened.
func (fo *foldAt) may(s game.Seat, sh int) bool {
	return fo != nil && fo.at[s&3] != 0 && sh >= int(fo.at[s&3])
}

// twinMay reports whether seat s, sh shanten from ready, is the watched
// seat and would fold in the twin if threatened, while it attacks here.
func (fo *foldAt) twinMay(s game.Seat, sh int) bool {
	return fo != nil && fo.twin != 0 && !fo.diverged && s&3 == fo.twinSeat&3 && fo.at[s&3] == 0 && sh >= int(fo.twin)
}

// folds reports whether seat s folds in g with a hand sh shanten from
// ready, and the opponents that look ready.
func (fo *foldAt) folds(g *game.Game, s game.Seat, sh int) (bool, [4]float64) {
	if !fo.may(s, sh) {
		return false, [4]float64{}
	}
	return threatened(g, s)
}

// threatened reports whether an opponent of seat s in g looks ready
// (readinessOf), and how ready each looks.
func threatened(g *game.Game, s game.Seat) (bool, [4]float64) {
	var ready [4]float64
	turns := len(g.Discards()) / 4 // go-rounds, about each seat's discards
	any := false
	for o := range game.Seat(4) {
		if o == s {
			continue
		}
		melds := 0
		for _, m := range g.Melds(o) {
			if m.Type != tw16.ConcealedKong {
				melds++
			}
		}
		if p := readinessOf(melds, turns); p >= defaultTuning.threat {
			ready[o], any = p, true
		}
	}
	return any, ready
}

// safest returns the kind of c, seat s's concealed cards, least likely to
// deal in to the opponents that look ready (ready: how ready), the least
// connected of equals.
func safest(g *game.Game, s game.Seat, c *mjsolve.Counts, ready *[4]float64) mjsolve.Kind {
	seen := *c
	var disc [4]tw16.KindSet
	for _, d := range g.Discards() {
		disc[d.Seat&3].Add(d.Card.Kind())
		if !d.Claimed && !d.Card.IsFlower() {
			seen[d.Card.Kind()]++
		}
	}
	for o := range game.Seat(4) {
		for _, m := range g.Melds(o) {
			if m.Type == tw16.ConcealedKong && o != s {
				continue
			}
			for _, x := range m.Cards[:m.Size()] {
				seen[x.Kind()]++
			}
		}
	}
	best, bestD, bestU := mjsolve.Kind(0), 1e9, 0
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if c[k] == 0 {
			continue
		}
		d := 0.0
		for o, p := range ready {
			if p > 0 {
				d += p * riskOf(&seen, disc[o], k)
			}
		}
		u := connection(c, k)
		if d < bestD || d == bestD && u < bestU {
			best, bestD, bestU = k, d, u
		}
	}
	return best
}

// discardMemo remembers policyDiscardSh's answers for the last hands met
// (a two-way set-associative table of memoSets sets by a hash of the
// counts, the one met last first in its set). The playouts of one sampled
// position meet the same hands again and again: the other seats draw the
// same cards and discard the same way whatever the candidate action, until
// one of them claims; the answer is a function of the counts alone, so it
// is the same as computing afresh.
type discardMemo struct {
	sets [memoSets][2]memoEntry // the zero entry: empty (no hand is)
}

// memoEntry is a hand's counts packed three bits a kind (packCounts) and,
// in the spare bits of hi, its answer: the kind to discard and the
// shanten after it.
type memoEntry struct{ lo, hi uint64 }

// The layout of memoEntry.hi above the counts' 38 bits.
const (
	memoKeyBits  = 38
	memoKeyMask  = 1<<memoKeyBits - 1
	memoKindBits = memoKeyBits     // 6 bits: the kind
	memoShBits   = memoKeyBits + 8 // 8 bits: the shanten as an int8
)

// memoBits is log2 of memoSets.
const (
	memoBits = 12
	memoSets = 1 << memoBits
)

// packCounts packs c's 34 counts (each at most 4) three bits each into
// 102 bits: lo holds the kinds 0 to 20 and 7 bits of the kinds 21 to 23's
// word, hi the rest in its low memoKeyBits bits. Distinct counts pack to
// distinct keys.
func packCounts(c *mjsolve.Counts) (lo, hi uint64) {
	w0 := pack8(binary.LittleEndian.Uint64(c[0:8]))
	w1 := pack8(binary.LittleEndian.Uint64(c[8:16]))
	w2 := pack8(binary.LittleEndian.Uint64(c[16:24]))
	w3 := pack8(binary.LittleEndian.Uint64(c[24:32]))
	last := uint64(c[32]) | uint64(c[33])<<3
	return w0 | w1<<24 | w2<<48, w2>>16 | w3<<8 | last<<32
}

// pack8 packs the eight bytes of x, each less than 8, into 24 bits, three
// bits a byte, the lowest byte lowest.
func pack8(x uint64) uint64 {
	x = (x | x>>5) & 0x003f003f003f003f // 6 bits: two bytes a 16-bit lane
	x = (x | x>>10) & 0x00000fff00000fff
	return (x | x>>20) & 0xffffff
}

// discard returns policyDiscardSh(f, c), remembered in m (nil: computed).
// m must be used with one f only.
func (m *discardMemo) discard(f *tw16.Forms, c *mjsolve.Counts) (mjsolve.Kind, int) {
	if m == nil {
		return policyDiscardSh(f, c)
	}
	lo, hi := packCounts(c)
	h := (lo ^ bits.RotateLeft64(hi, 29)) * 0x9e3779b97f4a7c15
	set := &m.sets[h>>(64-memoBits)]
	if e := set[0]; e.lo == lo && e.hi&memoKeyMask == hi {
		return mjsolve.Kind(e.hi >> memoKindBits & 63), int(int8(e.hi >> memoShBits))
	}
	if e := set[1]; e.lo == lo && e.hi&memoKeyMask == hi {
		set[0], set[1] = e, set[0]
		return mjsolve.Kind(e.hi >> memoKindBits & 63), int(int8(e.hi >> memoShBits))
	}
	k, sh := policyDiscardSh(f, c)
	set[1] = set[0]
	set[0] = memoEntry{lo, hi | uint64(k)<<memoKindBits | uint64(uint8(int8(sh)))<<memoShBits}
	return k, sh
}

// policy returns the index of the action the playout policy takes in g,
// the seats folding by fo (nil: never), its discards remembered in m
// (nil: none).
func policy(f *tw16.Forms, fo *foldAt, m *discardMemo, g *game.Game) int {
	acts := g.Actions()
	if acts[0].Type == game.Hu {
		return 0
	}
	switch g.Phase() {
	case game.PhaseTurn:
		return policyTurn(f, fo, m, g, acts, true)
	case game.PhaseClaim:
		return policyClaim(f, fo, g, acts)
	}
	return len(acts) - 1
}

// policyTurn makes a kong that costs nothing (when kongs is set) or
// discards.
func policyTurn(f *tw16.Forms, fo *foldAt, m *discardMemo, g *game.Game, acts []game.Action, kongs bool) int {
	s := g.ToAct()
	c := g.Concealed(s)
	if kongs && (acts[0].Type == game.ConcealedKong || acts[0].Type == game.AddedKong) {
		sh0 := shantenOf(f, &c)
		for i, a := range acts {
			if a.Type != game.ConcealedKong && a.Type != game.AddedKong {
				break
			}
			c2 := without(c, &acts[i], a.Type.CardsUsed())
			if shantenOf(f, &c2) <= sh0 {
				return i
			}
		}
	}
	k, sh := m.discard(f, &c)
	if fo.may(s, sh) {
		if fold, ready := fo.folds(g, s, sh); fold {
			k = safest(g, s, &c, &ready)
		}
	} else if fo.twinMay(s, sh) {
		if fold, ready := threatened(g, s); fold && safest(g, s, &c, &ready) != k {
			fo.diverged = true
		}
	}
	i := discardOf(acts, k)
	if i < 0 {
		return len(acts) - 1
	}
	return i
}

// policyClaim claims what lowers the shanten most (a kong that costs
// nothing), else passes; a folding seat passes.
func policyClaim(f *tw16.Forms, fo *foldAt, g *game.Game, acts []game.Action) int {
	s := g.ToAct()
	c := g.Concealed(s)
	sh0 := shantenOf(f, &c)
	pass := len(acts) - 1
	if fo.may(s, sh0) {
		if fold, _ := fo.folds(g, s, sh0); fold {
			return pass
		}
	}
	i := bestClaim(f, &c, sh0, acts)
	if i != pass && fo.twinMay(s, sh0) {
		// The twin passes if threatened.
		if fold, _ := threatened(g, s); fold {
			fo.diverged = true
		}
	}
	return i
}

// bestClaim returns the claim of acts (the last a pass) that lowers the
// shanten sh0 of the concealed cards c most, a kong that costs nothing
// first, else the pass.
func bestClaim(f *tw16.Forms, c *mjsolve.Counts, sh0 int, acts []game.Action) int {
	best, bestSh := len(acts)-1, sh0
	for i := range acts[:len(acts)-1] {
		a := &acts[i]
		switch a.Type {
		case game.Kong:
			c2 := without(*c, a, 3)
			if shantenOf(f, &c2) <= sh0 {
				return i
			}
		case game.Pong, game.Chow:
			c2 := without(*c, a, 2)
			if sh := shantenOf(f, &c2); sh < bestSh {
				best, bestSh = i, sh
			}
		}
	}
	return best
}

// playout plays g to its end by the policy (the seats folding by fo, the
// discards remembered in m) and returns seat s's points. The policy
// chooses among the offered actions, so an error is the engine's.
func playout(f *tw16.Forms, fo *foldAt, m *discardMemo, g *game.Game, s game.Seat) (int, error) {
	for !g.Over() {
		if err := g.Apply(g.Actions()[policy(f, fo, m, g)]); err != nil {
			return 0, err
		}
	}
	return g.Result().Points[s], nil
}
