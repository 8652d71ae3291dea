package tw16

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mjsolve/mjsolve"
)

// FirstTurn names the first-go-round situations of the tai table.
type FirstTurn uint8

// The first-turn situations.
const (
	NotFirstTurn FirstTurn = iota // none of these
	HeavenlyHand                  // 天胡: the dealer's 17 dealt tiles (after flower replacement) are complete
	EarthlyHand                   // 地胡: a non-dealer wins by self-draw on the first draw, no call made
	HumanHand                     // 人胡: a non-dealer wins on a discard of the first go-round before drawing, no call made
	EarthlyReady                  // 地聽: the player was ready (聽) right after the first discard, no call made
)

var firstTurnNames = [...]struct{ key, chinese string }{
	{"none", ""}, {"tianhu", "天胡"}, {"dihu", "地胡"}, {"renhu", "人胡"}, {"diting", "地聽"},
}

// String returns the pinyin name: "none", "tianhu", "dihu", "renhu", "diting".
func (f FirstTurn) String() string {
	if int(f) < len(firstTurnNames) {
		return firstTurnNames[f].key
	}
	return fmt.Sprintf("FirstTurn(%d)", f)
}

// ParseFirstTurn parses a first-turn situation by its pinyin name (tianhu,
// dihu, renhu, diting), its Chinese name (天胡 地胡 人胡 地聽), or the English
// heavenly, earthly, human, earthly-ready; "" and "none" are NotFirstTurn.
func ParseFirstTurn(s string) (FirstTurn, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "none":
		return NotFirstTurn, nil
	case "tianhu", "天胡", "heavenly":
		return HeavenlyHand, nil
	case "dihu", "地胡", "earthly":
		return EarthlyHand, nil
	case "renhu", "人胡", "human":
		return HumanHand, nil
	case "diting", "地聽", "earthly-ready":
		return EarthlyReady, nil
	}
	return 0, fmt.Errorf("tw16: unknown first-turn situation %q (want tianhu, dihu, renhu or diting)", s)
}

// Win describes a winning hand and the situation of the win.
type Win struct {
	// Concealed is the concealed part of the hand without the winning tile:
	// 16 tiles less 3 per meld (a kong also counts 3).
	Concealed mjsolve.Counts
	// Tile is the winning tile. A bonus tile makes a flower win: with the
	// seven Flowers it completes all eight, 八仙過海 when drawn (SelfDrawn),
	// 七搶一 when robbed from another player.
	Tile mjsolve.Tile
	// Melds are the declared melds: exposed chows, pongs and kongs, and
	// concealed kongs (Type ConcealedKong).
	Melds []Meld
	// Flowers are the bonus tiles set aside before the win.
	Flowers []mjsolve.Bonus

	SelfDrawn bool // 自摸: drawn from the wall rather than another player's tile
	LastTile  bool // the last tile of the wall (海底撈月) or its discard (河底撈魚)
	AfterKong bool // drawn as the replacement after a kong or a flower (槓上開花); needs SelfDrawn and a kong among Melds or a flower in Flowers
	RobKong   bool // robbed from another player's added kong (搶槓); not SelfDrawn

	Dealer            bool // the winner is the dealer (莊家)
	DealerStreak      int  // N of 連N拉N: the dealer's consecutive deals beyond the first
	DiscarderIsDealer bool // the discarder (or the player robbed) is the dealer; the winner is not

	Seat, Round mjsolve.Kind // the winner's seat wind (門風) and the round wind (圈風)
	FirstTurn   FirstTurn
}

// Set is one set of a winning hand as Score arranged it.
type Set struct {
	Meld Meld
	// Hand says the set was formed in the concealed part (not declared).
	Hand bool
	// Concealed says the set counts as concealed (暗刻 for a triplet): a
	// set of the concealed part, unless it is a triplet completed by another
	// player's tile; or a concealed kong.
	Concealed bool
	// Win says the winning tile completed this set.
	Win bool
}

type setJSON struct {
	Tiles     string `json:"tiles"`
	Type      string `json:"type"`
	Hand      bool   `json:"hand"`
	Concealed bool   `json:"concealed"`
	Win       bool   `json:"win"`
}

// MarshalJSON writes the set as
// {"tiles":"123m","type":"chow","hand":true,"concealed":true,"win":false};
// the type is that of MeldType.String.
func (s Set) MarshalJSON() ([]byte, error) {
	return json.Marshal(setJSON{s.Meld.String(), s.Meld.Type.String(), s.Hand, s.Concealed, s.Win})
}

