package tw16_test

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// scoreCase is one hand to score. sit lists the situation as words: self
// (self-drawn), dealer, last, kong (after a kong), rob (robbing a kong),
// discdealer, seat=S, round=S, streak=N, first=NAME, common (the common
// rules; the default is competition), pinghu-concealed.
type scoreCase struct {
	name                       string
	hand, win                  string
	melds, kongs, flowers, sit string
	want                       string // the items, Item.String joined by ", "
	tai                        int
}

// mkWin builds the win and the rules of a case.
func mkWin(t testing.TB, c scoreCase) (tw16.Win, tw16.Rules) {
	t.Helper()
	w := tw16.Win{Seat: mjsolve.East, Round: mjsolve.East}
	var err error
	if w.Concealed, err = mjsolve.ParseCounts(c.hand); err != nil {
		t.Fatal(err)
	}
	tiles, err := mjsolve.ParseTiles(c.win)
	if err != nil || len(tiles) != 1 {
		t.Fatalf("win %q: %v", c.win, err)
	}
	w.Tile = tiles[0]
	if w.Melds, err = tw16.ParseMelds(c.melds); err != nil {
		t.Fatal(err)
	}
	kongs, err := tw16.ParseConcealedKongs(c.kongs)
	if err != nil {
		t.Fatal(err)
	}
	w.Melds = append(w.Melds, kongs...)
	fl, err := mjsolve.ParseTiles(c.flowers)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range fl {
		w.Flowers = append(w.Flowers, f.Bonus())
	}
	r := tw16.Competition()
	for _, word := range strings.Fields(c.sit) {
		key, val, _ := strings.Cut(word, "=")
		switch key {
		case "self":
			w.SelfDrawn = true
		case "dealer":
			w.Dealer = true
		case "last":
			w.LastTile = true
		case "kong":
			w.AfterKong = true
		case "rob":
			w.RobKong = true
		case "discdealer":
			w.DiscarderIsDealer = true
		case "seat", "round":
			var k mjsolve.Kind
			if err := k.UnmarshalText([]byte(val)); err != nil {
				t.Fatal(err)
			}
			if key == "seat" {
				w.Seat = k
			} else {
				w.Round = k
			}
		case "streak":
			w.DealerStreak, _ = strconv.Atoi(val)
		case "first":
			if w.FirstTurn, err = tw16.ParseFirstTurn(val); err != nil {
				t.Fatal(err)
			}
		case "common":
			r = tw16.Common()
		case "pinghu-concealed":
			r.PingHuConcealed = true
		default:
			t.Fatalf("unknown situation word %q", word)
		}
	}
	return w, r
}

func itemsString(items []tw16.Item) string {
	parts := make([]string, len(items))
	for i, it := range items {
		parts[i] = it.String()
	}
	return strings.Join(parts, ", ")
}

// The base hand of most cases: an exposed pong of 1p, 456m 789p 234s, the
// pair 55s and 67s waiting on 5s or 8s (two kinds: 555s can be 55s + 567s),
// won on 8s. It scores nothing by itself; each case changes one thing.
const (
	baseHand  = "456m 789p 234s 55s 67s"
	baseMeld  = "111p"
	baseWin   = "8s"
	concealed = "111p 456m 789p 234s 55s 67s" // the base hand with the pong concealed
)

