package tw16

import (
	"encoding/json"
	"fmt"
	"math/bits"
	"strings"
)

// ItemID names one scoring item (台) of the tai table in the appendix of the
// MJTalk referee thesis (麻將台數列表介紹). The constants are in the order
// of that table, except that 四暗刻 and 五暗刻 follow 三暗刻; it is the
// order in which Score lists the items of a win.
type ItemID uint8

// The scoring items. Their names, tai and exclusions are the data of
// itemTable; the rules for when each applies are documented on Score.
const (
	ItemDealer ItemID = iota
	ItemDealerStreak
	ItemSelfDrawn
	ItemConcealed
	ItemConcealedSelfDrawn
	ItemDragonTriplet
	ItemRoundWind
	ItemSeatWind
	ItemOwnFlower
	ItemSingleWait
	ItemRobKong
	ItemAfterKong
	ItemLastDiscard
	ItemLastDraw
	ItemFlowerSet
	ItemAllMelded
	ItemPingHu
	ItemThreeConcealed
	ItemFourConcealed
	ItemFiveConcealed
	ItemAllTriplets
	ItemHalfFlush
	ItemLittleDragons
	ItemFullFlush
	ItemLittleWinds
	ItemBigDragons
	ItemSevenRobOne
	ItemEightFlowers
	ItemEarthlyReady
	ItemAllHonors
	ItemBigWinds
	ItemEarthlyHand
	ItemHeavenlyHand
	ItemHumanHand
	NumItems // number of items
)

// itemSet is a set of items, bit i for ItemID i.
type itemSet uint64

func itemsOf(ids ...ItemID) itemSet {
	var s itemSet
	for _, id := range ids {
		s |= 1 << id
	}
	return s
}

func (s itemSet) has(id ItemID) bool { return s&(1<<id) != 0 }

// ids lists the items of s in table order.
func (s itemSet) ids() []ItemID {
	out := make([]ItemID, 0, bits.OnesCount64(uint64(s)))
	for ; s != 0; s &= s - 1 {
		out = append(out, ItemID(bits.TrailingZeros64(uint64(s))))
	}
	return out
}

// How an item counts: once, or once per set, flower or consecutive deal.
const (
	perWin  = ""     // once
	perEach = "each" // per dragon triplet, own flower or set of four flowers
	perDeal = "N"    // per consecutive deal (連N拉N)
)

// itemRow is one row of the tai table.
type itemRow struct {
	key, chinese, english string
	// tai is the table's tai, for each count of the item.
	tai int
	per string
	// excludes are the items not counted with this one (the table's 不計…,
	// and what an item replaces). Every excluded item comes earlier in the
	// table, so that deciding the items from the last to the first, an
	// item that is itself excluded excludes nothing.
	excludes itemSet
}

