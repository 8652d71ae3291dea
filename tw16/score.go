package tw16

import (
	"math/bits"

	"github.com/mjsolve/mjsolve"
)

// Score scores a win under the rules r, following the tai table in the
// appendix of the MJTalk referee thesis (麻將台數列表介紹). It returns an
// error naming the problem when the hand or the situation is impossible:
// wrong size, a fifth copy of a kind counting melds, not a winning hand,
// flowers under rules without them, or situations that contradict each
// other (robbing a kong by self-draw, 天胡 by a non-dealer, 槓上開花 with
// neither a kong nor a flower, …).
//
// The items' names, tai and exclusions (不計…) are data: ItemID's Tai and
// Excludes give the table's, Rules.Tai those of the rules (house rules
// change them with Rules.SetTai). An item applies when its row's condition
// holds, its tai under the rules is not 0, and no other item that applies
// excludes it.
//
// Every decomposition of the hand, with every choice of the set the winning
// tile completed, is scored and the highest total wins; the first such in
// the order of Decompose breaks ties. How the rows are read (where a row
// leaves room, the reading chosen and why):
//
//   - 莊家, and 連N拉N N times, when the winner is the dealer. When the
//     dealer loses to a non-dealer, the dealer pays their tai more (see
//     Payments): the row's 放槍時也要多賠, and the thesis's 若莊家涉及輸贏
//     則必須加上 2n+1 台, which under the competition rules (n is always 0)
//     is 1 tai. The seat wind (門風) is that of the winner's seat, which
//     need not be East for the dealer: in the thesis the seats are drawn
//     (抽到「東」的人坐東風位) and the dice pick the first dealer among them
//     (則由西風位玩家當莊), so Win.Seat and Win.Dealer are independent.
//   - 門清 for no chow, pong or exposed kong (concealed kongs allowed); 自摸
//     for a self-draw; 門清自摸 for both, in place of both (門清一摸三: it is
//     both and one more).
//   - 三元台 once per dragon triplet or kong; 圈風台 and 門風台 for a triplet
//     or kong of the round or seat wind (both for one triplet when the winds
//     agree). Triplets count whether concealed or exposed.
//   - 正花 once per own flower (seat East: 1f 梅 and 5f 春, and so on); 花槓
//     once per complete set of the four flowers or the four seasons, whose
//     own flower then does not count as 正花 ("不計正花"); the own flower of
//     the other, incomplete set still does.
//   - 獨聽 when the hand before the win waited on exactly one kind, not
//     counting a kind whose four copies the winner already holds (in the
//     hand or melds): the MJTalk referee's rule (聽牌數為 1), read so that a
//     kind the winner cannot draw is no wait. The count of kinds decides,
//     not the shape in the chosen arrangement: 1112m waits on 2m and 3m and
//     is not 獨聽 even when won on 3m (邊張 there); the table's three shapes
//     (邊張, 嵌張, 單騎) are what a one-kind wait looks like.
//   - 搶槓, 槓上開花, 河底撈魚 (LastTile on a discard), 海底撈月 (LastTile
//     on a self-draw); 槓上開花 and 海底撈月 add to 自摸 (可加計自摸).
//     槓上開花 needs something to replace: a kong among the melds or a
//     flower set aside.
//   - 全求人: one concealed tile before the win, every meld claimed (no
//     concealed kong: 全求人 is asking everything of others), won on another
//     player's tile. Its wait is a single tile, so 獨聽 adds: the row
//     excludes nothing.
//   - 平胡: 無字 no honor anywhere, 無花 no flower, 無刻 five sequences (no
//     triplet or kong), 先有將 the winning tile completes a sequence, 聽兩面
//     two-sided in the arrangement and the hand not 獨聽, 非自摸 not
//     self-drawn; concealed only if Rules.PingHuConcealed (可自行約定).
//   - 三暗刻, 四暗刻, 五暗刻 by concealed triplets: triplets of the concealed
//     part and concealed kongs, but a triplet that another player's tile
//     completed (a discard or a robbed kong) is not concealed; when the
//     winning kind also fits a sequence or the pair, the arrangement that
//     keeps the triplet concealed is among those scored (11123m won on a
//     discarded 1m is 111m concealed + 123m). Only the highest of the three
//     counts (four concealed triplets are 四暗刻, not also 三暗刻); 對對胡
//     adds (五暗刻: 必定與對對胡複合，可另計).
//   - 對對胡: five triplets or kongs. 混一色: one numbered suit and honors;
//     清一色: one numbered suit only; 字一色: honors only, with 對對胡 and the
//     dragon and wind items added: the row says it always comes with 對對胡
//     and excludes nothing, unlike the rows that say 不計.
//   - 小三元 (two dragon triplets, dragon pair) and 大三元 (three) replace
//     三元台; 小四喜 (three wind triplets, wind pair) and 大四喜 (four)
//     replace 圈風台 and 門風台 ("不計風台").
//   - 八仙過海 and 七搶一 are flower wins: only they and the dealer items
//     count (莊連拉照算, 不計正花、花槓); 八仙過海 is paid like a self-draw
//     (視同自摸: all three pay, but there is no 自摸 item), 七搶一 by the
//     robbed player (視同放槍).
//   - 天胡 (dealer, self-drawn, no meld, no concealed kong) drops 門清, 自摸,
//     門清自摸 (不求人), 獨聽 and 槓上開花; 地胡 (non-dealer, self-drawn, no
//     meld or kong) drops 自摸, 門清 and 門清自摸; 人胡 (non-dealer, on a
//     discard, no meld or kong) drops 門清; 地聽 (no exposed meld) drops
//     門清, and with it 門清自摸 (門清 and 自摸 together), leaving 自摸 on a
//     self-draw.
func Score(w Win, r Rules) (Result, error) {
	if err := checkWin(&w, &r); err != nil {
		return Result{}, err
	}
	if w.Tile.IsBonus() {
		return scoreFlowerWin(&w, &r), nil
	}
	win := w.Tile.Kind()
	full := w.Concealed
	full.Add(win)
	var f facts
	f.init(&w)

	best := Result{Tai: -1}
	var items []Item
	var c itemCounts
	EachDecomposition(full, func(d Decomposition) bool {
		best.Decompositions++
		var buf [MaxSets + 1]int
		for _, p := range winPlaces(&d, win, buf[:0]) {
			a := arrange(&d, &w, win, p, make([]Set, 0, int(d.N)+len(w.Melds)))
			c.countWin(&w, &r, &f, &a)
			items = c.appendItems(items[:0], &r)
			if t := sumTai(items); t > best.Tai {
				best.Tai = t
				best.Items = append(make([]Item, 0, len(items)), items...)
				best.Arrangement = &a
			}
		}
		return true
	})
	if best.Decompositions == 0 {
		return Result{}, inputErrorf("not a winning hand: %s with %s does not split into %s and a pair",
			w.Concealed, win, countNoun(full.Total()/3, "set"))
	}
	best.Rules = r.Name
	best.Payments, best.Points = payments(&w, &r, best.Tai, w.SelfDrawn)
	return best, nil
}