// Arrangement is the decomposition of a winning hand that Score chose: all
// sets (those of the concealed part first, then the declared melds), the
// pair, the winning tile and the shape it completed.
type Arrangement struct {
	Pair    mjsolve.Kind
	Sets    []Set
	WinTile mjsolve.Kind
	// Wait is the one shape the winning tile completed in this arrangement:
	// TwoSided (兩面), Edge (邊張), Closed (嵌張), SingleTile (單騎: it
	// completed the pair) or DualPong (雙碰: it completed a triplet).
	Wait WaitShape
}

// MarshalJSON writes the arrangement with the wait shape by name:
// {"pair":"5z","sets":[…],"win_tile":"1z","wait":"dual-pong"}.
func (a Arrangement) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Pair    mjsolve.Kind `json:"pair"`
		Sets    []Set        `json:"sets"`
		WinTile mjsolve.Kind `json:"win_tile"`
		Wait    string       `json:"wait"`
	}{a.Pair, a.Sets, a.WinTile, a.Wait.String()})
}

// Payment is what one or more losing players each pay the winner.
type Payment struct {
	// Payer is "discarder" (the player who discarded the winning tile or was
	// robbed), "dealer" (the dealer, on a non-dealer's win), "each" (each of
	// the three others, on the dealer's self-drawn win) or "non-dealer"
	// (each of the two non-dealers, on a non-dealer's self-drawn win).
	Payer string `json:"payer"`
	// Count is how many players pay this.
	Count int `json:"count"`
	// Tai is the tai paid for: the hand's tai, plus the dealer's 2N+1 when
	// the dealer pays a non-dealer (莊家連N拉N).
	Tai int `json:"tai"`
	// Points is what each of them pays: Rules.Base + Rules.PerTai·Tai.
	Points int `json:"points"`
}

// Result is the score of a win.
type Result struct {
	Rules    string    `json:"rules"`
	Items    []Item    `json:"items"`
	Tai      int       `json:"tai"`
	Payments []Payment `json:"payments"`
	// Points is the total the winner collects.
	Points int `json:"points"`
	// Arrangement is the decomposition that scored best (nil for a flower
	// win); Decompositions is the number of ways the hand splits into sets
	// and a pair.
	Arrangement    *Arrangement `json:"arrangement,omitempty"`
	Decompositions int          `json:"decompositions"`
}