// Each tai item of the appendix table has a case where it applies and one
// where it just does not.
var scoreCases = []scoreCase{
	{name: "base scores nothing", hand: baseHand, win: baseWin, melds: baseMeld, want: "", tai: 0},

	// 莊家 1; 連N拉N 2N (common rules).
	{name: "莊家", hand: baseHand, win: baseWin, melds: baseMeld, sit: "dealer", want: "莊家 1", tai: 1},
	{name: "莊家 not: non-dealer", hand: baseHand, win: baseWin, melds: baseMeld, sit: "discdealer", want: "", tai: 0},
	{name: "連2拉2", hand: baseHand, win: baseWin, melds: baseMeld, sit: "common dealer streak=2", want: "莊家 1, 連2拉2 4", tai: 5},
	{name: "連N拉N not: streak 0", hand: baseHand, win: baseWin, melds: baseMeld, sit: "common dealer streak=0", want: "莊家 1", tai: 1},

	// 自摸 1.
	{name: "自摸", hand: baseHand, win: baseWin, melds: baseMeld, sit: "self", want: "自摸 1", tai: 1},
	{name: "自摸 not: discard", hand: baseHand, win: baseWin, melds: baseMeld, want: "", tai: 0},

	// 門清 1: no chow, pong or exposed kong; a concealed kong is allowed.
	{name: "門清", hand: concealed, win: baseWin, want: "門清 1", tai: 1},
	{name: "門清 with a concealed kong", hand: baseHand, win: baseWin, kongs: "1111p", want: "門清 1", tai: 1},
	{name: "門清 not: exposed kong", hand: baseHand, win: baseWin, melds: "1111p", want: "", tai: 0},

	// 門清自摸 3 replaces 門清 and 自摸.
	{name: "門清自摸", hand: concealed, win: baseWin, sit: "self", want: "門清自摸 3", tai: 3},
	{name: "門清自摸 not: exposed pong", hand: baseHand, win: baseWin, melds: baseMeld, sit: "self", want: "自摸 1", tai: 1},

	// 三元台 1 per dragon triplet or kong.
	{name: "三元台", hand: baseHand, win: baseWin, melds: "555z", want: "三元台 1", tai: 1},
	{name: "三元台×2 with a kong", hand: "456m 789p 55s 67s", win: baseWin, melds: "555z 6666z", want: "三元台×2 2", tai: 2},
	{name: "三元台 not: dragon pair", hand: "456m 789p 234s 55z 67s", win: baseWin, melds: baseMeld, want: "", tai: 0},

	// 圈風台 1, 門風台 1.
	{name: "圈風台", hand: baseHand, win: baseWin, melds: "EEE", sit: "seat=S round=E", want: "圈風台 1", tai: 1},
	{name: "圈風台 not: South round", hand: baseHand, win: baseWin, melds: "EEE", sit: "seat=S round=S", want: "", tai: 0},
	{name: "門風台", hand: baseHand, win: baseWin, melds: "WWW", sit: "seat=W round=E", want: "門風台 1", tai: 1},
	{name: "門風台 not: North seat", hand: baseHand, win: baseWin, melds: "WWW", sit: "seat=N round=E", want: "", tai: 0},
	{name: "圈風台 and 門風台 on one triplet", hand: baseHand, win: baseWin, melds: "EEE", want: "圈風台 1, 門風台 1", tai: 2},
	{name: "門風台 concealed", hand: "456m 789p 234s 55s 67s NNN", win: baseWin, sit: "seat=N", want: "門清 1, 門風台 1", tai: 2},

	// 正花 1 per own flower (common rules).
	{name: "正花", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "1f", sit: "common", want: "正花 1", tai: 1},
	{name: "正花×2", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "15f", sit: "common", want: "正花×2 2", tai: 2},
	{name: "正花 not: South's flower", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "26f", sit: "common", want: "", tai: 0},
	{name: "正花 for North", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "48f", sit: "common seat=N", want: "正花×2 2", tai: 2},

	// 花槓 2 per set of four, 不計正花 of that set.
	{name: "花槓", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "1234f", sit: "common", want: "花槓 2", tai: 2},
	{name: "花槓 and 正花 of the other set", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "12345f", sit: "common", want: "正花 1, 花槓 2", tai: 3},
	{name: "花槓 not: three flowers", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "123f", sit: "common", want: "正花 1", tai: 1},
	{name: "花槓×2 in a normal win", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "12345678f", sit: "common", want: "花槓×2 4", tai: 4},

	// 獨聽 1: exactly one winning kind.
	{name: "獨聽 edge", hand: "456m 789p 234s 55s 89s", win: "7s", melds: baseMeld, want: "獨聽 1", tai: 1},
	{name: "獨聽 closed", hand: "456m 789p 234s 55s 79s", win: "8s", melds: baseMeld, want: "獨聽 1", tai: 1},
	{name: "獨聽 not: two-sided", hand: baseHand, win: baseWin, melds: baseMeld, want: "", tai: 0},
	{name: "獨聽 not: 4567 waits 4 and 7", hand: "456m 789p 234s 4567s", win: "7s", melds: baseMeld, want: "", tai: 0},
	// 23m waits on 1m and 4m; with all four 4m in a kong, only 1m is left.
	{name: "獨聽 not: 1112m won on 3m (邊張) also waits on 2m", hand: "1112m 456p 789p 234s 678s", win: "3m", want: "門清 1", tai: 1},
	{name: "獨聽 when the other kind is all held", hand: "23m 789p 99p 234s 567s", win: "1m", melds: "4444m", want: "獨聽 1", tai: 1},
	{name: "獨聽 not: the other kind is available", hand: "23m 789p 99p 234s 567s", win: "1m", melds: "5555m", want: "", tai: 0},

	// 搶槓 1.
	{name: "搶槓", hand: baseHand, win: baseWin, melds: baseMeld, sit: "rob", want: "搶槓 1", tai: 1},
	{name: "搶槓 not", hand: baseHand, win: baseWin, melds: baseMeld, want: "", tai: 0},

	// 槓上開花 1, adds to 自摸.
	{name: "槓上開花", hand: baseHand, win: baseWin, melds: "1111p", sit: "self kong", want: "自摸 1, 槓上開花 1", tai: 2},
	{name: "槓上開花 on a flower's replacement", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "2f", sit: "common self kong", want: "自摸 1, 槓上開花 1", tai: 2},
	{name: "槓上開花 not", hand: baseHand, win: baseWin, melds: baseMeld, sit: "self", want: "自摸 1", tai: 1},

	// 河底撈魚 1 on a discard, 海底撈月 1 on a draw (adds to 自摸).
	{name: "河底撈魚", hand: baseHand, win: baseWin, melds: baseMeld, sit: "last", want: "河底撈魚 1", tai: 1},
	{name: "河底撈魚 not: self-drawn", hand: baseHand, win: baseWin, melds: baseMeld, sit: "last self", want: "自摸 1, 海底撈月 1", tai: 2},
	{name: "海底撈月", hand: baseHand, win: baseWin, melds: baseMeld, sit: "self last", want: "自摸 1, 海底撈月 1", tai: 2},
	{name: "海底撈月 not: not the last tile", hand: baseHand, win: baseWin, melds: baseMeld, sit: "self", want: "自摸 1", tai: 1},

	// 全求人 2: one tile left, all melds claimed, won on a discard (a
	// single wait, so 獨聽 too).
	{name: "全求人", hand: "5s", win: "5s", melds: "123m 111p 789p 234s 678s", want: "獨聽 1, 全求人 2", tai: 3},
	{name: "全求人 not: self-drawn", hand: "5s", win: "5s", melds: "123m 111p 789p 234s 678s", sit: "self", want: "自摸 1, 獨聽 1", tai: 2},
	{name: "全求人 not: a concealed kong", hand: "5s", win: "5s", melds: "123m 111p 789p 234s", kongs: "6666s", want: "獨聽 1", tai: 1},

	// 平胡 2: no honor, no flower, five sequences, two-sided, not self-drawn.
	{name: "平胡", hand: baseHand, win: baseWin, melds: "123p", want: "平胡 2", tai: 2},
	{name: "平胡 concealed", hand: "123p 456m 789p 234s 55s 67s", win: baseWin, want: "門清 1, 平胡 2", tai: 3},
	{name: "平胡 not: self-drawn", hand: baseHand, win: baseWin, melds: "123p", sit: "self", want: "自摸 1", tai: 1},
	{name: "平胡 not: edge wait", hand: "456m 789p 234s 55s 89s", win: "7s", melds: "123p", want: "獨聽 1", tai: 1},
	{name: "平胡 not: honor pair", hand: "456m 789p 234s EE 67s", win: baseWin, melds: "123p", want: "", tai: 0},
	{name: "平胡 not: a flower", hand: baseHand, win: baseWin, melds: "123p", flowers: "2f", sit: "common", want: "", tai: 0},
	{name: "平胡 not: pong", hand: baseHand, win: baseWin, melds: baseMeld, want: "", tai: 0},
	{name: "平胡 not: exposed under pinghu-concealed", hand: baseHand, win: baseWin, melds: "123p", sit: "pinghu-concealed", want: "", tai: 0},
	// 23456s + 55s waits on 1s, 4s and 7s; 4s completes 234s or 456s, both two-sided.
	{name: "平胡 on a two-sided win among several shapes", hand: "456m 789p 55s 23456s", win: "4s", melds: "123p", want: "平胡 2", tai: 2},

	// 三暗刻 2, 四暗刻 5, 五暗刻 8: concealed triplets, concealed kongs
	// included, a triplet completed by a discard excluded.
	{name: "三暗刻", hand: "111m 555m 999p 234s 55s 67s", win: baseWin, want: "門清 1, 三暗刻 2", tai: 3},
	{name: "三暗刻 not: third triplet on a discard", hand: "111m 555m 99p 234s 678s 55s", win: "9p", want: "門清 1", tai: 1},
	{name: "三暗刻 self-drawn third triplet", hand: "111m 555m 99p 234s 678s 55s", win: "9p", sit: "self", want: "門清自摸 3, 三暗刻 2", tai: 5},
	// 1111m23m: the discarded 1m can complete 123m, keeping 111m concealed.
	{name: "三暗刻 with the discard in a sequence", hand: "11123m 555m 999p 789s 55s", win: "1m", want: "門清 1, 三暗刻 2", tai: 3},
	{name: "三暗刻 with a concealed kong", hand: "555m 999p 234s 55s 67s", win: baseWin, kongs: "1111m", want: "門清 1, 三暗刻 2", tai: 3},
	{name: "三暗刻 not: the kong is exposed", hand: "555m 999p 234s 55s 67s", win: baseWin, melds: "1111m", want: "", tai: 0},
	{name: "四暗刻", hand: "111m 555m 999p 222s 789s 5s", win: "5s", want: "門清 1, 獨聽 1, 四暗刻 5", tai: 7},
	{name: "四暗刻 not: fourth triplet on a discard", hand: "111m 555m 999p 22s 678s 55s", win: "2s", want: "門清 1, 三暗刻 2", tai: 3},
	{name: "五暗刻", hand: "111m 555m 999p 222s 888s 5s", win: "5s", sit: "self", want: "門清自摸 3, 獨聽 1, 五暗刻 8, 對對胡 4", tai: 16},
	{name: "五暗刻 not: fifth triplet on a discard", hand: "111m 555m 999p 222s 88s 55s", win: "8s", want: "門清 1, 四暗刻 5, 對對胡 4", tai: 10},
	{name: "五暗刻 with a concealed kong", hand: "555m 999p 222s 888s 5s", win: "5s", kongs: "1111m", sit: "self", want: "門清自摸 3, 獨聽 1, 五暗刻 8, 對對胡 4", tai: 16},

	// 對對胡 4.
	{name: "對對胡", hand: "999p 777m 5s", win: "5s", melds: "111p 222m 333s", want: "獨聽 1, 對對胡 4", tai: 5},
	{name: "對對胡 not: a sequence", hand: "789p 777m 5s", win: "5s", melds: "111p 222m 333s", want: "獨聽 1", tai: 1},

	// 混一色 4, 清一色 8.
	{name: "混一色", hand: "123m 456m 234m 55m 67m", win: "8m", melds: "NNN", want: "混一色 4", tai: 4},
	{name: "混一色 not: a second suit", hand: "123m 456m 234p 55m 67m", win: "8m", melds: "NNN", want: "", tai: 0},
	{name: "清一色", hand: "234m 456m 789m 55m 67m", win: "8m", melds: "111m", want: "清一色 8", tai: 8},
	{name: "清一色 not: an honor", hand: "234m 456m 789m 55m 67m", win: "8m", melds: "NNN", want: "混一色 4", tai: 4},

	// 小三元 4 and 大三元 8, 不計三元台.
	{name: "小三元", hand: "123m 456p 77z 67s", win: "8s", melds: "555z 666z", want: "小三元 4", tai: 4},
	{name: "小三元 not: wind pair", hand: "123m 456p NN 67s", win: "8s", melds: "555z 666z", want: "三元台×2 2", tai: 2},
	{name: "大三元", hand: "123m 55p 67s", win: "8s", melds: "555z 666z 777z", want: "大三元 8", tai: 8},
	{name: "大三元 not: dragon pair", hand: "123m 77z 67s", win: "8s", melds: "555z 666z 555p", want: "小三元 4", tai: 4},

	// 小四喜 8 and 大四喜 16, 不計風台.
	{name: "小四喜", hand: "123m 44z 67s", win: "8s", melds: "EEE SSS WWW", sit: "round=S", want: "小四喜 8", tai: 8},
	{name: "小四喜 not: dragon pair", hand: "123m 55z 67s", win: "8s", melds: "EEE SSS WWW", sit: "round=S", want: "圈風台 1, 門風台 1", tai: 2},
	{name: "大四喜", hand: "5m", win: "5m", melds: "EEE SSS WWW NNN 999m", want: "獨聽 1, 全求人 2, 對對胡 4, 混一色 4, 大四喜 16", tai: 27},
	{name: "大四喜 not: a sequence", hand: "NN 45m 999m", win: "6m", melds: "EEE SSS WWW", want: "混一色 4, 小四喜 8", tai: 12},

	// 字一色 (16), with 對對胡 and the dragon and wind items.
	{name: "字一色", hand: "666z NN WW", win: "N", melds: "EEE SSS 555z", sit: "seat=S round=S",
		want: "三元台×2 2, 對對胡 4, 小四喜 8, 字一色 16", tai: 30},
	{name: "字一色 not: a numbered pair", hand: "666z NN 11m", win: "N", melds: "EEE SSS 555z", sit: "seat=S round=S",
		want: "三元台×2 2, 圈風台 1, 門風台 1, 對對胡 4, 混一色 4", tai: 12},

	// 七搶一 8 and 八仙過海 8 (flower wins, common rules).
	{name: "七搶一", hand: baseHand, win: "8f", melds: baseMeld, flowers: "1234567f", sit: "common", want: "七搶一 8", tai: 8},
	{name: "七搶一 not: normal win with seven flowers", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "1234567f", sit: "common", want: "正花 1, 花槓 2", tai: 3},
	{name: "八仙過海", hand: baseHand, win: "1f", melds: baseMeld, flowers: "2345678f", sit: "common self dealer streak=1", want: "莊家 1, 連1拉1 2, 八仙過海 8", tai: 11},
	{name: "八仙過海 not: seven flowers drawn", hand: baseHand, win: baseWin, melds: baseMeld, flowers: "2345678f", sit: "common self", want: "自摸 1, 花槓 2", tai: 3},

	// 天胡 16: drops 門清, 自摸, 門清自摸, 獨聽, 槓上開花.
	{name: "天胡", hand: concealed, win: baseWin, sit: "dealer self first=tianhu", want: "莊家 1, 天胡 16", tai: 17},
	{name: "天胡 drops 獨聽 and 槓上開花", hand: "111p 456m 789p 234s 55s 89s", win: "7s", flowers: "2f", sit: "common dealer self kong first=tianhu", want: "莊家 1, 天胡 16", tai: 17},
	{name: "天胡 not", hand: concealed, win: baseWin, sit: "dealer self", want: "莊家 1, 門清自摸 3", tai: 4},
	{name: "天胡 keeps the rest", hand: "111m 555m 999p 222s 888s 5s", win: "5s", sit: "dealer self first=tianhu", want: "莊家 1, 五暗刻 8, 對對胡 4, 天胡 16", tai: 29},

	// 地胡 16: drops 自摸, 門清, 門清自摸.
	{name: "地胡", hand: concealed, win: baseWin, sit: "self first=dihu", want: "地胡 16", tai: 16},
	{name: "地胡 keeps 獨聽", hand: "111p 456m 789p 234s 55s 89s", win: "7s", sit: "self first=dihu", want: "獨聽 1, 地胡 16", tai: 17},
	{name: "地胡 not", hand: concealed, win: baseWin, sit: "self", want: "門清自摸 3", tai: 3},

	// 人胡 16: drops 門清.
	{name: "人胡", hand: concealed, win: baseWin, sit: "first=renhu", want: "人胡 16", tai: 16},
	{name: "人胡 not", hand: concealed, win: baseWin, want: "門清 1", tai: 1},

	// 地聽 (8): drops 門清 (and so 門清自摸).
	{name: "地聽", hand: concealed, win: baseWin, sit: "first=diting", want: "地聽 8", tai: 8},
	{name: "地聽 self-drawn", hand: concealed, win: baseWin, sit: "self first=diting", want: "自摸 1, 地聽 8", tai: 9},
	{name: "地聽 with a concealed kong", hand: baseHand, win: baseWin, kongs: "1111p", sit: "first=diting", want: "地聽 8", tai: 8},
	{name: "地聽 not", hand: concealed, win: baseWin, sit: "self", want: "門清自摸 3", tai: 3},
}

