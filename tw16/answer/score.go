package answer

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// ScoreQuery is what the hands scored by one question share: the rules,
// the melds, flowers, winds and situation of the win, and the winning tile
// when every hand has the same one.
type ScoreQuery struct {
	Rules        tw16.Rules
	Base, PerTai *int // override Rules' points when not nil

	Melds, ConcealedKongs string
	Flowers               string // bonus tiles, "15f"
	FirstTurn             string // "", tianhu, dihu, renhu or diting
	Win                   string // the winning tile; "" when each hand names its own
	Seat, Round           string // E S W N (either case) or 1z-4z

	SelfDrawn, LastTile, AfterKong, RobKong bool
	Dealer, DiscarderDealer                 bool
	DealerStreak                            int
}

// Scorer scores hands: a checked [ScoreQuery].
type Scorer struct {
	win   tw16.Win // all but Concealed and Tile
	rules tw16.Rules
	tile  *mjsolve.Tile // the query's winning tile, if given
}

// NewScorer checks q. Its errors are *[FieldError].
func NewScorer(q ScoreQuery) (*Scorer, error) {
	s := &Scorer{rules: q.Rules}
	if err := setStake(&s.rules.Base, q.Base, FieldBase); err != nil {
		return nil, err
	}
	if err := setStake(&s.rules.PerTai, q.PerTai, FieldPerTai); err != nil {
		return nil, err
	}
	w := &s.win
	var err error
	if w.Melds, err = ParseMelds(q.Melds, q.ConcealedKongs); err != nil {
		return nil, err
	}
	// The melds' count and copies, checked once here rather than with
	// every hand scored.
	if _, err := tw16.NewSetting(w.Melds, nil); err != nil {
		return nil, settingError(err)
	}
	tiles, err := mjsolve.ParseTiles(q.Flowers)
	if err != nil {
		return nil, fieldError(FieldFlowers, err)
	}
	for _, t := range tiles {
		if !t.IsBonus() {
			return nil, fieldError(FieldFlowers, fmt.Errorf("%s is not a flower (1f-8f)", t))
		}
		w.Flowers = append(w.Flowers, t.Bonus())
	}
	if w.FirstTurn, err = tw16.ParseFirstTurn(q.FirstTurn); err != nil {
		return nil, fieldError(FieldFirstTurn, err)
	}
	if strings.TrimSpace(q.Win) != "" {
		t, err := ParseTile(q.Win)
		if err != nil {
			return nil, fieldError(FieldWin, err)
		}
		s.tile = &t
	}
	w.SelfDrawn, w.LastTile, w.AfterKong, w.RobKong = q.SelfDrawn, q.LastTile, q.AfterKong, q.RobKong
	w.Dealer, w.DealerStreak, w.DiscarderIsDealer = q.Dealer, q.DealerStreak, q.DiscarderDealer
	if err := tw16.CheckDealerStreak(w.DealerStreak, &s.rules); err != nil {
		return nil, fieldError(FieldDealerStreak, err)
	}
	if w.Seat, err = ParseWind(q.Seat); err != nil {
		return nil, fieldError(FieldSeat, err)
	}
	if w.Round, err = ParseWind(q.Round); err != nil {
		return nil, fieldError(FieldRound, err)
	}
	return s, nil
}

// setStake sets *points to *v, a query's base or points per tai (the
// field f), when v is not nil and v is 0 to tw16.MaxStake.
func setStake(points, v *int, f Field) error {
	switch {
	case v == nil:
		return nil
	case *v < 0:
		return fieldError(f, fmt.Errorf("%d is negative", *v))
	case *v > tw16.MaxStake:
		return fieldError(f, fmt.Errorf("%d is over %d", *v, tw16.MaxStake))
	}
	*points = *v
	return nil
}

// HasTile reports whether the query gave the winning tile.
func (s *Scorer) HasTile() bool { return s.tile != nil }

// Rules returns the rules the scorer applies (Base and PerTai included).
func (s *Scorer) Rules() tw16.Rules { return s.rules }

// ParseWind reads a wind: E, S, W, N (either case) or 1z-4z. Anything
// else is an [mjsolve.InputError] with Pkg "answer".
func ParseWind(s string) (mjsolve.Kind, error) {
	t := s
	if len(t) == 1 {
		t = strings.ToUpper(t)
	}
	var k mjsolve.Kind
	if err := k.UnmarshalText([]byte(t)); err != nil || !k.IsWind() {
		return 0, inputErrorf("%q is not a wind (E, S, W or N)", s)
	}
	return k, nil
}

// ParseTile reads exactly one tile (a kind or a flower). Bad notation is
// mjsolve.ParseTiles' error, another number of tiles an
// [mjsolve.InputError] with Pkg "answer".
func ParseTile(s string) (mjsolve.Tile, error) {
	tiles, err := mjsolve.ParseTiles(s)
	if err != nil {
		return 0, err
	}
	if len(tiles) != 1 {
		return 0, inputErrorf("want one tile, got %d in %q", len(tiles), mjsolve.Excerpt(s))
	}
	return tiles[0], nil
}

// Score scores a concealed part without the winning tile, won on the
// query's winning tile (an error without one).
func (s *Scorer) Score(hand string) (*ScoreAnswer, error) {
	if s.tile == nil {
		return nil, fieldError(FieldWin, fmt.Errorf("give the winning tile"))
	}
	return s.ScoreWith(hand, *s.tile)
}