// Score scores a win under the rules r, following the tai table in the
// appendix of the MJTalk referee thesis (麻將台數列表介紹). It returns an
// error naming the problem when the hand or the situation is impossible:
// wrong size, a fifth copy of a kind counting melds, not a winning hand,
// flowers under rules without them, or situations that contradict each
// other (robbing a kong by self-draw, 天胡 by a non-dealer, 槓上開花 with
// neither a kong nor a flower, …).
//
// Every decomposition of the hand, with every choice of the set the winning
// tile completed, is scored and the highest total wins; the first such in
// the order of Decompose breaks ties. How the items are read from the table
// (where a row leaves room, the reading chosen and why):
//
//   - 莊家 1 and 連N拉N 2N when the winner is the dealer. When the dealer
//     loses to a non-dealer, the dealer pays 2N+1 tai more (see Payments):
//     the row's 放槍時也要多賠, and the thesis's 若莊家涉及輸贏則必須加上
//     2n+1 台, which under the competition rules (n is always 0) is 1 tai.
//     The seat wind (門風) is that of the winner's seat, which need not be
//     East for the dealer: in the thesis the seats are drawn
//     (抽到「東」的人坐東風位) and the dice pick the first dealer among them
//     (則由西風位玩家當莊), so Win.Seat and Win.Dealer are independent.
//   - 門清 1 for no chow, pong or exposed kong (concealed kongs allowed) on
//     a discard; 門清自摸 3 in place of 門清 and 自摸 on a self-draw
//     (門清一摸三: it is both and one more); 自摸 1 for a self-draw otherwise.
//   - 三元台 1 per dragon triplet or kong; 圈風台 1 and 門風台 1 for a
//     triplet or kong of the round or seat wind (both for one triplet when
//     the winds agree). Triplets count whether concealed or exposed.
//   - 正花 1 per own flower (seat East: 1f 梅 and 5f 春, and so on); 花槓 2
//     per complete set of the four flowers or the four seasons, whose own
//     flower then does not count as 正花 ("不計正花"); the own flower of the
//     other, incomplete set still does.
//   - 獨聽 1 when the hand before the win waited on exactly one kind, not
//     counting a kind whose four copies the winner already holds (in the
//     hand or melds): the MJTalk referee's rule (聽牌數為 1), read so that a
//     kind the winner cannot draw is no wait. The count of kinds decides,
//     not the shape in the chosen arrangement: 1112m waits on 2m and 3m and
//     is not 獨聽 even when won on 3m (邊張 there); the table's three shapes
//     (邊張, 嵌張, 單騎) are what a one-kind wait looks like.
//   - 搶槓, 槓上開花, 河底撈魚 (LastTile on a discard), 海底撈月 (LastTile
//     on a self-draw) 1 each; 槓上開花 and 海底撈月 add to 自摸 (可加計自摸).
//     槓上開花 needs something to replace: a kong among the melds or a
//     flower set aside.
//   - 全求人 2: one concealed tile before the win, every meld claimed (no
//     concealed kong: 全求人 is asking everything of others), won on another
//     player's tile. Its wait is a single tile, so 獨聽 adds: the row
//     excludes nothing.
//   - 平胡 2: 無字 no honor anywhere, 無花 no flower, 無刻 five sequences
//     (no triplet or kong), 先有將 the winning tile completes a sequence,
//     聽兩面 two-sided in the arrangement and the hand not 獨聽, 非自摸 not
//     self-drawn; concealed only if Rules.PingHuConcealed (可自行約定).
//   - 三暗刻 2, 四暗刻 5, 五暗刻 8 by concealed triplets: triplets of the
//     concealed part and concealed kongs, but a triplet that another
//     player's tile completed (a discard or a robbed kong) is not concealed;
//     when the winning kind also fits a sequence or the pair, the
//     arrangement that keeps the triplet concealed is among those scored
//     (11123m won on a discarded 1m is 111m concealed + 123m). Only the
//     highest of the three counts (four concealed triplets are 四暗刻, not
//     also 三暗刻); 對對胡 adds (五暗刻: 必定與對對胡複合，可另計).
//   - 對對胡 4: five triplets or kongs. 混一色 4: one numbered suit and
//     honors; 清一色 8: one numbered suit only; 字一色 (Rules.AllHonorsTai):
//     honors only, with 對對胡 and the dragon and wind items added: the row
//     says it always comes with 對對胡 and excludes nothing, unlike the rows
//     that say 不計.
//   - 小三元 4 (two dragon triplets, dragon pair) and 大三元 8 (three)
//     replace 三元台; 小四喜 8 (three wind triplets, wind pair) and 大四喜
//     16 (four) replace 圈風台 and 門風台 ("不計風台").
//   - 八仙過海 8 and 七搶一 8 are flower wins: only they and the dealer items
//     count (莊連拉照算, 不計正花、花槓); 八仙過海 is paid like a self-draw
//     (視同自摸: all three pay, but there is no 自摸 item), 七搶一 by the
//     robbed player (視同放槍).
//   - 天胡 16 (dealer, self-drawn, no meld, no concealed kong) drops 門清,
//     自摸, 門清自摸 (不求人), 獨聽 and 槓上開花; 地胡 16 (non-dealer,
//     self-drawn, no meld or kong) drops 自摸, 門清 and 門清自摸; 人胡 16
//     (non-dealer, on a discard, no meld or kong) drops 門清; 地聽
//     (Rules.EarthlyReadyTai; no exposed meld) drops 門清, and with it
//     門清自摸 (門清 and 自摸 together), leaving 自摸 on a self-draw.
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
	if err := f.init(&w); err != nil {
		return Result{}, err
	}

	best := Result{Tai: -1}
	var items []Item
	EachDecomposition(full, func(d Decomposition) bool {
		best.Decompositions++
		places := winPlaces(&d, win)
		for _, p := range places {
			a := arrange(&d, &w, win, p)
			items = scoreItems(items[:0], &w, &r, &f, &a)
			if t := sumTai(items); t > best.Tai {
				best.Tai = t
				best.Items = append(make([]Item, 0, len(items)), items...)
				best.Arrangement = &a
			}
		}
		return true
	})
	if best.Decompositions == 0 {
		return Result{}, fmt.Errorf("tw16: not a winning hand: %s with %s does not split into %d sets and a pair",
			w.Concealed, win, full.Total()/3)
	}
	best.Rules = r.Name
	best.Payments, best.Points = payments(&w, &r, best.Tai, w.SelfDrawn)
	return best, nil
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

func (f *facts) init(w *Win) error {
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
	f.ownFlowers, f.flowerSets = flowerItems(w.Flowers, int(w.Seat-mjsolve.East)+1)
	var err error
	f.single, err = singleWait(w.Concealed, melds)
	return err
}