func TestScoreItems(t *testing.T) {
	for _, c := range scoreCases {
		t.Run(c.name, func(t *testing.T) {
			w, r := mkWin(t, c)
			res, err := tw16.Score(w, r)
			if err != nil {
				t.Fatal(err)
			}
			if res.Items == nil {
				t.Error("Items is nil (JSON null)")
			}
			if got := itemsString(res.Items); got != c.want || res.Tai != c.tai {
				t.Errorf("items %q, %d tai; want %q, %d tai (arrangement %+v)", got, res.Tai, c.want, c.tai, res.Arrangement)
			}
		})
	}
}

// TestEveryItemTested checks that each item of the table has a case where
// it applies and a case, named after it, where it does not.
func TestEveryItemTested(t *testing.T) {
	applies := map[tw16.ItemID]bool{}
	notCase := map[string]bool{}
	for _, c := range scoreCases {
		w, r := mkWin(t, c)
		res, err := tw16.Score(w, r)
		if err != nil {
			continue
		}
		for _, it := range res.Items {
			applies[it.ID] = true
		}
		if name, _, ok := strings.Cut(c.name, " not"); ok {
			notCase[name] = true
		}
	}
	for id := range tw16.NumItems {
		if !applies[id] {
			t.Errorf("no case where %s (%s) applies", id.Chinese(), id)
		}
		name := id.Chinese()
		if id == tw16.ItemDealerStreak {
			name = "連N拉N"
		}
		if !notCase[name] {
			t.Errorf("no case %q where %s just does not apply", name+" not…", id)
		}
	}
}

