package tw16_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/tw16"
)

// TestItemTable checks the table's shape: distinct keys and names, the
// table's tai, and exclusions that point to earlier items only (what lets
// Score decide them in one pass from the last item to the first).
func TestItemTable(t *testing.T) {
	keys, names := map[string]bool{}, map[string]bool{}
	for id := range tw16.NumItems {
		if keys[id.String()] || names[id.Chinese()] {
			t.Errorf("item %d: key %s or name %s given twice", id, id, id.Chinese())
		}
		keys[id.String()], names[id.Chinese()] = true, true
		if id.Tai() <= 0 {
			t.Errorf("%s: tai %d", id, id.Tai())
		}
		for _, x := range id.Excludes() {
			if x >= id {
				t.Errorf("%s excludes %s, which is not before it", id, x)
			}
		}
		for _, s := range []string{id.String(), strings.ToUpper(id.String()), id.Chinese()} {
			if got, err := tw16.ParseItem(s); err != nil || got != id {
				t.Errorf("ParseItem(%q) = %s, %v", s, got, err)
			}
		}
	}
	// The values as the appendix (麻將台數列表介紹) writes them.
	for _, c := range []struct {
		id    tw16.ItemID
		label string
		excl  string
	}{
		{tw16.ItemDealerStreak, "2N", ""},
		{tw16.ItemConcealedSelfDrawn, "3", "自摸 門清"},
		{tw16.ItemDragonTriplet, "1 each", ""},
		{tw16.ItemFlowerSet, "2 each", ""},
		{tw16.ItemFourConcealed, "5", "三暗刻"},
		{tw16.ItemFiveConcealed, "8", "三暗刻 四暗刻"},
		{tw16.ItemLittleWinds, "8", "圈風台 門風台"},
		{tw16.ItemSevenRobOne, "8", "正花 花槓"},
		{tw16.ItemEarthlyReady, "8", "門清 門清自摸"},
		{tw16.ItemAllHonors, "16", ""},
		{tw16.ItemHeavenlyHand, "16", "自摸 門清 門清自摸 獨聽 槓上開花"},
	} {
		var excl []string
		for _, x := range c.id.Excludes() {
			excl = append(excl, x.Chinese())
		}
		if got := c.id.TaiLabel(c.id.Tai()); got != c.label || strings.Join(excl, " ") != c.excl {
			t.Errorf("%s: tai %s excluding %q, want %s excluding %q", c.id, got, excl, c.label, c.excl)
		}
	}
	if _, err := tw16.ParseItem("pinghu"); err == nil || err.Error() != `tw16: unknown scoring item "pinghu"` {
		t.Errorf("ParseItem(pinghu): %v", err)
	}
}

// TestRulesTai checks that Tai reads what SetTai writes, through
// EarthlyReadyTai and AllHonorsTai for those two items.
func TestRulesTai(t *testing.T) {
	r := tw16.Competition()
	for id := range tw16.NumItems {
		if r.Tai(id) != id.Tai() {
			t.Errorf("competition: %s has %d tai, the table %d", id, r.Tai(id), id.Tai())
		}
	}
	r.SetTai(tw16.ItemEarthlyReady, 4)
	r.SetTai(tw16.ItemAllHonors, 8)
	r.SetTai(tw16.ItemPingHu, 3)
	if r.EarthlyReadyTai != 4 || r.AllHonorsTai != 8 || r.Tai(tw16.ItemEarthlyReady) != 4 || r.Tai(tw16.ItemPingHu) != 3 {
		t.Errorf("after SetTai: %+v, 平胡 %d", r, r.Tai(tw16.ItemPingHu))
	}
	if c := tw16.Competition(); c.Tai(tw16.ItemPingHu) != 2 {
		t.Errorf("SetTai on a copy changed the profile: 平胡 %d", c.Tai(tw16.ItemPingHu))
	}
}