// ScoreWith scores a concealed part won on tile. A hand that does not win
// is a *FieldError with FieldNone.
func (s *Scorer) ScoreWith(hand string, tile mjsolve.Tile) (*ScoreAnswer, error) {
	c, err := mjsolve.ParseCounts(hand)
	if err != nil {
		return nil, fieldError(FieldHand, err)
	}
	w := s.win
	w.Concealed, w.Tile = c, tile
	res, err := tw16.Score(w, s.rules)
	if err != nil {
		return nil, fieldError(FieldNone, err)
	}
	return &ScoreAnswer{Result: res, win: w, rules: &s.rules}, nil
}

// ScoreLine scores a batch line "HAND WIN", or "HAND" when the query gave
// the winning tile.
func (s *Scorer) ScoreLine(line string) (*ScoreAnswer, error) {
	if s.tile != nil {
		return s.ScoreWith(line, *s.tile)
	}
	i := strings.LastIndexAny(line, " \t")
	if i < 0 {
		return nil, fieldError(FieldNone, fmt.Errorf("want a hand and its winning tile, got %q", mjsolve.Excerpt(line)))
	}
	t, err := ParseTile(line[i+1:])
	if err != nil {
		return nil, fieldError(FieldWin, err)
	}
	return s.ScoreWith(strings.TrimSpace(line[:i]), t)
}

// AppendAnswer scores a batch line (see ScoreLine) and appends the answer
// as a batch gives it: its one-line form, or with asJSON its JSON, and a
// newline. An error that is not a *[FieldError] is not the line's fault.
func (s *Scorer) AppendAnswer(b []byte, line string, asJSON bool) ([]byte, error) {
	res, err := s.ScoreLine(line)
	if err != nil {
		return b, err
	}
	if !asJSON {
		return append(res.AppendLine(b), '\n'), nil
	}
	data, err := json.Marshal(res)
	if err != nil {
		return b, err
	}
	return append(append(b, data...), '\n'), nil
}

// ScoreAnswer is a scored hand: its JSON is tw16.Result's.
type ScoreAnswer struct {
	tw16.Result
	win   tw16.Win
	rules *tw16.Rules
}

// MarshalJSON is tw16.Result's JSON.
func (a *ScoreAnswer) MarshalJSON() ([]byte, error) { return json.Marshal(&a.Result) }

// AppendLine appends the tai and each item with its tai: "3 自摸1 門清1".
func (a *ScoreAnswer) AppendLine(b []byte) []byte {
	b = strconv.AppendInt(b, int64(a.Tai), 10)
	for _, it := range a.Items {
		b = append(append(b, ' '), it.Label()...)
		b = strconv.AppendInt(b, int64(it.Tai), 10)
	}
	return b
}

// WriteText writes the result for people: one line per item, the total,
// the points, the rules, the flowers, the sets and the winning tile.
func (a *ScoreAnswer) WriteText(out io.Writer) error {
	var b strings.Builder
	res, r, w := &a.Result, a.rules, &a.win
	for _, it := range res.Items {
		fmt.Fprintf(&b, "%s %3d  %s\n", Pad(it.Label(), 12), it.Tai, it.ID.English())
	}
	fmt.Fprintf(&b, "%s %3d tai\n", Pad("total", 12), res.Tai)
	var parts []string
	for _, p := range res.Payments {
		switch {
		case p.Payer == "each":
			parts = append(parts, fmt.Sprintf("%d players %d each (%d tai)", p.Count, p.Points, p.Tai))
		case p.Count > 1:
			parts = append(parts, fmt.Sprintf("%d %ss %d each (%d tai)", p.Count, p.Payer, p.Points, p.Tai))
		default:
			parts = append(parts, fmt.Sprintf("%s %d (%d tai)", p.Payer, p.Points, p.Tai))
		}
	}
	fmt.Fprintf(&b, "%s %d: %s\n", Pad("points", 12), res.Points, strings.Join(parts, ", "))
	fmt.Fprintf(&b, "%s %s: %d + %d per tai%s\n", Pad("rules", 12), r.Name, r.Base, r.PerTai, HouseRules(r))
	if len(w.Flowers) > 0 {
		var names strings.Builder
		tiles := make([]mjsolve.Tile, len(w.Flowers))
		for i, f := range w.Flowers {
			names.WriteString(f.Chinese())
			tiles[i] = mjsolve.BonusTile(f)
		}
		fmt.Fprintf(&b, "%s %s (%s)\n", Pad("flowers", 12), mjsolve.FormatTiles(tiles), names.String())
	}
	if ar := res.Arrangement; ar == nil {
		fmt.Fprintf(&b, "%s %s (%s) completes the eight flowers\n", Pad("win", 12), w.Tile, w.Tile.Chinese())
	} else {
		fmt.Fprintf(&b, "%s %s\n", Pad("sets", 12), ar)
		fmt.Fprintf(&b, "%s %s completes %s: %s (%s); best of %d decomposition%s\n", Pad("win", 12),
			ar.WinTile, ar.WinSet(), ar.Wait.Chinese(), ar.Wait, res.Decompositions, plural(res.Decompositions))
	}
	_, err := io.WriteString(out, b.String())
	return err
}

// HouseRules describes how r differs from the table of items: "; 地聽 4,
// 平胡 門清 only", or "" when it does not.
func HouseRules(r *tw16.Rules) string {
	var parts []string
	for id := range tw16.NumItems {
		if t := r.Tai(id); t != id.Tai() {
			parts = append(parts, id.Chinese()+" "+id.TaiLabel(t))
		}
	}
	if r.PingHuConcealed {
		parts = append(parts, "平胡 門清 only")
	}
	if len(parts) == 0 {
		return ""
	}
	return "; " + strings.Join(parts, ", ")
}

// Width is the display width of s on a terminal: CJK characters take two
// columns.
func Width(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x2E80 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// Pad pads s with spaces to display width w.
func Pad(s string, w int) string {
	if d := w - Width(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}