func TestScoreErrors(t *testing.T) {
	for _, c := range []struct {
		sc   scoreCase
		want string
	}{
		{scoreCase{hand: baseHand, win: "9s", melds: baseMeld},
			"tw16: not a winning hand: 456m789p2345567s with 9s does not split into 4 sets and a pair"},
		{scoreCase{hand: "456m 789p 234s 55s 6s", win: baseWin, melds: baseMeld},
			"tw16: hand has 12 tiles; with 1 meld it needs 13 before the winning tile"},
		{scoreCase{hand: "456m 55s 6s", win: baseWin, melds: "123p 456p 789p 111s"},
			"tw16: hand has 6 tiles; with 4 melds it needs 4 before the winning tile"},
		{scoreCase{hand: "1234m", win: "9m", melds: "123p 456p 789p 111s"},
			"tw16: not a winning hand: 1234m with 9m does not split into 1 set and a pair"},
		{scoreCase{hand: "1m", win: "2m", melds: "123p 456p 789p 111s"},
			"tw16: hand has 1 tile; with 4 melds it needs 4 before the winning tile"},
		{scoreCase{hand: "555m 789p 234s 55s 67s", win: baseWin, melds: "555m"},
			"tw16: 6 copies of 5m counting the melds and the winning tile (at most 4)"},
		{scoreCase{hand: baseHand, win: "5s", melds: "555s"},
			"tw16: 6 copies of 5s counting the melds and the winning tile (at most 4)"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, flowers: "1f"},
			"tw16: the competition rules play without flowers (136 tiles)"},
		{scoreCase{hand: baseHand, win: "8f", melds: baseMeld},
			"tw16: the competition rules play without flowers (136 tiles)"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "dealer streak=1"},
			"tw16: the competition rules have no consecutive dealing (dealer streak 1)"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "common streak=-1"},
			"tw16: negative dealer streak -1"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "kong"},
			"tw16: a win after a kong (槓上開花) is self-drawn"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "common dealer streak=1001"},
			"tw16: dealer streak 1001 is over 1000"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "self kong"},
			"tw16: a win after a kong (槓上開花) needs a kong among the melds or a flower set aside"},
		{scoreCase{hand: concealed, win: baseWin, sit: "self kong first=dihu"},
			"tw16: a win after a kong (槓上開花) needs a kong among the melds or a flower set aside"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "rob self"},
			"tw16: robbing a kong (搶槓) is not a self-drawn win"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "rob last"},
			"tw16: robbing a kong (搶槓) cannot be on the last tile"},
		{scoreCase{hand: baseHand, win: "5s", melds: baseMeld, sit: "rob"},
			"tw16: robbing a kong of 5s needs the other three 5s in another player's pong, but the hand holds 2"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "dealer discdealer"},
			"tw16: the discarder can be the dealer only on a non-dealer's win by discard"},
		{scoreCase{hand: concealed, win: baseWin, sit: "self first=tianhu"},
			"tw16: 天胡 (tianhu) is the dealer's self-drawn win with no meld and no concealed kong"},
		{scoreCase{hand: baseHand, win: baseWin, kongs: "1111p", sit: "dealer self first=tianhu"},
			"tw16: 天胡 (tianhu) is the dealer's self-drawn win with no meld and no concealed kong"},
		{scoreCase{hand: concealed, win: baseWin, sit: "dealer self first=dihu"},
			"tw16: 地胡 (dihu) is a non-dealer's self-drawn win with no meld or kong"},
		{scoreCase{hand: concealed, win: baseWin, sit: "self first=renhu"},
			"tw16: 人胡 (renhu) is a non-dealer's win on a discard with no meld or kong"},
		{scoreCase{hand: concealed, win: baseWin, sit: "first=renhu last"},
			"tw16: renhu is in the first go-round: no last tile, no robbing a kong"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "first=diting"},
			"tw16: 地聽 (diting) allows no chow, pong or exposed kong"},
		{scoreCase{hand: baseHand, win: "8f", melds: baseMeld, flowers: "123456f", sit: "common"},
			"tw16: a flower win needs the other seven flowers (七搶一, 八仙過海); have 6 of them"},
		{scoreCase{hand: baseHand, win: "8f", melds: baseMeld, flowers: "1234567f", sit: "common last"},
			"tw16: a flower win takes no other situation (last tile, after kong, robbing a kong, first turn)"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, flowers: "11f", sit: "common"},
			"tw16: flower 1f (梅) given twice"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "seat=C"},
			"tw16: seat wind 5z is not a wind"},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "round=1m"},
			"tw16: round wind 1m is not a wind"},
	} {
		w, r := mkWin(t, c.sc)
		_, err := tw16.Score(w, r)
		if err == nil || err.Error() != c.want {
			t.Errorf("%+v: error %v\nwant %s", c.sc, err, c.want)
		}
	}
}