// TestRulesOverride checks that tai set by Rules.SetTai change the score:
// the items' tai, which items count (0 takes an item out, so that it
// excludes nothing), the arrangement chosen, and the dealer's extra.
func TestRulesOverride(t *testing.T) {
	for _, c := range []struct {
		sc       scoreCase
		set      map[tw16.ItemID]int
		want     string
		tai      int
		arranged string // Arrangement.String, if not ""
	}{
		{scoreCase{hand: concealed, win: baseWin, sit: "self first=diting"}, map[tw16.ItemID]int{tw16.ItemEarthlyReady: 4}, "自摸 1, 地聽 4", 5, ""},
		{scoreCase{hand: baseHand, win: baseWin, melds: "123p"}, map[tw16.ItemID]int{tw16.ItemPingHu: 3}, "平胡 3", 3, ""},
		{scoreCase{hand: "456m 789p 55s 67s", win: baseWin, melds: "555z 6666z"}, map[tw16.ItemID]int{tw16.ItemDragonTriplet: 2}, "三元台×2 4", 4, ""},
		// Without 門清自摸 a concealed self-drawn hand has 門清 and 自摸.
		{scoreCase{hand: concealed, win: baseWin, sit: "self"}, map[tw16.ItemID]int{tw16.ItemConcealedSelfDrawn: 0}, "自摸 1, 門清 1", 2, ""},
		{scoreCase{hand: concealed, win: baseWin, sit: "self"}, map[tw16.ItemID]int{tw16.ItemConcealedSelfDrawn: 5}, "門清自摸 5", 5, ""},
		// Without 地聽, 門清 is no longer excluded.
		{scoreCase{hand: concealed, win: baseWin, sit: "first=diting"}, map[tw16.ItemID]int{tw16.ItemEarthlyReady: 0}, "門清 1", 1, ""},
		{scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "common dealer streak=2"}, map[tw16.ItemID]int{tw16.ItemDealerStreak: 3},
			"莊家 1, 連2拉2 6", 7, ""},
		// Three concealed triplets score more than three sequences, until
		// 三暗刻 scores nothing: then the first decomposition is kept.
		{scoreCase{hand: "111222333m 456p 89s 55s", win: "7s"}, nil, "門清 1, 獨聽 1, 三暗刻 2", 4, "111m 222m 333m 456p 789s* 55s"},
		{scoreCase{hand: "111222333m 456p 89s 55s", win: "7s"}, map[tw16.ItemID]int{tw16.ItemThreeConcealed: 0}, "門清 1, 獨聽 1", 2,
			"123m 123m 123m 456p 789s* 55s"},
	} {
		w, r := mkWin(t, c.sc)
		for id, tai := range c.set {
			r.SetTai(id, tai)
		}
		res, err := tw16.Score(w, r)
		if err != nil {
			t.Errorf("%+v with %v: %v", c.sc, c.set, err)
			continue
		}
		got := make([]string, len(res.Items))
		for i, it := range res.Items {
			got[i] = it.String()
		}
		if g := strings.Join(got, ", "); g != c.want || res.Tai != c.tai {
			t.Errorf("%s + %s %s with %v: %s = %d tai, want %s = %d", c.sc.hand, c.sc.win, c.sc.sit, c.set, g, res.Tai, c.want, c.tai)
		}
		if c.arranged != "" && res.Arrangement.String() != c.arranged {
			t.Errorf("%s + %s with %v: arrangement %s, want %s", c.sc.hand, c.sc.win, c.set, res.Arrangement, c.arranged)
		}
	}

	// The dealer pays a non-dealer the dealer items' tai more: 1 + 3·2.
	w, r := mkWin(t, scoreCase{hand: baseHand, win: baseWin, melds: baseMeld, sit: "common discdealer"})
	w.DealerStreak = 2
	r.SetTai(tw16.ItemDealerStreak, 3)
	res, err := tw16.Score(w, r)
	if err != nil || len(res.Payments) != 1 || res.Payments[0].Tai != 7 || res.Points != 1000+500*7 {
		t.Errorf("dealer pays with 連N拉N at 3: %+v, %v", res, err)
	}

	w, r = mkWin(t, scoreCase{hand: baseHand, win: baseWin, melds: baseMeld})
	r.SetTai(tw16.ItemPingHu, -1)
	if _, err := tw16.Score(w, r); err == nil || err.Error() != "tw16: the competition rules give 平胡 (ping-hu) -1 tai (want 0..10000)" {
		t.Errorf("negative tai: %v", err)
	}
}

// TestREADMEItems checks the table of the items in docs/tw16.md against the data:
// one row per item in table order, with its key, name, tai and exclusions
// (the last column, "when", is prose).
func TestREADMEItems(t *testing.T) {
	b, err := os.ReadFile("../docs/tw16.md")
	if err != nil {
		t.Fatal(err)
	}
	const header = "| key | item | tai | not counted with it (不計) | when |\n|---|---|---|---|---|\n"
	_, table, ok := strings.Cut(string(b), header)
	if !ok {
		t.Fatalf("docs/tw16.md has no table with the header %q", header)
	}
	var rows []string
	for _, line := range strings.Split(table, "\n") {
		if !strings.HasPrefix(line, "|") {
			break
		}
		rows = append(rows, line)
	}
	if len(rows) != int(tw16.NumItems) {
		t.Errorf("docs/tw16.md's table has %d rows, the items are %d", len(rows), tw16.NumItems)
	}
	for i, row := range rows {
		if i >= int(tw16.NumItems) {
			break
		}
		id := tw16.ItemID(i)
		var excl []string
		for _, x := range id.Excludes() {
			excl = append(excl, x.Chinese())
		}
		want := fmt.Sprintf("| `%s` | %s | %s | %s |", id, id.Chinese(), id.TaiLabel(id.Tai()), strings.Join(excl, " "))
		want = strings.ReplaceAll(want, "|  |", "| |")
		if !strings.HasPrefix(row, want+" ") {
			t.Errorf("docs/tw16.md row %d:\n%s\nwant it to begin\n%s", i+1, row, want)
		}
	}
}
