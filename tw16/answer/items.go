package answer

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mjsolve/mjsolve/tw16"
)

// Item is one item of the tai table under some rules, as listed.
type Item struct {
	ID       tw16.ItemID   `json:"id"`
	Name     string        `json:"name"`
	English  string        `json:"english"`
	Tai      int           `json:"tai"`
	Label    string        `json:"tai_label"`
	Excludes []tw16.ItemID `json:"excludes"`
}

// Items lists the items of the tai table in scoring order, with their tai
// under r.
func Items(r *tw16.Rules) []Item {
	items := make([]Item, 0, tw16.NumItems)
	for id := range tw16.NumItems {
		t := r.Tai(id)
		items = append(items, Item{id, id.Chinese(), id.English(), t, id.TaiLabel(t), id.Excludes()})
	}
	return items
}

// WriteItems writes the items for people: the rules, then one line per
// item with its key, Chinese name, tai, gloss and the items not counted
// with it (不計).
func WriteItems(w io.Writer, r *tw16.Rules) error {
	out := bufio.NewWriter(w)
	fmt.Fprintf(out, "rules: %s%s\n", r.Name, HouseRules(r))
	for _, it := range Items(r) {
		line := fmt.Sprintf("%s %s %s %s", Pad(it.ID.String(), 24), Pad(it.Name, 8), Pad(it.Label, 7), it.English)
		if len(it.Excludes) > 0 {
			names := make([]string, len(it.Excludes))
			for i, x := range it.Excludes {
				names[i] = x.Chinese()
			}
			line += "; 不計 " + strings.Join(names, " ")
		}
		fmt.Fprintln(out, line)
	}
	return out.Flush()
}

// RulesQuery names scoring rules as people give them: a profile by name,
// house values of items, and 平胡's concealed hand.
type RulesQuery struct {
	Profile         string   // competition or common (see tw16.RulesByName)
	Tai             []string // house tai of items: ITEM=TAI (see ParseItemTai)
	PingHuConcealed bool     // 平胡 needs a concealed hand (門清)
}

// Rules returns the rules q names: the profile with q's tai and 平胡 rule
// on top. Its errors are *[FieldError] about FieldRules or FieldRule.
func (q *RulesQuery) Rules() (tw16.Rules, error) {
	r, err := tw16.RulesByName(q.Profile)
	if err != nil {
		return r, fieldError(FieldRules, err)
	}
	for _, s := range q.Tai {
		id, tai, err := ParseItemTai(s)
		if err != nil {
			return r, fieldError(FieldRule, err)
		}
		r.SetTai(id, tai)
	}
	r.PingHuConcealed = r.PingHuConcealed || q.PingHuConcealed
	return r, nil
}

// ParseItemTai parses ITEM=TAI, a house value: an item by key or Chinese
// name and its tai. An unknown item is tw16.ParseItem's error; no "=" or a
// bad tai an [mjsolve.InputError] with Pkg "answer".
func ParseItemTai(s string) (tw16.ItemID, int, error) {
	name, val, ok := strings.Cut(s, "=")
	if !ok {
		return 0, 0, inputErrorf("%q: want ITEM=TAI, e.g. earthly-ready=4", s)
	}
	id, err := tw16.ParseItem(name)
	if err != nil {
		return 0, 0, err
	}
	tai, err := strconv.Atoi(strings.TrimSpace(val))
	if err != nil || tai < 0 || tai > tw16.MaxItemTai {
		return 0, 0, inputErrorf("%s: tai %q is not a whole number 0..%d", id, val, tw16.MaxItemTai)
	}
	return id, tai, nil
}