// singleWait reports whether the concealed part h (before the win) waits on
// exactly one kind, given the tiles of the declared melds: 獨聽 as the waits
// define it (WaitInfo.Single) with only the player's own tiles visible, so a
// kind whose four copies the player holds does not count.
func singleWait(h, melds mjsolve.Counts) (bool, error) {
	visible := h
	visible.AddCounts(melds)
	wi, err := Waits(h, &visible)
	if err != nil {
		return false, err
	}
	return wi.Single, nil
}

// winPlaces returns the distinct places of the winning kind in d: the index
// of each set holding it (one per distinct set), and -1 for the pair.
func winPlaces(d *Decomposition, win mjsolve.Kind) []int {
	var places []int
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
// in set place (-1: the pair).
func arrange(d *Decomposition, w *Win, win mjsolve.Kind, place int) Arrangement {
	a := Arrangement{Pair: d.Pair, WinTile: win, Sets: make([]Set, 0, int(d.N)+len(w.Melds))}
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

// scoreItems appends the items of a normal win in arrangement a to items,
// in table order.
func scoreItems(items []Item, w *Win, r *Rules, f *facts, a *Arrangement) []Item {
	add := func(id ItemID, count, tai int) {
		if count > 0 {
			items = append(items, Item{ID: id, Count: count, Tai: tai})
		}
	}
	ft := w.FirstTurn
	concealedHand := !f.exposed

	// Sets by kind of tile.
	var dragons, winds, triplets, concealedTriplets, sequences int
	roundWind, seatWind := false, false
	for _, s := range a.Sets {
		m := s.Meld
		if m.Type == Chow {
			sequences++
			continue
		}
		triplets++
		if s.Concealed {
			concealedTriplets++
		}
		switch {
		case m.Kind.IsDragon():
			dragons++
		case m.Kind.IsWind():
			winds++
			roundWind = roundWind || m.Kind == w.Round
			seatWind = seatWind || m.Kind == w.Seat
		}
	}
	littleDragons := dragons == 2 && a.Pair.IsDragon() // 小三元 row: 2 副刻子及將牌
	bigDragons := dragons == 3                         // 大三元 row: 3 副刻子
	littleWinds := winds == 3 && a.Pair.IsWind()       // 小四喜 row: 3 副刻子及將牌
	bigWinds := winds == 4                             // 大四喜 row: 4 副風刻

	// 莊家連N拉N 2N+1: 莊家 1, and 2 per consecutive deal.
	if w.Dealer {
		add(ItemDealer, 1, 1)
		add(ItemDealerStreak, w.DealerStreak, 2*w.DealerStreak)
	}
	// 自摸 1, 門清 1, 門清自摸 3 (合稱門清一摸三: it is 門清 and 自摸 and one
	// more, so it replaces both). 天胡 and 地胡 drop all three (不計門清、自摸、
	// 不求人); 人胡 and 地聽 drop 門清 (不計門清), so no 門清自摸 either.
	noZimo := ft == HeavenlyHand || ft == EarthlyHand
	noMenqing := ft != NotFirstTurn
	switch {
	case w.SelfDrawn && concealedHand && !noMenqing:
		add(ItemConcealedSelfDrawn, 1, 3)
	case w.SelfDrawn && !noZimo:
		add(ItemSelfDrawn, 1, 1)
	case !w.SelfDrawn && concealedHand && !noMenqing:
		add(ItemConcealed, 1, 1)
	}
	// 三元台 1 per dragon 刻子或槓子; 小三元 and 大三元 不計三元台.
	if !littleDragons && !bigDragons {
		add(ItemDragonTriplet, dragons, dragons)
	}
	// 圈風台, 門風台 1 each; 小四喜 and 大四喜 不計風台.
	if !littleWinds && !bigWinds {
		if roundWind {
			add(ItemRoundWind, 1, 1)
		}
		if seatWind {
			add(ItemSeatWind, 1, 1)
		}
	}
	// 正花 1 per own flower; 花槓 2 per set of four seasons or four flowers,
	// 不計正花 of that set.
	add(ItemOwnFlower, f.ownFlowers, f.ownFlowers)
	// 獨聽 1; 天胡 不計獨聽.
	if f.single && ft != HeavenlyHand {
		add(ItemSingleWait, 1, 1)
	}
	if w.RobKong {
		add(ItemRobKong, 1, 1) // 搶槓 1
	}
	if w.AfterKong && ft != HeavenlyHand {
		add(ItemAfterKong, 1, 1) // 槓上開花 1, 可加計自摸; 天胡 不計槓上開花
	}
	if w.LastTile && !w.SelfDrawn {
		add(ItemLastDiscard, 1, 1) // 河底撈魚 1
	}
	if w.LastTile && w.SelfDrawn {
		add(ItemLastDraw, 1, 1) // 海底撈月 1, 可加計自摸
	}
	add(ItemFlowerSet, f.flowerSets, 2*f.flowerSets)
	// 全求人 2: 手牌皆已吃、碰、槓, 只剩 1 張手牌, 由其他家放槍.
	if w.Concealed.Total() == 1 && !f.concealedKng && !w.SelfDrawn {
		add(ItemAllMelded, 1, 2)
	}
	// 平胡 2: 無字、無花、無刻、先有將、聽兩面、非自摸 (門清 by agreement).
	if sequences == 5 && !w.SelfDrawn && len(w.Flowers) == 0 && a.Wait == TwoSided && !f.single &&
		!f.honors && (concealedHand || !r.PingHuConcealed) {
		add(ItemPingHu, 1, 2)
	}
	// 三暗刻 2, 四暗刻 5, 五暗刻 8 (手牌中有 N 副刻子, 包括暗槓).
	switch concealedTriplets {
	case 3:
		add(ItemThreeConcealed, 1, 2)
	case 4:
		add(ItemFourConcealed, 1, 5)
	case 5:
		add(ItemFiveConcealed, 1, 8)
	}
	if triplets == 5 {
		add(ItemAllTriplets, 1, 4) // 對對胡 4; 五暗刻 and 字一色 add to it
	}
	suits, honors := f.suits, f.honors
	if suits == 1 && honors {
		add(ItemHalfFlush, 1, 4) // 混一色 4
	}
	if littleDragons {
		add(ItemLittleDragons, 1, 4)
	}
	if suits == 1 && !honors {
		add(ItemFullFlush, 1, 8) // 清一色 8
	}
	if littleWinds {
		add(ItemLittleWinds, 1, 8)
	}
	if bigDragons {
		add(ItemBigDragons, 1, 8)
	}
	if ft == EarthlyReady {
		add(ItemEarthlyReady, 1, r.EarthlyReadyTai)
	}
	if suits == 0 {
		add(ItemAllHonors, 1, r.AllHonorsTai) // 字一色
	}
	if bigWinds {
		add(ItemBigWinds, 1, 16)
	}
	switch ft {
	case EarthlyHand:
		add(ItemEarthlyHand, 1, 16)
	case HeavenlyHand:
		add(ItemHeavenlyHand, 1, 16)
	case HumanHand:
		add(ItemHumanHand, 1, 16)
	}
	return items
}

// flowerItems counts the 正花 and 花槓 of the flowers for seat seatNo.
func flowerItems(flowers []mjsolve.Bonus, seatNo int) (own, sets int) {
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
	res := Result{Rules: r.Name}
	if w.Dealer {
		res.Items = append(res.Items, Item{ID: ItemDealer, Count: 1, Tai: 1})
		if w.DealerStreak > 0 {
			res.Items = append(res.Items, Item{ID: ItemDealerStreak, Count: w.DealerStreak, Tai: 2 * w.DealerStreak})
		}
	}
	if w.SelfDrawn {
		res.Items = append(res.Items, Item{ID: ItemEightFlowers, Count: 1, Tai: 8}) // 八仙過海 8, 視同自摸
	} else {
		res.Items = append(res.Items, Item{ID: ItemSevenRobOne, Count: 1, Tai: 8}) // 七搶一 8, 被搶花者視同放槍
	}
	res.Tai = sumTai(res.Items)
	res.Payments, res.Points = payments(w, r, res.Tai, w.SelfDrawn)
	return res
}

// payments splits what the winner collects. The dealer pays 2N+1 tai more
// to a non-dealer winner (莊家連N拉N: 放槍時也要多賠); a dealer winner has
// those tai among the items already.
func payments(w *Win, r *Rules, tai int, selfDrawn bool) ([]Payment, int) {
	pay := func(payer string, count, t int) Payment {
		return Payment{Payer: payer, Count: count, Tai: t, Points: r.Base + r.PerTai*t}
	}
	extra := 1 + 2*w.DealerStreak
	var ps []Payment
	switch {
	case selfDrawn && w.Dealer:
		ps = []Payment{pay("each", 3, tai)}
	case selfDrawn:
		ps = []Payment{pay("dealer", 1, tai+extra), pay("non-dealer", 2, tai)}
	case w.DiscarderIsDealer:
		ps = []Payment{pay("dealer", 1, tai+extra)}
	default:
		ps = []Payment{pay("discarder", 1, tai)}
	}
	total := 0
	for _, p := range ps {
		total += p.Count * p.Points
	}
	return ps, total
}