// itemTable is the tai table of the thesis's appendix, one row per item,
// the single source of the items' names, tai and exclusions. The quoted
// words are the table's; Score's documentation gives the readings chosen.
var itemTable = [NumItems]itemRow{
	// 莊家連N拉N 2N+1: 做莊者胡牌多計 1 台 … 每連莊一次再增加 2 台.
	ItemDealer:       {"dealer", "莊家", "dealer", 1, perWin, 0},
	ItemDealerStreak: {"dealer-streak", "連N拉N", "dealer's consecutive deals", 2, perDeal, 0},
	ItemSelfDrawn:    {"self-drawn", "自摸", "self-drawn", 1, perWin, 0},
	// 門清: 胡牌前沒有吃、碰、明槓，但可暗槓.
	ItemConcealed: {"concealed", "門清", "concealed hand", 1, perWin, 0},
	// 門清自摸 3: 門清的情況下自摸 (門清一摸三): in place of 門清 and 自摸.
	ItemConcealedSelfDrawn: {"concealed-self-drawn", "門清自摸", "concealed hand, self-drawn", 3, perWin,
		itemsOf(ItemSelfDrawn, ItemConcealed)},
	// 三元台: 中、發、白任何一組刻子或槓子.
	ItemDragonTriplet: {"dragon-triplet", "三元台", "dragon triplet", 1, perEach, 0},
	ItemRoundWind:     {"round-wind", "圈風台", "round wind triplet", 1, perWin, 0},
	ItemSeatWind:      {"seat-wind", "門風台", "seat wind triplet", 1, perWin, 0},
	// 正花: 東家為一花(春、梅) …; 花槓's 不計正花 is per set of four, so the
	// count of 正花 leaves out the flowers of a complete set.
	ItemOwnFlower:   {"own-flower", "正花", "own flower", 1, perEach, 0},
	ItemSingleWait:  {"single-wait", "獨聽", "single wait", 1, perWin, 0},
	ItemRobKong:     {"rob-kong", "搶槓", "robbing a kong", 1, perWin, 0},
	ItemAfterKong:   {"after-kong", "槓上開花", "win on a replacement tile", 1, perWin, 0},
	ItemLastDiscard: {"last-discard", "河底撈魚", "win on the last discard", 1, perWin, 0},
	ItemLastDraw:    {"last-draw", "海底撈月", "win on the last tile of the wall", 1, perWin, 0},
	// 花槓 2: 拿齊四季或四君子. 不計正花 (of that set: see 正花).
	ItemFlowerSet: {"flower-set", "花槓", "complete set of four flowers", 2, perEach, 0},
	ItemAllMelded: {"all-melded", "全求人", "all melded, won on a discard", 2, perWin, 0},
	ItemPingHu:    {"ping-hu", "平胡", "all sequences, two-sided wait", 2, perWin, 0},
	// 三暗刻 2, 四暗刻 5, 五暗刻 8: only the highest counts.
	ItemThreeConcealed: {"three-concealed-triplets", "三暗刻", "three concealed triplets", 2, perWin, 0},
	ItemFourConcealed: {"four-concealed-triplets", "四暗刻", "four concealed triplets", 5, perWin,
		itemsOf(ItemThreeConcealed)},
	// 五暗刻: 必定與對對胡複合，可另計.
	ItemFiveConcealed: {"five-concealed-triplets", "五暗刻", "five concealed triplets", 8, perWin,
		itemsOf(ItemThreeConcealed, ItemFourConcealed)},
	ItemAllTriplets: {"all-triplets", "對對胡", "all triplets", 4, perWin, 0},
	ItemHalfFlush:   {"half-flush", "混一色", "one suit and honors", 4, perWin, 0},
	// 小三元: 三元牌的 2 副刻子及將牌. 不計三元台.
	ItemLittleDragons: {"little-three-dragons", "小三元", "little three dragons", 4, perWin, itemsOf(ItemDragonTriplet)},
	ItemFullFlush:     {"full-flush", "清一色", "one suit only", 8, perWin, 0},
	// 小四喜: 風牌的 3 副刻子及將牌. 不計風台.
	ItemLittleWinds: {"little-four-winds", "小四喜", "little four winds", 8, perWin, itemsOf(ItemRoundWind, ItemSeatWind)},
	// 大三元: 三元牌 3 副刻子. 不計三元台.
	ItemBigDragons: {"big-three-dragons", "大三元", "big three dragons", 8, perWin, itemsOf(ItemDragonTriplet)},
	// 七搶一, 八仙過海: flower wins, 莊連拉照算, 不計正花、花槓.
	ItemSevenRobOne: {"seven-rob-one", "七搶一", "seven flowers rob the eighth", 8, perWin,
		itemsOf(ItemOwnFlower, ItemFlowerSet)},
	ItemEightFlowers: {"eight-flowers", "八仙過海", "all eight flowers", 8, perWin,
		itemsOf(ItemOwnFlower, ItemFlowerSet)},
	// 地聽 8 (或 4): 不計門清, and so not 門清自摸 either.
	ItemEarthlyReady: {"earthly-ready", "地聽", "ready from the first discard", 8, perWin,
		itemsOf(ItemConcealed, ItemConcealedSelfDrawn)},
	// 字一色 16 (或 8): 必定與對對胡複合 … 可加計 (excludes nothing).
	ItemAllHonors: {"all-honors", "字一色", "all honors", 16, perWin, 0},
	// 大四喜: 4 副風刻. 不計風台.
	ItemBigWinds: {"big-four-winds", "大四喜", "big four winds", 16, perWin, itemsOf(ItemRoundWind, ItemSeatWind)},
	// 地胡: 不計自摸、門清、不求人 (門清自摸).
	ItemEarthlyHand: {"earthly-hand", "地胡", "self-drawn on the first draw", 16, perWin,
		itemsOf(ItemSelfDrawn, ItemConcealed, ItemConcealedSelfDrawn)},
	// 天胡: 不計門清、自摸、不求人、獨聽、槓上開花.
	ItemHeavenlyHand: {"heavenly-hand", "天胡", "dealer's dealt hand is complete", 16, perWin,
		itemsOf(ItemConcealed, ItemSelfDrawn, ItemConcealedSelfDrawn, ItemSingleWait, ItemAfterKong)},
	// 人胡: 不計門清.
	ItemHumanHand: {"human-hand", "人胡", "won on a first-go-round discard", 16, perWin, itemsOf(ItemConcealed)},
}