// A concealed part built in Go with a fifth copy is refused with one
// package prefix, not "tw16: hand: mjsolve: …".
func TestScoreFifthCopyInHand(t *testing.T) {
	w, r := mkWin(t, scoreCase{hand: concealed, win: baseWin})
	w.Concealed[mjsolve.Kind(0)] = 5
	_, err := tw16.Score(w, r)
	if want := "tw16: hand: 5 copies of 1m (at most 4)"; err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

func TestScorePayments(t *testing.T) {
	for _, c := range []struct {
		name   string
		sc     scoreCase
		tai    int
		pays   string // payer:count×points(tai) …
		points int
	}{
		// The MJTalk referee's log (thesis figure 4-4): the dealer (player 2)
		// wins on player 3's 271 (7s) with "/hu 2 271 112 123 132 161 162 221
		// 231 241 260 280 341 342 343" and "pong:320 323 321" (TIDs: suit 1
		// 萬, 2 條, 3 筒): 123m 66m 234s 6s8s 444p and an exposed 222p,
		// 嵌張 on 7s; "牌型: 獨聽一台", "/exit 0 2000 -2000 0".
		{"the referee's log: dealer wins 獨聽 on a discard", scoreCase{hand: "123m 66m 234s 68s 444p", win: "7s", melds: "222p", sit: "dealer"},
			2, "discarder:1×2000(2)", 2000},
		{"dealer wins 獨聽 on a discard", scoreCase{hand: "456m 789p 234s 55s 89s", win: "7s", melds: baseMeld, sit: "dealer"},
			2, "discarder:1×2000(2)", 2000},
		// The thesis: 平胡, 2 tai, 1000 + 500×2 = 2000.
		{"平胡 on a discard", scoreCase{hand: baseHand, win: baseWin, melds: "123p"}, 2, "discarder:1×2000(2)", 2000},
		{"dealer self-drawn", scoreCase{hand: concealed, win: baseWin, sit: "dealer self"}, 4, "each:3×3000(4)", 9000},
		{"non-dealer self-drawn", scoreCase{hand: concealed, win: baseWin, sit: "self"}, 3,
			"dealer:1×3000(4) non-dealer:2×2500(3)", 8000},
		{"non-dealer self-drawn, dealer streak 2", scoreCase{hand: concealed, win: baseWin, sit: "common self streak=2"}, 3,
			"dealer:1×5000(8) non-dealer:2×2500(3)", 10000},
		{"dealer discards, streak 2", scoreCase{hand: concealed, win: baseWin, sit: "common discdealer streak=2"}, 1,
			"dealer:1×4000(6)", 4000},
		{"dealer wins, streak 2", scoreCase{hand: concealed, win: baseWin, sit: "common dealer streak=2"}, 6,
			"discarder:1×4000(6)", 4000},
		{"八仙過海 is paid like a self-draw", scoreCase{hand: baseHand, win: "8f", melds: baseMeld, flowers: "1234567f", sit: "common self"}, 8,
			"dealer:1×5500(9) non-dealer:2×5000(8)", 15500},
		{"七搶一 is paid by the robbed player", scoreCase{hand: baseHand, win: "8f", melds: baseMeld, flowers: "1234567f", sit: "common discdealer"}, 8,
			"dealer:1×5500(9)", 5500},
	} {
		w, r := mkWin(t, c.sc)
		res, err := tw16.Score(w, r)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		var pays []string
		for _, p := range res.Payments {
			pays = append(pays, fmt.Sprintf("%s:%d×%d(%d)", p.Payer, p.Count, p.Points, p.Tai))
		}
		if got := strings.Join(pays, " "); res.Tai != c.tai || got != c.pays || res.Points != c.points {
			t.Errorf("%s: %d tai, %s = %d; want %d tai, %s = %d", c.name, res.Tai, got, res.Points, c.tai, c.pays, c.points)
		}
	}
}

// TestScoreArrangement checks the chosen arrangement of hands where the
// choice matters.
func TestScoreArrangement(t *testing.T) {
	for _, c := range []struct {
		sc   scoreCase
		want string // sets (* = completed by the winning tile, c = concealed triplet), pair, wait
	}{
		// The discarded 1m completes 123m, keeping 111m concealed.
		{scoreCase{hand: "11123m 555m 999p 789s 55s", win: "1m"}, "111m(c) 123m* 555m(c) 999p(c) 789s | 55s | two-sided"},
		// 111222333m may be three triplets (三暗刻 2 when concealed) or three
		// sequences; the triplets score more. 89s waits on 7s only: edge.
		{scoreCase{hand: "111222333m 456p 89s 55s", win: "7s"}, "111m(c) 222m(c) 333m(c) 456p 789s* | 55s | edge"},
		// Self-drawn, the 3m completing 333m keeps it concealed.
		{scoreCase{hand: "11122233m 456p 789s 55s", win: "3m", sit: "self"}, "111m(c) 222m(c) 333m(c)* 456p 789s | 55s | dual-pong"},
		// On a discard the 3m leaves only two concealed triplets: no better
		// than 123m×3, which comes first (ties go to the first arrangement).
		{scoreCase{hand: "11122233m 456p 789s 55s", win: "3m"}, "123m* 123m 123m 456p 789s | 55s | edge"},
		{scoreCase{hand: "5s", win: "5s", melds: "123m 111p 789p 234s", kongs: "6666s"}, "(123m) (111p) (789p) (234s) [6666s](c) | 55s* | single"},
	} {
		w, r := mkWin(t, c.sc)
		res, err := tw16.Score(w, r)
		if err != nil {
			t.Errorf("%+v: %v", c.sc, err)
			continue
		}
		// Arrangement.String, with (c) after each concealed triplet and the
		// pair and the wait apart.
		a := res.Arrangement
		parts := strings.Fields(a.String())
		for i, s := range a.Sets {
			if s.Meld.IsTriplet() && s.Concealed {
				p, won := strings.CutSuffix(parts[i], "*")
				parts[i] = p + "(c)"
				if won {
					parts[i] += "*"
				}
			}
		}
		ps, parts := parts[len(parts)-1], parts[:len(parts)-1]
		got := strings.Join(parts, " ") + " | " + ps + " | " + a.Wait.String()
		if got != c.want {
			t.Errorf("%s + %s: arrangement %q, want %q (items %s)", c.sc.hand, c.sc.win, got, c.want, itemsString(res.Items))
		}
	}
}

func TestItemJSON(t *testing.T) {
	items := []tw16.Item{{ID: tw16.ItemDealerStreak, Count: 2, Tai: 4}, {ID: tw16.ItemDragonTriplet, Count: 2, Tai: 2}}
	b, err := json.Marshal(items)
	want := `[{"id":"dealer-streak","name":"連2拉2","english":"dealer's consecutive deals","count":2,"tai":4},` +
		`{"id":"dragon-triplet","name":"三元台","english":"dragon triplet","count":2,"tai":2}]`
	if err != nil || string(b) != want {
		t.Fatalf("JSON %s (%v), want %s", b, err, want)
	}
	var back []tw16.Item
	if err := json.Unmarshal(b, &back); err != nil || !slices.Equal(back, items) {
		t.Errorf("round trip %v (%v)", back, err)
	}
	for id := range tw16.NumItems {
		var got tw16.ItemID
		if b, _ := id.MarshalText(); got.UnmarshalText(b) != nil || got != id || id.Chinese() == "" || id.English() == "" {
			t.Errorf("item %d: text %q", id, b)
		}
	}
	if (tw16.Item{ID: tw16.ItemDragonTriplet, Count: 2, Tai: 2}).String() != "三元台×2 2" {
		t.Error("Item.String")
	}
}

func TestRulesByName(t *testing.T) {
	for _, name := range tw16.RuleNames() {
		r, err := tw16.RulesByName(name)
		if err != nil || r.Name != name {
			t.Errorf("RulesByName(%q) = %+v, %v", name, r, err)
		}
	}
	c := tw16.Competition()
	if c.Flowers || c.ConsecutiveDealing || c.Base != 1000 || c.PerTai != 500 {
		t.Errorf("competition rules %+v", c)
	}
	if _, err := tw16.RulesByName("hongkong"); err == nil || err.Error() != `tw16: unknown rules "hongkong" (want competition or common)` {
		t.Errorf("unknown rules error %v", err)
	}
}

func TestParseFirstTurn(t *testing.T) {
	for in, want := range map[string]tw16.FirstTurn{"": tw16.NotFirstTurn, "none": tw16.NotFirstTurn, "tianhu": tw16.HeavenlyHand,
		"天胡": tw16.HeavenlyHand, "Earthly": tw16.EarthlyHand, "人胡": tw16.HumanHand, "diting": tw16.EarthlyReady} {
		if got, err := tw16.ParseFirstTurn(in); err != nil || got != want {
			t.Errorf("ParseFirstTurn(%q) = %v, %v", in, got, err)
		}
	}
	if _, err := tw16.ParseFirstTurn("first"); err == nil {
		t.Error("ParseFirstTurn(first) is no error")
	}
}

// TestFirstTurnNames: every name listed parses to the situation whose
// String it is, and the error for an unknown one lists them.
func TestFirstTurnNames(t *testing.T) {
	names := tw16.FirstTurnNames()
	if !slices.Equal(names, []string{"tianhu", "dihu", "renhu", "diting"}) {
		t.Fatalf("FirstTurnNames() = %q", names)
	}
	for i, n := range names {
		if f, err := tw16.ParseFirstTurn(n); err != nil || f != tw16.FirstTurn(i+1) || f.String() != n {
			t.Errorf("ParseFirstTurn(%q) = %v, %v", n, f, err)
		}
	}
	if _, err := tw16.ParseFirstTurn("First"); err == nil || err.Error() != `tw16: unknown first-turn situation "First" (want tianhu, dihu, renhu or diting)` {
		t.Errorf("ParseFirstTurn(First): %v", err)
	}
}

// FuzzScore feeds Score arbitrary hands, melds, flowers and situations: it
// must not panic, and a result must add up.
func FuzzScore(f *testing.F) {
	f.Add(concealed, "8s", "", "", "", uint16(0))
	f.Add(baseHand, "8s", baseMeld, "", "15f", uint16(0x1ff))
	f.Add("5s", "5s", "123m 111p 789p 234s 678s", "", "", uint16(1))
	f.Add("666z NN WW", "N", "EEE SSS 555z", "", "", uint16(0))
	f.Add(baseHand, "8f", baseMeld, "", "1234567f", uint16(0x101))
	f.Add("555m 999p 222s 888s 5s", "5s", "", "1111m", "", uint16(3))
	f.Fuzz(func(t *testing.T, hand, win, melds, kongs, flowers string, bits uint16) {
		c, err := mjsolve.ParseCounts(hand)
		if err != nil {
			return
		}
		tiles, err := mjsolve.ParseTiles(win)
		if err != nil || len(tiles) != 1 {
			return
		}
		ms, err := tw16.ParseMelds(melds)
		if err != nil {
			return
		}
		ks, err := tw16.ParseConcealedKongs(kongs)
		if err != nil {
			return
		}
		fl, err := mjsolve.ParseTiles(flowers)
		if err != nil {
			return
		}
		w := tw16.Win{Concealed: c, Tile: tiles[0], Melds: append(ms, ks...)}
		for _, t := range fl {
			if t.IsBonus() {
				w.Flowers = append(w.Flowers, t.Bonus())
			}
		}
		w.SelfDrawn, w.LastTile, w.AfterKong, w.RobKong = bits&1 != 0, bits&2 != 0, bits&4 != 0, bits&8 != 0
		w.Dealer, w.DiscarderIsDealer = bits&16 != 0, bits&32 != 0
		w.FirstTurn = tw16.FirstTurn(bits >> 6 & 7)
		w.Seat, w.Round = mjsolve.East+mjsolve.Kind(bits>>9&3), mjsolve.East+mjsolve.Kind(bits>>11&3)
		w.DealerStreak = int(bits >> 13 & 3)
		r := tw16.Common()
		if bits>>15 != 0 {
			r = tw16.Competition()
		}
		res, err := tw16.Score(w, r)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "tw16: ") {
				t.Errorf("error %q without the package prefix", err)
			}
			return
		}
		sum, paid := 0, 0
		for _, it := range res.Items {
			if it.Tai <= 0 || it.Count <= 0 {
				t.Errorf("item %v", it)
			}
			sum += it.Tai
		}
		for _, p := range res.Payments {
			paid += p.Count * p.Points
		}
		if sum != res.Tai || paid != res.Points {
			t.Errorf("items add to %d, tai %d; payments add to %d, points %d", sum, res.Tai, paid, res.Points)
		}
		if !w.Tile.IsBonus() {
			// The brute-force scorer of score_brute_test.go agrees.
			tai, bests := bScore(&w, &r)
			match := false
			for _, b := range bests {
				match = match || fmtItems(b) == fmtItems(resultItems(res))
			}
			if tai != res.Tai || !match || bPoints(&w, &r, tai) != res.Points {
				t.Errorf("Score: %d tai %s, %d points; brute force: %d tai %s, %d points",
					res.Tai, fmtItems(resultItems(res)), res.Points, tai, fmtItems(bests[0]), bPoints(&w, &r, tai))
			}
		}
		if a := res.Arrangement; a != nil {
			var got mjsolve.Counts
			for _, s := range a.Sets {
				got.AddCounts(s.Meld.Counts())
			}
			got[a.Pair] += 2
			want := w.Concealed
			want.Add(w.Tile.Kind())
			want.AddCounts(tw16.MeldCounts(w.Melds))
			if got != want || len(a.Sets) != tw16.MaxSets {
				t.Errorf("arrangement %+v holds %s, the hand %s", a, got, want)
			}
		}
	})
}