// Tai returns the tai of the win w under the rules r, as Score gives
// Result.Tai. It returns the same errors but builds no result: it allocates
// nothing (but for a flower win), for simulations that score many wins. Pay
// gives the payments of the tai.
func Tai(w *Win, r *Rules) (int, error) {
	if err := checkWin(w, r); err != nil {
		return 0, err
	}
	if w.Tile.IsBonus() {
		return scoreFlowerWin(w, r).Tai, nil
	}
	win := w.Tile.Kind()
	full := w.Concealed
	full.Add(win)
	var f facts
	f.init(w)
	best := -1
	var c itemCounts
	var sets [2 * MaxSets]Set
	EachDecomposition(full, func(d Decomposition) bool {
		var buf [MaxSets + 1]int
		for _, p := range winPlaces(&d, win, buf[:0]) {
			a := arrange(&d, w, win, p, sets[:0])
			c.countWin(w, r, &f, &a)
			best = max(best, c.tai(r))
		}
		return true
	})
	if best < 0 {
		return 0, inputErrorf("not a winning hand: %s with %s does not split into %s and a pair",
			w.Concealed, win, countNoun(full.Total()/3, "set"))
	}
	return best, nil
}

// Pay returns the payments of a win of tai tai under the rules r, as
// Score gives Result.Payments, n of them, without allocating.
func Pay(w *Win, r *Rules, tai int) (ps [2]Payment, n int) {
	n, _ = paymentsInto(w, r, tai, w.SelfDrawn, &ps)
	return ps, n
}

