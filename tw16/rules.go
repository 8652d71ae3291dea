package tw16

import (
	"strings"
)

// Rules are the settings a table agrees on before play that change scoring.
// Use a named profile (Competition, Common, RulesByName) and change fields
// as needed.
type Rules struct {
	// Name is the profile's name ("competition", "common").
	Name string
	// Flowers says whether the eight bonus tiles are in play (144 tiles
	// rather than 136). Without them, flowers in a hand are an error.
	Flowers bool
	// ConsecutiveDealing says whether a dealer who wins or draws deals again
	// and scores 連N拉N (2N more tai after N consecutive deals). Without it,
	// a dealer streak other than 0 is an error.
	ConsecutiveDealing bool
	// Base and PerTai give the points one paying player pays: Base + PerTai·tai.
	Base, PerTai int
	// EarthlyReadyTai is the tai of 地聽: the table gives 8 (or 4). It is
	// what Tai and SetTai read and write for ItemEarthlyReady.
	EarthlyReadyTai int
	// AllHonorsTai is the tai of 字一色: the table gives 16 (or 8). It is
	// what Tai and SetTai read and write for ItemAllHonors.
	AllHonorsTai int
	// PingHuConcealed makes 平胡 require a concealed hand (門清); the table
	// leaves this to the players ("可自行約定是否需門清").
	PingHuConcealed bool

	// taiSet are the items whose tai SetTai changed, to tai[id].
	taiSet itemSet
	tai    [NumItems]int
}

// MaxItemTai bounds the tai of one count of an item under the rules (see
// SetTai), so that points cannot overflow.
const MaxItemTai = 10000

// called names the rules in a message: "the competition rules", or "these
// rules" when they have no Name (the zero Rules, a profile a program built).
func (r *Rules) called() string {
	if r.Name == "" {
		return "these rules"
	}
	return "the " + r.Name + " rules"
}

// Tai returns the tai of one count of item id under the rules: the value
// SetTai gave it, or else the table's (ItemID.Tai); for 地聽 and 字一色 it
// is EarthlyReadyTai and AllHonorsTai.
func (r *Rules) Tai(id ItemID) int {
	switch {
	case id == ItemEarthlyReady:
		return r.EarthlyReadyTai
	case id == ItemAllHonors:
		return r.AllHonorsTai
	case id.Valid() && r.taiSet.has(id):
		return r.tai[id]
	}
	return id.Tai()
}

// SetTai sets the tai of one count of item id (house rules differ): for
// 連N拉N the tai per consecutive deal, for 三元台, 正花 and 花槓 the tai of
// each. A tai of 0 takes the item out of play: it is neither scored nor
// excludes other items, so with 門清自摸 at 0 a concealed self-drawn hand
// scores 門清 and 自摸. Score refuses a tai outside 0..MaxItemTai.
func (r *Rules) SetTai(id ItemID, tai int) {
	switch {
	case id == ItemEarthlyReady:
		r.EarthlyReadyTai = tai
	case id == ItemAllHonors:
		r.AllHonorsTai = tai
	case id.Valid():
		r.taiSet |= itemsOf(id)
		r.tai[id] = tai
	}
}

// Competition returns the rules of the ICGA/TCGA computer Mahjong
// competitions. They are those of the Cycgame platform, as the MJTalk
// referee thesis and the ICGA framework paper describe them: no flowers
// (136 tiles), no consecutive dealing (the deal rotates; the dealer scores
// 1 tai), 1000 points base and 500 per tai. Self-drawn wins collect from
// all three other players, a discarder pays alone.
func Competition() Rules {
	return Rules{
		Name:            "competition",
		Base:            1000,
		PerTai:          500,
		EarthlyReadyTai: ItemEarthlyReady.Tai(),
		AllHonorsTai:    ItemAllHonors.Tai(),
	}
}

// Common returns the rules commonly played at home tables in Taiwan. They
// use the 144 tiles with flowers, and consecutive dealing scoring 連N拉N (a
// dealer with a streak of N scores 2N+1 tai: 莊家 1 and 連N拉N 2N). There is no
// standard stake; the profile uses the competition's 1000 + 500 per tai,
// which callers change with Base and PerTai.
func Common() Rules {
	return Rules{
		Name:               "common",
		Flowers:            true,
		ConsecutiveDealing: true,
		Base:               1000,
		PerTai:             500,
		EarthlyReadyTai:    ItemEarthlyReady.Tai(),
		AllHonorsTai:       ItemAllHonors.Tai(),
	}
}

// RuleNames lists the named rule profiles.
func RuleNames() []string { return []string{"competition", "common"} }

// RulesByName returns the named rule profile (see RuleNames).
func RulesByName(name string) (Rules, error) {
	switch strings.ToLower(name) {
	case "competition":
		return Competition(), nil
	case "common":
		return Common(), nil
	}
	return Rules{}, inputErrorf("unknown rules %q (want %s)", name, strings.Join(RuleNames(), " or "))
}
