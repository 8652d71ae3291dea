package tw16

import "github.com/mjsolve/mjsolve"

// A Setting is what the hands of one question share besides their concealed
// part. It holds the player's melds (exposed melds and concealed kongs) and
// the tiles seen elsewhere (discards, the other players' melds). It checks
// each hand against them before an analysis ([Setting.Hand]).
type Setting struct {
	melds  int            // melds and concealed kongs
	own    mjsolve.Counts // their tiles
	others mjsolve.Counts // the tiles seen elsewhere
}

// NewSetting checks the player's melds and the tiles seen elsewhere and
// returns them as a Setting. It allows at most [MaxSets] melds, at most
// four copies of a kind among the melds' tiles, and at most four among the
// tiles seen (bonus tiles are ignored there: flowers do not matter to the
// analyses). Its errors are *InputError with Field FieldMelds or
// FieldVisible.
func NewSetting(melds []Meld, visible []mjsolve.Tile) (*Setting, error) {
	if len(melds) > MaxSets {
		return nil, fieldErrorf(FieldMelds, "%d melds and kongs; a hand has at most %d", len(melds), MaxSets)
	}
	s := &Setting{melds: len(melds), own: MeldCounts(melds)}
	if err := s.own.Validate(); err != nil {
		return nil, wrapError(FieldMelds, "", err)
	}
	for _, t := range visible {
		if t.IsBonus() {
			continue
		}
		if s.others[t.Kind()] == 4 {
			return nil, fieldErrorf(FieldVisible, "5th copy of %s", t)
		}
		s.others.Add(t.Kind())
	}
	return s, nil
}

// Melds is the number of melds and concealed kongs.
func (s *Setting) Melds() int { return s.melds }

// Hand checks a concealed part against the setting and returns the tiles
// the player sees: the hand, the melds' tiles and the tiles seen elsewhere,
// to pass as the visible tiles of the analyses. A kind held more than four
// times among them is an *InputError whose cause is a *CopiesError; with melds, a concealed part of other
// than 3k+1 or 3k+2 tiles (k = MaxSets − melds) an *InputError with Field
// FieldHand. Without melds any size is left to the analyses.
func (s *Setting) Hand(concealed mjsolve.Counts) (seen mjsolve.Counts, err error) {
	seen = concealed
	seen.AddCounts(s.own)
	seen.AddCounts(s.others)
	for k, n := range seen {
		if n > 4 {
			return seen, copiesError(mjsolve.Kind(k), int(n))
		}
	}
	if s.melds > 0 {
		n, k := concealed.Total(), MaxSets-s.melds
		if n != 3*k+1 && n != 3*k+2 {
			return seen, fieldErrorf(FieldHand, "%s with %s; want %d or %d", countNoun(n, "tile"), countNoun(s.melds, "meld"), 3*k+1, 3*k+2)
		}
	}
	return seen, nil
}