// facts are what Score needs about a hand that do not depend on the
// arrangement.
type facts struct {
	exposed      bool // a claimed chow, pong or kong
	concealedKng bool // a concealed kong
	single       bool // 獨聽
	// suits and honors: the numbered suits used and whether an honor is,
	// counting every tile (concealed part, winning tile, melds).
	suits  int
	honors bool
	// ownFlowers (正花) and flowerSets (花槓) for the winner's seat.
	ownFlowers, flowerSets int
}

func (f *facts) init(w *Win) {
	melds := MeldCounts(w.Melds)
	all := w.Concealed
	all.Add(w.Tile.Kind())
	all.AddCounts(melds)
	f.suits, f.honors = suitsOf(&all)
	for _, m := range w.Melds {
		if m.Type == ConcealedKong {
			f.concealedKng = true
		} else {
			f.exposed = true
		}
	}
	f.ownFlowers, f.flowerSets = flowerItems(w.Flowers, w.Seat)
	if w.Waits != 0 {
		f.single = singleOf(w.Waits, &w.Concealed, &melds)
	} else {
		f.single = singleWait(w.Concealed, melds)
	}
}

// singleOf is singleWait for a part h whose waits are known: whether
// exactly one of them has a copy the player does not hold.
func singleOf(waits KindSet, h, melds *mjsolve.Counts) bool {
	n := 0
	for x := uint64(waits); x != 0; x &= x - 1 {
		k := bits.TrailingZeros64(x)
		if h[k]+melds[k] < 4 {
			n++
		}
	}
	return n == 1
}

// singleWait reports whether the concealed part h (before the win) waits on
// exactly one kind, given the tiles of the declared melds: 獨聽 as the waits
// define it (WaitInfo.Single) with only the player's own tiles visible, so a
// kind whose four copies the player holds does not count. It decomposes
// rather than look up the shanten tables, so that scoring needs none.
func singleWait(h, melds mjsolve.Counts) bool {
	var bySuit [4]int // h's tiles of each suit, the honors last
	for k, n := range h {
		bySuit[mjsolve.Kind(k).Suit()] += int(n)
	}
	waits := 0
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if h[k]+melds[k] >= 4 || !suitsFit(bySuit, k.Suit()) || !canComplete(&h, k) {
			continue
		}
		h[k]++
		if IsComplete(h) {
			waits++
		}
		h[k]--
		if waits > 1 {
			return false
		}
	}
	return waits == 1
}

// suitsFit reports whether a complete part can have bySuit's tiles of
// each suit and one more of suit s: 3n in every suit but the pair's, 3n+2.
func suitsFit(bySuit [4]int, s mjsolve.Suit) bool {
	bySuit[s]++
	pairs := 0
	for _, n := range bySuit {
		switch n % 3 {
		case 1:
			return false
		case 2:
			pairs++
		}
	}
	return pairs == 1
}

// canComplete reports whether k can be the tile that completes h: one
// that the pair or a pong holds is held already, and the other two of a
// chow are of k's suit within two of it.
func canComplete(h *mjsolve.Counts, k mjsolve.Kind) bool {
	if h[k] > 0 {
		return true
	}
	if k.IsHonor() {
		return false
	}
	n := int(k % 9) // k is the suit's 1 + n
	for j := max(0, n-2); j <= min(8, n+2); j++ {
		if h[int(k)-n+j] > 0 {
			return true
		}
	}
	return false
}