var scoreSink tw16.Result

// BenchmarkScore scores a hand with several decompositions (111222333m is
// three triplets or three sequences).
func BenchmarkScore(b *testing.B) {
	w, r := mkWin(b, scoreCase{hand: "11122233m 456p 789s 55s", win: "3m", sit: "self"})
	b.ReportAllocs()
	for b.Loop() {
		res, err := tw16.Score(w, r)
		if err != nil {
			b.Fatal(err)
		}
		scoreSink = res
	}
}

// BenchmarkTai scores the same hand's tai alone: no allocation.
func BenchmarkTai(b *testing.B) {
	w, r := mkWin(b, scoreCase{hand: "11122233m 456p 789s 55s", win: "3m", sit: "self"})
	b.ReportAllocs()
	for b.Loop() {
		tai, err := tw16.Tai(&w, &r)
		if err != nil {
			b.Fatal(err)
		}
		scoreSink.Tai = tai
	}
}

// TestScoreStakeBounds: stakes that could overflow the points are refused.
func TestScoreStakeBounds(t *testing.T) {
	w, r := mkWin(t, scoreCase{hand: baseHand, win: baseWin, melds: baseMeld})
	for _, c := range []struct{ base, perTai int }{{-1, 500}, {1000, -1}, {tw16.MaxStake + 1, 500}, {1000, 1 << 62}} {
		r.Base, r.PerTai = c.base, c.perTai
		if _, err := tw16.Score(w, r); err == nil || !strings.Contains(err.Error(), "tw16: stake") {
			t.Errorf("base %d, per tai %d: error %v", c.base, c.perTai, err)
		}
	}
	r.Base, r.PerTai = tw16.MaxStake, tw16.MaxStake
	if res, err := tw16.Score(w, r); err != nil || res.Points != tw16.MaxStake {
		t.Errorf("the largest stake: %v, %v", res.Points, err)
	}
}

