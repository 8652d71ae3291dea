package tw16_test

// An independent check of Score: a brute-force scorer that shares no code
// with the package (its own decomposition, its own waits, its own payments)
// and applies the tai table of the MJTalk referee thesis's appendix from a
// data table transcribed row by row (tai, condition, 不計 exclusions),
// compared with Score on random complete hands in random situations.

import (
	"flag"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// bSet is a set of a winning hand as the brute-force scorer sees it.
type bSet struct {
	kind      int  // the kind of a triplet, the lowest kind of a sequence
	seq       bool // a sequence
	exposed   bool // claimed (chow, pong, exposed kong)
	concealed bool // a concealed triplet (暗刻): in the hand and not completed by another's tile, or a concealed kong
}

// bView is everything a row of the table looks at, for one arrangement.
type bView struct {
	w        *tw16.Win
	r        *tw16.Rules
	sets     []bSet // five sets
	pair     int
	all      [34]int // every tile of the hand, the winning tile included
	exposed  bool    // any claimed meld
	concKong bool    // any concealed kong
	single   bool    // the hand before the win waited on one kind only
	shape    string  // the shape the winning tile completed here: two-sided, edge, closed, single, dual-pong
}

func (v *bView) triplets(pred func(k int) bool) int {
	n := 0
	for _, s := range v.sets {
		if !s.seq && pred(s.kind) {
			n++
		}
	}
	return n
}

func isDragon(k int) bool { return k >= 31 }
func isWind(k int) bool   { return k >= 27 && k <= 30 }
func anyKind(int) bool    { return true }

func (v *bView) suits() (n int, honors bool) {
	for s := 0; s < 3; s++ {
		for k := 9 * s; k < 9*s+9; k++ {
			if v.all[k] > 0 {
				n++
				break
			}
		}
	}
	for k := 27; k < 34; k++ {
		honors = honors || v.all[k] > 0
	}
	return n, honors
}

// flowersIn counts the flowers of group g (0: 梅蘭菊竹 1f–4f, 1: 春夏秋冬
// 5f–8f) held, and whether the seat's own one is among them.
func (v *bView) flowersIn(g int) (n int, own bool) {
	seat := int(v.w.Seat - mjsolve.East) // 0..3 for East..North
	for _, b := range v.w.Flowers {
		if int(b)/4 == g {
			n++
			if int(b)%4 == seat {
				own = true
			}
		}
	}
	return n, own
}

// bRow is one row of the tai table: its name as the table writes it (the
// flower rows are split by group to state 花槓's 不計正花 per group), the
// tai it gives in this arrangement (0: does not apply) and what it
// excludes (不計…).
type bRow struct {
	name string
	tai  func(v *bView) int
	excl []string
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// bTable transcribes the appendix (麻將台數列表介紹) row by row.
var bTable = []bRow{
	// 莊家連N拉N 2N+1: 做莊者胡牌多計 1 台 … 每連莊一次再增加 2 台.
	{"莊家", func(v *bView) int { return b2i(v.w.Dealer) }, nil},
	{"連N拉N", func(v *bView) int { return b2i(v.w.Dealer) * 2 * v.w.DealerStreak }, nil},
	// 自摸 1: 自己摸到胡牌的牌.
	{"自摸", func(v *bView) int { return b2i(v.w.SelfDrawn) }, nil},
	// 門清 1: 胡牌前沒有吃、碰、明槓，但可暗槓.
	{"門清", func(v *bView) int { return b2i(!v.exposed) }, nil},
	// 門清自摸 3: 門清 and 自摸 together (門清一摸三).
	{"門清自摸", func(v *bView) int { return 3 * b2i(!v.exposed && v.w.SelfDrawn) }, []string{"門清", "自摸"}},
	// 三元台 1: 中、發、白任何一組刻子或槓子 (each).
	{"三元台", func(v *bView) int { return v.triplets(isDragon) }, nil},
	// 圈風台, 門風台 1.
	{"圈風台", func(v *bView) int { return v.triplets(func(k int) bool { return k == int(v.w.Round) }) }, nil},
	{"門風台", func(v *bView) int { return v.triplets(func(k int) bool { return k == int(v.w.Seat) }) }, nil},
	// 正花 1: 東家一花 (春、梅), 南家二花, …
	{"正花/君子", func(v *bView) int { _, own := v.flowersIn(0); return b2i(own) }, nil},
	{"正花/四季", func(v *bView) int { _, own := v.flowersIn(1); return b2i(own) }, nil},
	// 獨聽 1 (聽牌數為 1).
	{"獨聽", func(v *bView) int { return b2i(v.single) }, nil},
	{"搶槓", func(v *bView) int { return b2i(v.w.RobKong) }, nil},
	{"槓上開花", func(v *bView) int { return b2i(v.w.AfterKong) }, nil},
	{"河底撈魚", func(v *bView) int { return b2i(v.w.LastTile && !v.w.SelfDrawn) }, nil},
	{"海底撈月", func(v *bView) int { return b2i(v.w.LastTile && v.w.SelfDrawn) }, nil},
	// 花槓 2: 拿齊四季或四君子. 不計正花.
	{"花槓/君子", func(v *bView) int { n, _ := v.flowersIn(0); return 2 * b2i(n == 4) }, []string{"正花/君子"}},
	{"花槓/四季", func(v *bView) int { n, _ := v.flowersIn(1); return 2 * b2i(n == 4) }, []string{"正花/四季"}},
	// 全求人 2: 手牌皆已吃、碰、槓, 只剩 1 張手牌, 由其他家放槍.
	{"全求人", func(v *bView) int {
		return 2 * b2i(len(v.w.Melds) == 5 && !v.concKong && !v.w.SelfDrawn)
	}, nil},
	// 平胡 2: 無字、無花、無刻、先有將、聽兩面、非自摸 (門清 by agreement).
	{"平胡", func(v *bView) int {
		_, honors := v.suits()
		ok := !honors && len(v.w.Flowers) == 0 && v.triplets(anyKind) == 0 &&
			v.shape == "two-sided" && !v.single && !v.w.SelfDrawn && (!v.r.PingHuConcealed || !v.exposed)
		return 2 * b2i(ok)
	}, nil},
	// 三暗刻 2, 四暗刻 5, 五暗刻 8: 手牌中有 N 副刻子 (包括暗槓).
	{"三暗刻", func(v *bView) int { return 2 * b2i(v.concealedTriplets() >= 3) }, nil},
	{"四暗刻", func(v *bView) int { return 5 * b2i(v.concealedTriplets() >= 4) }, []string{"三暗刻"}},
	{"五暗刻", func(v *bView) int { return 8 * b2i(v.concealedTriplets() >= 5) }, []string{"三暗刻", "四暗刻"}},
	// 對對胡 4: 除了將牌外全為刻子 (或槓). 五暗刻 可另計; 字一色 必定複合.
	{"對對胡", func(v *bView) int { return 4 * b2i(v.triplets(anyKind) == 5) }, nil},
	{"混一色", func(v *bView) int { n, h := v.suits(); return 4 * b2i(n == 1 && h) }, nil},
	{"清一色", func(v *bView) int { n, h := v.suits(); return 8 * b2i(n == 1 && !h) }, nil},
	// 小三元 4: 三元牌的 2 副刻子及將牌. 不計三元台.
	{"小三元", func(v *bView) int { return 4 * b2i(v.triplets(isDragon) == 2 && isDragon(v.pair)) }, []string{"三元台"}},
	// 大三元 8: 三元牌 3 副刻子. 不計三元台.
	{"大三元", func(v *bView) int { return 8 * b2i(v.triplets(isDragon) == 3) }, []string{"三元台"}},
	// 小四喜 8: 風牌的 3 副刻子及將牌. 不計風台.
	{"小四喜", func(v *bView) int { return 8 * b2i(v.triplets(isWind) == 3 && isWind(v.pair)) }, []string{"圈風台", "門風台"}},
	// 大四喜 16: 4 副風刻. 不計風台.
	{"大四喜", func(v *bView) int { return 16 * b2i(v.triplets(isWind) == 4) }, []string{"圈風台", "門風台"}},
	// 字一色 16 (或 8): 字牌的刻子 (槓); 與對對胡、大小四喜、大小三元複合.
	{"字一色", func(v *bView) int { n, _ := v.suits(); return v.r.AllHonorsTai * b2i(n == 0) }, nil},
	// 地聽 8 (或 4): 不計門清 (reading: and so not 門清自摸 either).
	{"地聽", func(v *bView) int { return v.r.EarthlyReadyTai * b2i(v.w.FirstTurn == tw16.EarthlyReady) }, []string{"門清", "門清自摸"}},
	// 天胡 16: 不計門清、自摸、不求人 (門清自摸)、獨聽、槓上開花.
	{"天胡", func(v *bView) int { return 16 * b2i(v.w.FirstTurn == tw16.HeavenlyHand) },
		[]string{"門清", "自摸", "門清自摸", "獨聽", "槓上開花"}},
	// 地胡 16: 不計自摸、門清、不求人.
	{"地胡", func(v *bView) int { return 16 * b2i(v.w.FirstTurn == tw16.EarthlyHand) }, []string{"自摸", "門清", "門清自摸"}},
	// 人胡 16: 不計門清.
	{"人胡", func(v *bView) int { return 16 * b2i(v.w.FirstTurn == tw16.HumanHand) }, []string{"門清"}},
}

func (v *bView) concealedTriplets() int {
	n := 0
	for _, s := range v.sets {
		if !s.seq && s.concealed {
			n++
		}
	}
	return n
}

// bApply evaluates the table: every row that applies, less those a kept
// row excludes (a fixpoint, so that an excluded row excludes nothing).
func bApply(v *bView) map[string]int {
	raw := map[string]int{}
	excl := map[string][]string{}
	for _, row := range bTable {
		if t := row.tai(v); t > 0 {
			raw[row.name] = t
			excl[row.name] = row.excl
		}
	}
	kept := map[string]bool{}
	for n := range raw {
		kept[n] = true
	}
	for range 10 {
		next := map[string]bool{}
		for n := range raw {
			next[n] = true
		}
		for n := range kept {
			for _, x := range excl[n] {
				delete(next, x)
			}
		}
		same := len(next) == len(kept)
		for n := range next {
			same = same && kept[n]
		}
		kept = next
		if same {
			break
		}
	}
	out := map[string]int{}
	for n := range kept {
		name, _, _ := strings.Cut(n, "/") // 正花/君子 and 正花/四季 are one item
		out[name] += raw[n]
	}
	return out
}

// bDecompose lists every way to split c (3k+2 tiles) into k sets and a
// pair, kind by kind: at each kind, whether it gives the pair, a triplet,
// and the rest as sequences starting there.
func bDecompose(c [34]int) (out []bDecomp) {
	var sets []bSet
	var rec func(k int, c [34]int, pair int)
	rec = func(k int, c [34]int, pair int) {
		for k < 34 && c[k] == 0 {
			k++
		}
		if k == 34 {
			if pair >= 0 {
				out = append(out, bDecomp{pair, slices.Clone(sets)})
			}
			return
		}
		for p := 0; p <= 1; p++ {
			if p == 1 && pair >= 0 {
				break
			}
			for t := 0; t <= 1; t++ {
				s := c[k] - 2*p - 3*t
				if s < 0 {
					continue
				}
				if s > 0 && (k >= 27 || k%9 > 6 || c[k+1] < s || c[k+2] < s) {
					continue
				}
				d := c
				d[k] = 0
				if s > 0 {
					d[k+1] -= s
					d[k+2] -= s
				}
				n := len(sets)
				if t == 1 {
					sets = append(sets, bSet{kind: k})
				}
				for range s {
					sets = append(sets, bSet{kind: k, seq: true})
				}
				np := pair
				if p == 1 {
					np = k
				}
				rec(k+1, d, np)
				sets = sets[:n]
			}
		}
	}
	rec(0, c, -1)
	return out
}

type bDecomp struct {
	pair int
	sets []bSet
}

func bComplete(c [34]int) bool { return len(bDecompose(c)) > 0 }

// bScore scores a normal win by brute force: the best total over every
// decomposition and every set (or the pair) the winning tile may have
// completed; it returns the total and every item list reaching it.
func bScore(w *tw16.Win, r *tw16.Rules) (best int, bests []map[string]int) {
	var conc, all [34]int
	for k, n := range w.Concealed {
		conc[k] = int(n)
	}
	all = conc
	win := int(w.Tile.Kind())
	all[win]++
	exposed, concKong := false, false
	var meldSets []bSet
	for _, m := range w.Melds {
		switch m.Type {
		case tw16.Chow:
			for i := 0; i < 3; i++ {
				all[int(m.Kind)+i]++
			}
		case tw16.Pong:
			all[m.Kind] += 3
		default:
			all[m.Kind] += 4
		}
		meldSets = append(meldSets, bSet{kind: int(m.Kind), seq: m.Type == tw16.Chow,
			exposed: m.Type != tw16.ConcealedKong, concealed: m.Type == tw16.ConcealedKong})
		exposed = exposed || m.Type != tw16.ConcealedKong
		concKong = concKong || m.Type == tw16.ConcealedKong
	}
	// 獨聽: the kinds that complete the hand, of which the player holds
	// fewer than four (hand and melds), number exactly one.
	held := all
	held[win]--
	waits := 0
	for k := range 34 {
		if held[k] >= 4 {
			continue
		}
		c := conc
		c[k]++
		if bComplete(c) {
			waits++
		}
	}
	full := conc
	full[win]++
	best = -1
	for _, d := range bDecompose(full) {
		type place struct {
			pair bool
			set  bSet
		}
		var places []place
		if d.pair == win {
			places = append(places, place{pair: true})
		}
		for _, s := range d.sets {
			in := s.kind == win || s.seq && win > s.kind && win <= s.kind+2
			if in && !slices.Contains(places, place{set: s}) {
				places = append(places, place{set: s})
			}
		}
		for _, p := range places {
			v := bView{w: w, r: r, pair: d.pair, all: all, exposed: exposed, concKong: concKong, single: waits == 1}
			marked := false
			for _, s := range d.sets {
				s.concealed = !s.seq
				if !p.pair && !marked && s.kind == p.set.kind && s.seq == p.set.seq {
					marked = true
					if !s.seq && !w.SelfDrawn {
						s.concealed = false // completed by another player's tile
					}
				}
				v.sets = append(v.sets, s)
			}
			v.sets = append(v.sets, meldSets...)
			switch {
			case p.pair:
				v.shape = "single"
			case !p.set.seq:
				v.shape = "dual-pong"
			case win == p.set.kind+1:
				v.shape = "closed"
			case win == p.set.kind && p.set.kind%9 == 6, win == p.set.kind+2 && p.set.kind%9 == 0:
				v.shape = "edge"
			default:
				v.shape = "two-sided"
			}
			items := bApply(&v)
			t := 0
			for _, x := range items {
				t += x
			}
			if t > best {
				best, bests = t, nil
			}
			if t == best {
				bests = append(bests, items)
			}
		}
	}
	return best, bests
}

// bPoints is what the winner collects: each paying player pays base + per
// tai × (the hand's tai, plus 2N+1 when the payer is the dealer and the
// winner is not).
func bPoints(w *tw16.Win, r *tw16.Rules, tai int) int {
	total := 0
	for p := 1; p <= 3; p++ { // the three others; player 1 is the dealer when the winner is not
		isDealer := !w.Dealer && p == 1
		pays := w.SelfDrawn || (w.DiscarderIsDealer && isDealer) || (!w.DiscarderIsDealer && p == 2)
		if !pays {
			continue
		}
		t := tai
		if isDealer {
			t += 1 + 2*w.DealerStreak
		}
		total += r.Base + r.PerTai*t
	}
	return total
}

func resultItems(res tw16.Result) map[string]int {
	m := map[string]int{}
	for _, it := range res.Items {
		name := it.ID.Chinese()
		m[name] += it.Tai
	}
	return m
}

func fmtItems(m map[string]int) string {
	var parts []string
	for n, t := range m {
		parts = append(parts, fmt.Sprintf("%s %d", n, t))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// randomWin builds a random complete hand and a random situation that the
// rules allow. mix biases the kinds: 0 any, 1 honor-heavy, 2 one suit and
// honors, 3 triplets only, 4 numbered tiles, mostly sequences (平胡), 5 a
// few neighbouring kinds of one suit, mostly sequences (four copies held, so
// 獨聽 on a two-sided shape).
func randomWin(rng *rand.Rand) (tw16.Win, tw16.Rules, bool) {
	r := tw16.Competition()
	if rng.IntN(2) == 0 {
		r = tw16.Common()
	}
	r.PingHuConcealed = rng.IntN(4) == 0
	mix := rng.IntN(6)
	suit := rng.IntN(3)
	kind := func() int {
		switch {
		case mix == 1 && rng.IntN(10) < 7, mix == 2 && rng.IntN(3) == 0:
			return 27 + rng.IntN(7)
		case mix == 2:
			return 9*suit + rng.IntN(9)
		case mix == 4:
			return rng.IntN(27)
		case mix == 5:
			return 9*suit + 2 + rng.IntN(4)
		}
		return rng.IntN(34)
	}
	var all, conc [34]int
	w := tw16.Win{Seat: mjsolve.East + mjsolve.Kind(rng.IntN(4)), Round: mjsolve.East + mjsolve.Kind(rng.IntN(4))}
	nMelds := []int{0, 0, 0, 1, 1, 2, 2, 3, 4, 5, 5}[rng.IntN(11)]
	seqOK := func(k int) bool { return k < 27 && k%9 <= 6 }
	for i := 0; i < 5; i++ {
		k := kind()
		seq := mix != 3 && seqOK(k) && (rng.IntN(2) == 0 || mix >= 4 && rng.IntN(8) > 0)
		n := 3
		typ := tw16.Chow
		if !seq {
			typ = tw16.Pong
		}
		if i < nMelds && !seq && rng.IntN(3) == 0 {
			typ = tw16.Kong
			if rng.IntN(2) == 0 {
				typ = tw16.ConcealedKong
			}
			n = 4
		}
		if seq {
			for j := 0; j < 3; j++ {
				all[k+j]++
			}
		} else {
			all[k] += n
		}
		if i < nMelds {
			w.Melds = append(w.Melds, tw16.Meld{Type: typ, Kind: mjsolve.Kind(k)})
		} else if seq {
			for j := 0; j < 3; j++ {
				conc[k+j]++
			}
		} else {
			conc[k] += 3
		}
	}
	p := kind()
	all[p] += 2
	conc[p] += 2
	for _, n := range all {
		if n > 4 {
			return w, r, false
		}
	}
	// The winning tile: any tile of the concealed part.
	var tiles []int
	for k, n := range conc {
		for range n {
			tiles = append(tiles, k)
		}
	}
	win := tiles[rng.IntN(len(tiles))]
	conc[win]--
	for k, n := range conc {
		w.Concealed[k] = uint8(n)
	}
	w.Tile = mjsolve.KindTile(mjsolve.Kind(win))

	// The situation.
	if r.Flowers {
		switch rng.IntN(4) {
		case 0: // none
		case 1: // a full group, sometimes both
			for b := range mjsolve.NumBonus {
				if b < 4 || rng.IntN(2) == 0 {
					w.Flowers = append(w.Flowers, mjsolve.Bonus(b))
				}
			}
		default:
			for b := range mjsolve.NumBonus {
				if rng.IntN(4) == 0 {
					w.Flowers = append(w.Flowers, mjsolve.Bonus(b))
				}
			}
		}
		if len(w.Flowers) == 8 {
			w.Flowers = w.Flowers[1:]
		}
		w.DealerStreak = []int{0, 0, 1, 2, 5}[rng.IntN(5)]
	}
	w.SelfDrawn = rng.IntN(2) == 0
	w.Dealer = rng.IntN(3) == 0
	w.DiscarderIsDealer = !w.Dealer && !w.SelfDrawn && rng.IntN(3) == 0
	w.LastTile = rng.IntN(8) == 0
	hasKong := false
	for _, m := range w.Melds {
		hasKong = hasKong || m.Type.IsKong()
	}
	if w.SelfDrawn && (hasKong || len(w.Flowers) > 0) && rng.IntN(5) == 0 {
		w.AfterKong = true
	}
	if !w.SelfDrawn && !w.LastTile && all[win] == 1 && rng.IntN(5) == 0 {
		w.RobKong = true
	}
	noExposed := true
	for _, m := range w.Melds {
		noExposed = noExposed && m.Type == tw16.ConcealedKong
	}
	if rng.IntN(4) == 0 {
		ft := tw16.FirstTurn(1 + rng.IntN(4))
		first := !w.LastTile && !w.RobKong && len(w.Melds) == 0
		switch {
		case ft == tw16.HeavenlyHand && first && w.Dealer && w.SelfDrawn,
			ft == tw16.EarthlyHand && first && !w.Dealer && w.SelfDrawn,
			ft == tw16.HumanHand && first && !w.Dealer && !w.SelfDrawn,
			ft == tw16.EarthlyReady && noExposed:
			w.FirstTurn = ft
		}
	}
	if w.AfterKong && !hasKong && len(w.Flowers) == 0 {
		w.AfterKong = false
	}
	return w, r, true
}

func TestScoreAgainstBruteForce(t *testing.T) {
	n := 20000
	if testing.Short() {
		n = 3000
	}
	if f := flag.Lookup("long"); f != nil && f.Value.String() == "true" {
		n = 1000000
	}
	rng := rand.New(rand.NewPCG(2026, 4))
	seen := map[string]int{}
	done := 0
	for done < n {
		w, r, ok := randomWin(rng)
		if !ok {
			continue
		}
		done++
		res, err := tw16.Score(w, r)
		if err != nil {
			t.Fatalf("Score(%s win %s melds %v, %+v): %v", w.Concealed, w.Tile, w.Melds, w, err)
		}
		tai, bests := bScore(&w, &r)
		got := resultItems(res)
		for name := range got {
			seen[name]++
		}
		match := false
		for _, b := range bests {
			match = match || fmtItems(b) == fmtItems(got)
		}
		if res.Tai != tai || !match {
			t.Fatalf("hand %s win %s melds %v flowers %v situation %+v rules %s:\nScore: %d tai: %s\nbrute: %d tai: %s",
				w.Concealed, w.Tile, w.Melds, w.Flowers, w, r.Name, res.Tai, fmtItems(got), tai, fmtItems(bests[0]))
		}
		full := [34]int{}
		for k, c := range w.Concealed {
			full[k] = int(c)
		}
		full[w.Tile.Kind()]++
		if nd := len(bDecompose(full)); res.Decompositions != nd {
			t.Fatalf("hand %s win %s: %d decompositions, brute force finds %d", w.Concealed, w.Tile, res.Decompositions, nd)
		}
		if want := bPoints(&w, &r, tai); res.Points != want {
			t.Fatalf("hand %s win %s situation %+v: points %d, want %d (%+v)", w.Concealed, w.Tile, w, res.Points, want, res.Payments)
		}
		// Tai and Pay, the allocation-free path, agree with Score.
		if quick, err := tw16.Tai(&w, &r); err != nil || quick != tai {
			t.Fatalf("hand %s win %s: Tai %d, %v; want %d", w.Concealed, w.Tile, quick, err, tai)
		}
		if ps, n := tw16.Pay(&w, &r, tai); !slices.Equal(ps[:n], res.Payments) {
			t.Fatalf("hand %s win %s: Pay %v, Score's payments %v", w.Concealed, w.Tile, ps[:n], res.Payments)
		}
	}
	// The random hands must reach every item of a normal win.
	for id := range tw16.NumItems {
		if id == tw16.ItemSevenRobOne || id == tw16.ItemEightFlowers {
			continue
		}
		if name := id.Chinese(); seen[name] == 0 {
			t.Errorf("%s (%s) never scored in %d random hands", name, id, n)
		}
	}
	t.Logf("%d random hands; items scored: %v", n, seen)
}

// Flower wins (七搶一, 八仙過海): only the flower item and the dealer items
// count (不計正花、花槓; 莊連拉照算), paid as a self-draw or by the robbed
// player.
func TestFlowerWinAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	r := tw16.Common()
	for done := 0; done < 2000; {
		w, _, ok := randomWin(rng)
		if !ok || w.FirstTurn != tw16.NotFirstTurn {
			continue
		}
		done++
		missing := mjsolve.Bonus(rng.IntN(8))
		w.Flowers = nil
		for b := range mjsolve.NumBonus {
			if mjsolve.Bonus(b) != missing {
				w.Flowers = append(w.Flowers, mjsolve.Bonus(b))
			}
		}
		w.Tile = mjsolve.BonusTile(missing)
		w.LastTile, w.AfterKong, w.RobKong = false, false, false
		w.DealerStreak = rng.IntN(3)
		res, err := tw16.Score(w, r)
		if err != nil {
			t.Fatalf("flower win %+v: %v", w, err)
		}
		want := map[string]int{}
		if w.Dealer {
			want["莊家"] = 1
			if w.DealerStreak > 0 {
				want["連N拉N"] = 2 * w.DealerStreak
			}
		}
		if w.SelfDrawn {
			want["八仙過海"] = 8
		} else {
			want["七搶一"] = 8
		}
		tai := 0
		for _, x := range want {
			tai += x
		}
		if got := resultItems(res); fmtItems(got) != fmtItems(want) || res.Tai != tai {
			t.Fatalf("flower win %+v: got %s, want %s", w, fmtItems(got), fmtItems(want))
		}
		if p := bPoints(&w, &r, tai); res.Points != p {
			t.Fatalf("flower win %+v: points %d, want %d", w, res.Points, p)
		}
	}
}