// winPlaces returns the distinct places of the winning kind in d: the index
// of each set holding it (one per distinct set), and -1 for the pair.
func winPlaces(d *Decomposition, win mjsolve.Kind, places []int) []int {
	if d.Pair == win {
		places = append(places, -1)
	}
	for i, m := range d.Melds() {
		if !m.Contains(win) || (i > 0 && d.Sets[i-1] == m) {
			continue
		}
		places = append(places, i)
	}
	return places
}

// arrange builds the arrangement of decomposition d with the winning tile
// in set place (-1: the pair), its sets appended to sets.
func arrange(d *Decomposition, w *Win, win mjsolve.Kind, place int, sets []Set) Arrangement {
	a := Arrangement{Pair: d.Pair, WinTile: win, Sets: sets}
	for i, m := range d.Melds() {
		s := Set{Meld: m, Hand: true, Concealed: true, Win: i == place}
		if s.Win && m.Type == Pong && !w.SelfDrawn {
			s.Concealed = false // completed by another player's tile: not 暗刻
		}
		a.Sets = append(a.Sets, s)
	}
	for _, m := range w.Melds {
		a.Sets = append(a.Sets, Set{Meld: m, Concealed: m.Type == ConcealedKong})
	}
	a.Wait = SingleTile
	if place >= 0 {
		m := d.Sets[place]
		switch {
		case m.Type == Pong:
			a.Wait = DualPong
		case win == m.Kind+1:
			a.Wait = Closed
		case win == m.Kind && m.Kind.Number() == 7, win == m.Kind+2 && m.Kind.Number() == 1:
			a.Wait = Edge // 89 waiting on 7, or 12 waiting on 3
		default:
			a.Wait = TwoSided
		}
	}
	return a
}

func sumTai(items []Item) int {
	t := 0
	for _, it := range items {
		t += it.Tai
	}
	return t
}

// flowerItems counts the 正花 and 花槓 of the flowers for the seat wind
// seat: the own flowers (East: 1f and 5f) of an incomplete set of four, and
// the complete sets.
func flowerItems(flowers []mjsolve.Bonus, seat mjsolve.Kind) (own, sets int) {
	seatNo := int(seat-mjsolve.East) + 1
	var have [mjsolve.NumBonus]bool
	for _, b := range flowers {
		have[b] = true
	}
	for g := 0; g < 2; g++ { // 1f–4f the flowers (四君子), 5f–8f the seasons (四季)
		n := 0
		ownHere := 0
		for b := mjsolve.Bonus(4 * g); b < mjsolve.Bonus(4*g+4); b++ {
			if have[b] {
				n++
				if b.Seat() == seatNo {
					ownHere++
				}
			}
		}
		if n == 4 {
			sets++
		} else {
			own += ownHere
		}
	}
	return own, sets
}

func hasHonor(c *mjsolve.Counts) bool {
	for k := mjsolve.East; k < mjsolve.NumKinds; k++ {
		if c[k] > 0 {
			return true
		}
	}
	return false
}

// suitsOf returns how many numbered suits c uses and whether it has honors.
func suitsOf(c *mjsolve.Counts) (suits int, honors bool) {
	for s := 0; s < 3; s++ {
		for k := 9 * s; k < 9*s+9; k++ {
			if c[k] > 0 {
				suits++
				break
			}
		}
	}
	return suits, hasHonor(c)
}

// scoreFlowerWin scores 八仙過海 or 七搶一, with the dealer items.
func scoreFlowerWin(w *Win, r *Rules) Result {
	var f facts
	f.ownFlowers, f.flowerSets = flowerItems(w.Flowers, w.Seat)
	var c itemCounts
	c.countFlowerWin(w, &f)
	res := Result{Rules: r.Name, Items: c.appendItems(make([]Item, 0, 4), r)}
	res.Tai = sumTai(res.Items)
	res.Payments, res.Points = payments(w, r, res.Tai, w.SelfDrawn)
	return res
}
