package tw16

import (
	"encoding/json"
	"fmt"
)

// ItemID names one scoring item (台) of the tai table in the appendix of the
// MJTalk referee thesis (麻將台數列表介紹). The constants are in the order
// of that table.
type ItemID uint8

// The scoring items, in the order of the appendix table. Each comment gives
// the table's tai; the rules the scorer applies are documented on Score.
const (
	ItemDealer             ItemID = iota // 莊家 1 (the "莊家連N拉N 2N+1" row, dealer part)
	ItemDealerStreak                     // 連N拉N 2N (the same row, streak part)
	ItemSelfDrawn                        // 自摸 1
	ItemConcealed                        // 門清 1
	ItemConcealedSelfDrawn               // 門清自摸 3 (replaces 門清 and 自摸)
	ItemDragonTriplet                    // 三元台 1 per dragon triplet or kong
	ItemRoundWind                        // 圈風台 1
	ItemSeatWind                         // 門風台 1
	ItemOwnFlower                        // 正花 1 per own flower
	ItemSingleWait                       // 獨聽 1
	ItemRobKong                          // 搶槓 1
	ItemAfterKong                        // 槓上開花 1
	ItemLastDiscard                      // 河底撈魚 1
	ItemLastDraw                         // 海底撈月 1
	ItemFlowerSet                        // 花槓 2 per complete set of four
	ItemAllMelded                        // 全求人 2
	ItemPingHu                           // 平胡 2
	ItemThreeConcealed                   // 三暗刻 2
	ItemAllTriplets                      // 對對胡 4
	ItemHalfFlush                        // 混一色 4
	ItemLittleDragons                    // 小三元 4
	ItemFourConcealed                    // 四暗刻 5
	ItemFiveConcealed                    // 五暗刻 8
	ItemFullFlush                        // 清一色 8
	ItemLittleWinds                      // 小四喜 8
	ItemBigDragons                       // 大三元 8
	ItemSevenRobOne                      // 七搶一 8
	ItemEightFlowers                     // 八仙過海 8
	ItemEarthlyReady                     // 地聽 8 (or 4, Rules.EarthlyReadyTai)
	ItemAllHonors                        // 字一色 16 (or 8, Rules.AllHonorsTai)
	ItemBigWinds                         // 大四喜 16
	ItemEarthlyHand                      // 地胡 16
	ItemHeavenlyHand                     // 天胡 16
	ItemHumanHand                        // 人胡 16
	NumItems                             // number of items
)

var itemInfo = [NumItems]struct{ key, chinese, english string }{
	ItemDealer:             {"dealer", "莊家", "dealer"},
	ItemDealerStreak:       {"dealer-streak", "連N拉N", "dealer's consecutive deals"},
	ItemSelfDrawn:          {"self-drawn", "自摸", "self-drawn"},
	ItemConcealed:          {"concealed", "門清", "concealed hand"},
	ItemConcealedSelfDrawn: {"concealed-self-drawn", "門清自摸", "concealed hand, self-drawn"},
	ItemDragonTriplet:      {"dragon-triplet", "三元台", "dragon triplet"},
	ItemRoundWind:          {"round-wind", "圈風台", "round wind triplet"},
	ItemSeatWind:           {"seat-wind", "門風台", "seat wind triplet"},
	ItemOwnFlower:          {"own-flower", "正花", "own flower"},
	ItemSingleWait:         {"single-wait", "獨聽", "single wait"},
	ItemRobKong:            {"rob-kong", "搶槓", "robbing a kong"},
	ItemAfterKong:          {"after-kong", "槓上開花", "win on a replacement tile"},
	ItemLastDiscard:        {"last-discard", "河底撈魚", "win on the last discard"},
	ItemLastDraw:           {"last-draw", "海底撈月", "win on the last tile of the wall"},
	ItemFlowerSet:          {"flower-set", "花槓", "complete set of four flowers"},
	ItemAllMelded:          {"all-melded", "全求人", "all melded, won on a discard"},
	ItemPingHu:             {"ping-hu", "平胡", "all sequences, two-sided wait"},
	ItemThreeConcealed:     {"three-concealed-triplets", "三暗刻", "three concealed triplets"},
	ItemAllTriplets:        {"all-triplets", "對對胡", "all triplets"},
	ItemHalfFlush:          {"half-flush", "混一色", "one suit and honors"},
	ItemLittleDragons:      {"little-three-dragons", "小三元", "little three dragons"},
	ItemFourConcealed:      {"four-concealed-triplets", "四暗刻", "four concealed triplets"},
	ItemFiveConcealed:      {"five-concealed-triplets", "五暗刻", "five concealed triplets"},
	ItemFullFlush:          {"full-flush", "清一色", "one suit only"},
	ItemLittleWinds:        {"little-four-winds", "小四喜", "little four winds"},
	ItemBigDragons:         {"big-three-dragons", "大三元", "big three dragons"},
	ItemSevenRobOne:        {"seven-rob-one", "七搶一", "seven flowers rob the eighth"},
	ItemEightFlowers:       {"eight-flowers", "八仙過海", "all eight flowers"},
	ItemEarthlyReady:       {"earthly-ready", "地聽", "ready from the first discard"},
	ItemAllHonors:          {"all-honors", "字一色", "all honors"},
	ItemBigWinds:           {"big-four-winds", "大四喜", "big four winds"},
	ItemEarthlyHand:        {"earthly-hand", "地胡", "self-drawn on the first draw"},
	ItemHeavenlyHand:       {"heavenly-hand", "天胡", "dealer's dealt hand is complete"},
	ItemHumanHand:          {"human-hand", "人胡", "won on a first-go-round discard"},
}

// Valid reports whether id is one of the items.
func (id ItemID) Valid() bool { return id < NumItems }

// String returns the item's key, e.g. "self-drawn", "ping-hu".
func (id ItemID) String() string {
	if id.Valid() {
		return itemInfo[id].key
	}
	return fmt.Sprintf("ItemID(%d)", id)
}

// Chinese returns the item's name in the table, e.g. 自摸, 平胡; the streak
// item is 連N拉N (Item.Name fills in N).
func (id ItemID) Chinese() string {
	if id.Valid() {
		return itemInfo[id].chinese
	}
	return id.String()
}

// English returns a short English gloss of the item.
func (id ItemID) English() string {
	if id.Valid() {
		return itemInfo[id].english
	}
	return id.String()
}

// MarshalText encodes the item's key.
func (id ItemID) MarshalText() ([]byte, error) {
	if !id.Valid() {
		return nil, fmt.Errorf("tw16: invalid item %d", uint8(id))
	}
	return []byte(id.String()), nil
}

// UnmarshalText parses an item's key.
func (id *ItemID) UnmarshalText(text []byte) error {
	for i := range NumItems {
		if itemInfo[i].key == string(text) {
			*id = i
			return nil
		}
	}
	return fmt.Errorf("tw16: unknown scoring item %q", text)
}

// Item is one scoring item of a win: which item, how many times it counts
// (dragon triplets, own flowers and flower sets can count more than once;
// for the streak item it is N), and the tai it gives in all.
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

// String writes the item as "自摸 1", "三元台×2 2".
func (it Item) String() string {
	if it.Count > 1 && it.ID != ItemDealerStreak {
		return fmt.Sprintf("%s×%d %d", it.Name(), it.Count, it.Tai)
	}
	return fmt.Sprintf("%s %d", it.Name(), it.Tai)
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
