package tw16

import "math/bits"

// itemCounts holds how many times each item of the table applies to a win
// (0: it does not), before the exclusions and the rules' tai.
type itemCounts [NumItems]int

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// setCounts are the sets of an arrangement by kind.
type setCounts struct {
	sequences, triplets, concealed int // concealed: triplets and kongs that count as concealed (暗刻)
	dragons, winds                 int // dragon and wind triplets and kongs
	roundWind, seatWind            bool
}

func countSets(w *Win, a *Arrangement) setCounts {
	var n setCounts
	for _, s := range a.Sets {
		m := s.Meld
		if m.Type == Chow {
			n.sequences++
			continue
		}
		n.triplets++
		n.concealed += b2i(s.Concealed)
		n.dragons += b2i(m.Kind.IsDragon())
		if m.Kind.IsWind() {
			n.winds++
			n.roundWind = n.roundWind || m.Kind == w.Round
			n.seatWind = n.seatWind || m.Kind == w.Seat
		}
	}
	return n
}

// countDealer counts 莊家 and 連N拉N, which count on every win.
func (c *itemCounts) countDealer(w *Win) {
	if w.Dealer {
		c[ItemDealer] = 1
		c[ItemDealerStreak] = w.DealerStreak
	}
}

// countWin counts the items of a normal win in arrangement a: each row's
// condition as Score documents it, without the exclusions (門清自摸 and
// 門清 and 自摸 all apply to a concealed self-drawn hand here).
func (c *itemCounts) countWin(w *Win, r *Rules, f *facts, a *Arrangement) {
	*c = itemCounts{}
	n := countSets(w, a)
	concealedHand := !f.exposed
	c.countDealer(w)
	c[ItemSelfDrawn] = b2i(w.SelfDrawn)
	c[ItemConcealed] = b2i(concealedHand)
	c[ItemConcealedSelfDrawn] = b2i(concealedHand && w.SelfDrawn)
	c[ItemDragonTriplet] = n.dragons
	c[ItemRoundWind] = b2i(n.roundWind)
	c[ItemSeatWind] = b2i(n.seatWind)
	c[ItemOwnFlower] = f.ownFlowers
	c[ItemSingleWait] = b2i(f.single)
	c[ItemRobKong] = b2i(w.RobKong)
	c[ItemAfterKong] = b2i(w.AfterKong)
	c[ItemLastDiscard] = b2i(w.LastTile && !w.SelfDrawn)
	c[ItemLastDraw] = b2i(w.LastTile && w.SelfDrawn)
	c[ItemFlowerSet] = f.flowerSets
	// 全求人: 手牌皆已吃、碰、槓, 只剩 1 張手牌, 由其他家放槍.
	c[ItemAllMelded] = b2i(w.Concealed.Total() == 1 && !f.concealedKng && !w.SelfDrawn)
	// 平胡: 無字、無花、無刻、先有將、聽兩面、非自摸 (門清 by agreement).
	c[ItemPingHu] = b2i(n.sequences == 5 && !f.honors && len(w.Flowers) == 0 &&
		a.Wait == TwoSided && !f.single && !w.SelfDrawn && (concealedHand || !r.PingHuConcealed))
	c[ItemThreeConcealed] = b2i(n.concealed >= 3)
	c[ItemFourConcealed] = b2i(n.concealed >= 4)
	c[ItemFiveConcealed] = b2i(n.concealed >= 5)
	c[ItemAllTriplets] = b2i(n.triplets == 5)
	c[ItemHalfFlush] = b2i(f.suits == 1 && f.honors)
	c[ItemLittleDragons] = b2i(n.dragons == 2 && a.Pair.IsDragon()) // 2 副刻子及將牌
	c[ItemFullFlush] = b2i(f.suits == 1 && !f.honors)
	c[ItemLittleWinds] = b2i(n.winds == 3 && a.Pair.IsWind()) // 3 副刻子及將牌
	c[ItemBigDragons] = b2i(n.dragons == 3)
	c[ItemEarthlyReady] = b2i(w.FirstTurn == EarthlyReady)
	c[ItemAllHonors] = b2i(f.suits == 0)
	c[ItemBigWinds] = b2i(n.winds == 4)
	c[ItemEarthlyHand] = b2i(w.FirstTurn == EarthlyHand)
	c[ItemHeavenlyHand] = b2i(w.FirstTurn == HeavenlyHand)
	c[ItemHumanHand] = b2i(w.FirstTurn == HumanHand)
}

// countFlowerWin counts the items of a flower win: 八仙過海 (self-drawn)
// or 七搶一, the dealer items, and the flowers that the flower item
// excludes. The items of a hand (自摸, 門清, …) do not apply to it.
func (c *itemCounts) countFlowerWin(w *Win, f *facts) {
	*c = itemCounts{}
	c.countDealer(w)
	c[ItemOwnFlower] = f.ownFlowers
	c[ItemFlowerSet] = f.flowerSets
	if w.SelfDrawn {
		c[ItemEightFlowers] = 1
	} else {
		c[ItemSevenRobOne] = 1
	}
}

// tai is the total tai of the items appendItems would append.
func (c *itemCounts) tai(r *Rules) int {
	var excluded itemSet
	t := 0
	for i := int(NumItems) - 1; i >= 0; i-- {
		id := ItemID(i)
		if c[id] == 0 || r.Tai(id) == 0 || excluded.has(id) {
			continue
		}
		t += c[id] * r.Tai(id)
		excluded |= itemTable[id].excludes
	}
	return t
}

// appendItems appends to items those of c that count under the rules r,
// in table order: an item counts when it applies, its tai under r is not
// 0, and no item that counts excludes it. Every item excludes only items
// before it in the table, so one pass from the last item to the first
// decides them.
func (c *itemCounts) appendItems(items []Item, r *Rules) []Item {
	var kept, excluded itemSet
	for i := int(NumItems) - 1; i >= 0; i-- {
		id := ItemID(i)
		if c[id] == 0 || r.Tai(id) == 0 || excluded.has(id) {
			continue
		}
		kept |= itemsOf(id)
		excluded |= itemTable[id].excludes
	}
	for s := kept; s != 0; s &= s - 1 {
		id := ItemID(bits.TrailingZeros64(uint64(s)))
		items = append(items, Item{ID: id, Count: c[id], Tai: c[id] * r.Tai(id)})
	}
	return items
}