// Valid reports whether id is one of the items.
func (id ItemID) Valid() bool { return id < NumItems }

// String returns the item's key, e.g. "self-drawn", "ping-hu".
func (id ItemID) String() string {
	if id.Valid() {
		return itemTable[id].key
	}
	return fmt.Sprintf("ItemID(%d)", id)
}

// Chinese returns the item's name in the table, e.g. 自摸, 平胡; the streak
// item is 連N拉N (Item.Name fills in N).
func (id ItemID) Chinese() string {
	if id.Valid() {
		return itemTable[id].chinese
	}
	return id.String()
}

// English returns a short English gloss of the item.
func (id ItemID) English() string {
	if id.Valid() {
		return itemTable[id].english
	}
	return id.String()
}

// Tai returns the tai the table gives the item, for each time it counts
// (see PerLabel); Rules.Tai gives it under the rules, with house values.
func (id ItemID) Tai() int {
	if id.Valid() {
		return itemTable[id].tai
	}
	return 0
}

// TaiLabel writes tai for each count of the item as the table does: "2"
// for an item that counts once, "1 each" for one counted per dragon
// triplet, own flower or set of four flowers, "2N" for 連N拉N.
func (id ItemID) TaiLabel(tai int) string {
	if !id.Valid() {
		return fmt.Sprint(tai)
	}
	switch itemTable[id].per {
	case perEach:
		return fmt.Sprintf("%d each", tai)
	case perDeal:
		return fmt.Sprintf("%dN", tai)
	}
	return fmt.Sprint(tai)
}

// Excludes returns the items not counted together with id (the table's
// 不計…, and the items id replaces), in table order. An item that is
// itself excluded excludes nothing.
func (id ItemID) Excludes() []ItemID {
	if !id.Valid() {
		return nil
	}
	return itemTable[id].excludes.ids()
}

// MarshalText encodes the item's key.
func (id ItemID) MarshalText() ([]byte, error) {
	if !id.Valid() {
		return nil, inputErrorf("invalid item %d", uint8(id))
	}
	return []byte(id.String()), nil
}

// UnmarshalText parses an item's key.
func (id *ItemID) UnmarshalText(text []byte) error {
	for i := range NumItems {
		if itemTable[i].key == string(text) {
			*id = i
			return nil
		}
	}
	return inputErrorf("unknown scoring item %q", text)
}

// ParseItem parses an item by its key (self-drawn, ping-hu; any case) or
// its Chinese name (自摸, 平胡; 連N拉N for the streak).
func ParseItem(s string) (ItemID, error) {
	t := strings.TrimSpace(s)
	for i := range NumItems {
		if strings.EqualFold(itemTable[i].key, t) || itemTable[i].chinese == t {
			return i, nil
		}
	}
	return 0, inputErrorf("unknown scoring item %q", s)
}

// Item is one scoring item of a win. It says which item, how many times it
// counts (dragon triplets, own flowers and flower sets can count more than
// once; for the streak item it is N), and the tai it gives in all.
type Item struct {
	ID    ItemID
	Count int
	Tai   int
}

// Name returns the Chinese name, with N filled in for the streak item
// (連2拉2).
func (it Item) Name() string {
	if it.ID == ItemDealerStreak {
		return fmt.Sprintf("連%d拉%d", it.Count, it.Count)
	}
	return it.ID.Chinese()
}

// Label returns the name with ×count when the item counts more than once
// ("三元台×2"; the streak's count is in its name: "連2拉2").
func (it Item) Label() string {
	if it.Count > 1 && it.ID != ItemDealerStreak {
		return fmt.Sprintf("%s×%d", it.Name(), it.Count)
	}
	return it.Name()
}

// String writes the item as "自摸 1", "三元台×2 2".
func (it Item) String() string {
	return fmt.Sprintf("%s %d", it.Label(), it.Tai)
}

type itemJSON struct {
	ID      ItemID `json:"id"`
	Name    string `json:"name"`
	English string `json:"english"`
	Count   int    `json:"count"`
	Tai     int    `json:"tai"`
}

// MarshalJSON writes the item with its names:
// {"id":"self-drawn","name":"自摸","english":"self-drawn","count":1,"tai":1}.
func (it Item) MarshalJSON() ([]byte, error) {
	return json.Marshal(itemJSON{it.ID, it.Name(), it.ID.English(), it.Count, it.Tai})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (it *Item) UnmarshalJSON(b []byte) error {
	var j itemJSON
	if err := json.Unmarshal(b, &j); err != nil {
		return err
	}
	*it = Item{ID: j.ID, Count: j.Count, Tai: j.Tai}
	return nil
}