// TestCheckDealerStreakNilRules: nil rules are the zero Rules, as Score
// takes them: no consecutive dealing, so only a streak of 0 passes.
func TestCheckDealerStreakNilRules(t *testing.T) {
	for _, c := range []struct {
		n  int
		ok bool
	}{{0, true}, {1, false}, {-1, false}, {tw16.MaxDealerStreak + 1, false}} {
		err := tw16.CheckDealerStreak(c.n, nil)
		if (err == nil) != c.ok {
			t.Errorf("CheckDealerStreak(%d, nil) = %v, want ok %v", c.n, err, c.ok)
		}
		zero := tw16.CheckDealerStreak(c.n, &tw16.Rules{})
		if fmt.Sprint(err) != fmt.Sprint(zero) {
			t.Errorf("CheckDealerStreak(%d, nil) = %v, with the zero Rules %v", c.n, err, zero)
		}
	}
}

// TestUnnamedRulesErrors: the errors about rules without a Name (the zero
// Rules, nil rules, a profile a program built) say "these rules", not "the
// rules" with a blank where the name goes.
func TestUnnamedRulesErrors(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
	}{
		{tw16.CheckDealerStreak(1, nil), "tw16: these rules have no consecutive dealing (dealer streak 1)"},
		{tw16.CheckDealerStreak(1, &tw16.Rules{}), "tw16: these rules have no consecutive dealing (dealer streak 1)"},
	} {
		if fmt.Sprint(c.err) != c.want {
			t.Errorf("error %v, want %s", c.err, c.want)
		}
	}
	w, r := mkWin(t, scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, flowers: "1f"})
	r.Name = ""
	if _, err := tw16.Score(w, r); fmt.Sprint(err) != "tw16: these rules play without flowers (136 tiles)" {
		t.Errorf("Score with flowers under an unnamed profile without them: %v", err)
	}
	w, r = mkWin(t, scoreCase{hand: baseHand, win: baseWin, melds: baseMeld})
	r.Name = ""
	r.SetTai(tw16.ItemID(0), tw16.MaxItemTai+1)
	if _, err := tw16.Score(w, r); err == nil || !strings.HasPrefix(err.Error(), "tw16: these rules give ") {
		t.Errorf("Score under an unnamed profile giving too many tai: %v, want tw16: these rules give …", err)
	}
}
