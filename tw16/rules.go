package tw16

import (
	"fmt"
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
	// EarthlyReadyTai is the tai of 地聽: the table gives 8 (or 4).
	EarthlyReadyTai int
	// AllHonorsTai is the tai of 字一色: the table gives 16 (or 8).
	AllHonorsTai int
	// PingHuConcealed makes 平胡 require a concealed hand (門清); the table
	// leaves this to the players ("可自行約定是否需門清").
	PingHuConcealed bool
}

// Competition returns the rules of the ICGA/TCGA computer Mahjong
// competitions (the Cycgame platform, as the MJTalk referee thesis and the
// ICGA framework paper describe them): no flowers (136 tiles), no
// consecutive dealing (the deal rotates; the dealer scores 1 tai), 1000
// points base and 500 per tai. Self-drawn wins collect from all three other
// players, a discarder pays alone.
func Competition() Rules {
	return Rules{
		Name:            "competition",
		Base:            1000,
		PerTai:          500,
		EarthlyReadyTai: 8,
		AllHonorsTai:    16,
	}
}

// Common returns the rules commonly played at home tables in Taiwan: the 144
// tiles with flowers, and consecutive dealing scoring 連N拉N (a dealer with a
// streak of N scores 2N+1 tai: 莊家 1 and 連N拉N 2N). There is no standard
// stake; the profile uses the competition's 1000 + 500 per tai, which
// callers change with Base and PerTai.
func Common() Rules {
	return Rules{
		Name:               "common",
		Flowers:            true,
		ConsecutiveDealing: true,
		Base:               1000,
		PerTai:             500,
		EarthlyReadyTai:    8,
		AllHonorsTai:       16,
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
	return Rules{}, fmt.Errorf("tw16: unknown rules %q (want %s)", name, strings.Join(RuleNames(), " or "))
}
