package answer

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// HandQuery is what the hands of one question share: the player's melds
// and concealed kongs, the tiles seen elsewhere, and how to analyse.
type HandQuery struct {
	Melds          string // exposed melds: "123m 555p 7777s"
	ConcealedKongs string // concealed kongs: "1111m EEEE"
	Visible        string // tiles seen elsewhere (flowers are ignored)
	Ligu           bool   // also count 嚦咕嚦咕 as a winning form
	Claims         bool   // weigh effective tiles by how they can be claimed

	// Tables are the shanten tables; nil is tw16's default set.
	Tables *tw16.TableSet
}

// Hands asks one question of many hands: a checked [HandQuery].
type Hands struct {
	forms   tw16.Forms
	claims  *tw16.ClaimWeights
	setting *tw16.Setting
}

// NewHands checks q (melds, kongs, the visible tiles and the copies among
// them). Its errors are *[FieldError].
func NewHands(q HandQuery) (*Hands, error) {
	h := &Hands{forms: tw16.Forms{Ligu: q.Ligu, Tables: q.Tables}}
	if q.Claims {
		w := tw16.ThesisWeights()
		h.claims = &w
	}
	melds, err := ParseMelds(q.Melds, q.ConcealedKongs)
	if err != nil {
		return nil, err
	}
	visible, err := mjsolve.ParseTiles(q.Visible)
	if err != nil {
		return nil, fieldError(FieldVisible, err)
	}
	if h.setting, err = tw16.NewSetting(melds, visible); err != nil {
		return nil, settingError(err)
	}
	return h, nil
}

// ParseMelds parses exposed melds and concealed kongs into one list.
func ParseMelds(melds, concealedKongs string) ([]tw16.Meld, error) {
	ms, err := tw16.ParseMelds(melds)
	if err != nil {
		return nil, fieldError(FieldMelds, err)
	}
	kongs, err := tw16.ParseConcealedKongs(concealedKongs)
	if err != nil {
		return nil, fieldError(FieldConcealedKongs, err)
	}
	return append(ms, kongs...), nil
}

// Hand is a concealed part checked against the question's setting.
type Hand struct {
	Concealed mjsolve.Counts
	Seen      mjsolve.Counts // the hand, its melds and the tiles seen elsewhere
}

// Parse reads a concealed part in compact notation and checks it against
// the melds and visible tiles.
func (h *Hands) Parse(s string) (Hand, error) {
	var hand Hand
	var err error
	if hand.Concealed, err = mjsolve.ParseCounts(s); err != nil {
		return hand, fieldError(FieldHand, err)
	}
	if hand.Seen, err = h.setting.Hand(hand.Concealed); err != nil {
		return hand, settingError(err)
	}
	return hand, nil
}

// Ask parses s, a concealed part, and analyses it with a. Its errors are
// *[FieldError].
func (h *Hands) Ask(a *Analysis, s string) (Hand, Answer, error) {
	hand, err := h.Parse(s)
	if err != nil {
		return hand, nil, err
	}
	ans, err := a.Run(h, &hand)
	return hand, ans, err
}

// AppendAnswer asks s (see Ask) and appends the answer as a batch gives
// it: its one-line form, or with asJSON its JSON object (see AppendJSON),
// and a newline. An error that is not a *[FieldError] is not the hand's
// fault.
func (h *Hands) AppendAnswer(b []byte, a *Analysis, s string, asJSON bool) ([]byte, error) {
	hand, ans, err := h.Ask(a, s)
	switch {
	case err != nil:
		return b, err
	case asJSON:
		return AppendJSON(b, hand.Concealed, ans)
	}
	return append(ans.AppendLine(b), '\n'), nil
}

// WriteAnswer asks s (see Ask) and writes the answer to w for people, or
// with asJSON as one JSON object (see AppendJSON). An error that is not a
// *[FieldError] is not the hand's fault (writing w, say).
func (h *Hands) WriteAnswer(w io.Writer, a *Analysis, s string, asJSON bool) error {
	if asJSON {
		data, err := h.AppendAnswer(nil, a, s, true)
		if err == nil {
			_, err = w.Write(data)
		}
		return err
	}
	_, ans, err := h.Ask(a, s)
	if err != nil {
		return err
	}
	return ans.WriteText(w)
}

// An Answer is the result of an analysis of one hand.
type Answer interface {
	// WriteText writes the answer for people.
	WriteText(w io.Writer) error
	// AppendLine appends the answer's one-line form, as a batch answers.
	AppendLine(b []byte) []byte
}

// Analysis is one of the analyses of a hand.
type Analysis struct {
	// Name is the analysis's name: shanten, waits, effective or advise.
	Name string
	run  func(h *Hands, hand *Hand) (Answer, error)
}

// The analyses.
var (
	Shanten   = &Analysis{"shanten", shanten}
	Waits     = &Analysis{"waits", waits}
	Effective = &Analysis{"effective", effective}
	Advise    = &Analysis{"advise", advise}
)

// Analyses are the analyses by name.
var Analyses = map[string]*Analysis{
	"shanten": Shanten, "waits": Waits, "effective": Effective, "advise": Advise,
}

// Run analyses hand. An error of the analysis (a hand of the wrong size
// for it) is a *FieldError about the hand.
func (a *Analysis) Run(h *Hands, hand *Hand) (Answer, error) {
	ans, err := a.run(h, hand)
	if err != nil {
		return nil, fieldError(FieldHand, err)
	}
	return ans, nil
}

// AppendJSON appends the answer as one JSON object, the hand first and
// then the answer's fields, and a newline.
func AppendJSON(b []byte, hand mjsolve.Counts, ans Answer) ([]byte, error) {
	data, err := json.Marshal(ans)
	if err != nil {
		return b, err
	}
	if len(data) < 2 || data[0] != '{' {
		return b, fmt.Errorf("answer: %T is not a JSON object", ans)
	}
	name, _ := json.Marshal(hand.String())
	b = append(append(b, `{"hand":`...), name...)
	if len(data) > 2 {
		b = append(b, ',')
	}
	return append(append(b, data[1:]...), '\n'), nil
}

// ShantenAnswer is the answer of [Shanten].
type ShantenAnswer struct {
	Shanten int `json:"shanten"`
}

func shanten(h *Hands, hand *Hand) (Answer, error) {
	n, err := h.forms.Shanten(hand.Concealed)
	return &ShantenAnswer{n}, err
}

// WriteText writes "shanten: N (...)".
func (a *ShantenAnswer) WriteText(w io.Writer) error {
	_, err := fmt.Fprintf(w, "shanten: %s\n", ShantenText(a.Shanten))
	return err
}

// AppendLine appends the number.
func (a *ShantenAnswer) AppendLine(b []byte) []byte {
	return strconv.AppendInt(b, int64(a.Shanten), 10)
}

// ShantenText describes a shanten number for people.
func ShantenText(n int) string {
	switch n {
	case -1:
		return "-1 (complete, 胡牌)"
	case 0:
		return "0 (tenpai, 聽牌)"
	}
	return fmt.Sprintf("%d (%d 上聽)", n, n)
}

// WaitsAnswer is the answer of [Waits]: its JSON is tw16.WaitInfo's.
type WaitsAnswer struct{ tw16.WaitInfo }

func waits(h *Hands, hand *Hand) (Answer, error) {
	w, err := h.forms.Waits(hand.Concealed, &hand.Seen)
	return &WaitsAnswer{w}, err
}

// MarshalJSON is tw16.WaitInfo's JSON.
func (a *WaitsAnswer) MarshalJSON() ([]byte, error) { return json.Marshal(&a.WaitInfo) }

// AppendLine appends the winning kinds, "-" for none.
func (a *WaitsAnswer) AppendLine(b []byte) []byte { return appendKinds(b, a.Kinds) }

// WriteText writes the shanten, the waits and a line per winning kind.
func (a *WaitsAnswer) WriteText(w io.Writer) error {
	wi := &a.WaitInfo
	var b strings.Builder
	fmt.Fprintf(&b, "shanten: %s\n", ShantenText(wi.Shanten))
	if wi.Shanten != 0 {
		b.WriteString("waits:   none (not tenpai)\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	single := "no"
	if wi.Single {
		single = "yes"
	}
	fmt.Fprintf(&b, "waits:   %d kind%s, %d tile%s left; single wait (獨聽): %s\n",
		wi.Kinds.Len(), plural(wi.Kinds.Len()), wi.Remaining(), plural(wi.Remaining()), single)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, x := range wi.Waits() {
		fmt.Fprintf(tw, "  %s\t%d left\t%s\t%s %s\n", x.Kind, x.Remaining, x.Shapes, x.Kind.Chinese(), x.Shapes.Chinese())
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}

// EffectiveAnswer is the answer of [Effective]: its JSON is
// tw16.EffectiveInfo's.
type EffectiveAnswer struct {
	tw16.EffectiveInfo
	claims bool
}

func effective(h *Hands, hand *Hand) (Answer, error) {
	e, err := h.forms.Effective(hand.Concealed, &hand.Seen, h.claims)
	return &EffectiveAnswer{e, h.claims != nil}, err
}

// MarshalJSON is tw16.EffectiveInfo's JSON.
func (a *EffectiveAnswer) MarshalJSON() ([]byte, error) { return json.Marshal(&a.EffectiveInfo) }

// AppendLine appends the effective kinds ("-" for none) and the tiles
// left (weighted with claims).
func (a *EffectiveAnswer) AppendLine(b []byte) []byte { return appendEffective(b, &a.EffectiveInfo) }

// WriteText writes the shanten, the effective tiles and a line per kind.
func (a *EffectiveAnswer) WriteText(w io.Writer) error {
	e := &a.EffectiveInfo
	var b strings.Builder
	fmt.Fprintf(&b, "shanten:   %s\n", ShantenText(e.Shanten))
	fmt.Fprintf(&b, "effective: %d kind%s, %d tile%s left", e.Kinds.Len(), plural(e.Kinds.Len()), e.Count, plural(e.Count))
	if a.claims {
		fmt.Fprintf(&b, ", weighted %d", e.Weighted)
	}
	b.WriteByte('\n')
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	for _, k := range e.Kinds.Kinds() {
		fmt.Fprintf(tw, "  %s\t%d left\t", k, e.Remaining[k])
		if a.claims {
			fmt.Fprintf(tw, "weight %d\t", e.Weight[k])
		}
		fmt.Fprintln(tw, k.Chinese())
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}

// AdviceAnswer is the answer of [Advise]: its JSON is tw16.Advice's.
type AdviceAnswer struct {
	tw16.Advice
	claims bool
}

func advise(h *Hands, hand *Hand) (Answer, error) {
	a, err := h.forms.Advise(hand.Concealed, &hand.Seen, h.claims)
	return &AdviceAnswer{a, h.claims != nil}, err
}

// MarshalJSON is tw16.Advice's JSON.
func (a *AdviceAnswer) MarshalJSON() ([]byte, error) { return json.Marshal(&a.Advice) }

// AppendLine appends the best discard, the shanten after it, its
// effective kinds and the tiles left.
func (a *AdviceAnswer) AppendLine(b []byte) []byte {
	d := a.Discards()[0]
	b = append(b, d.Kind.String()...)
	b = append(b, ' ')
	b = strconv.AppendInt(b, int64(d.Effective.Shanten), 10)
	b = append(b, ' ')
	return appendEffective(b, &d.Effective)
}

// WriteText writes the shanten and a table of the discards, best first.
func (a *AdviceAnswer) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "shanten: %s before the discard\n", ShantenText(a.Shanten))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "DISCARD\tSHANTEN\tTILES\t")
	if a.claims {
		fmt.Fprint(tw, "WEIGHTED\t")
	}
	fmt.Fprintln(tw, "EFFECTIVE\tTIER")
	for _, d := range a.Discards() {
		e := &d.Effective
		fmt.Fprintf(tw, "%s\t%d\t%d\t", d.Kind, e.Shanten, e.Count)
		if a.claims {
			fmt.Fprintf(tw, "%d\t", e.Weighted)
		}
		fmt.Fprintf(tw, "%s\t%s\n", appendKinds(nil, e.Kinds), d.Tier)
	}
	tw.Flush()
	_, err := io.WriteString(w, b.String())
	return err
}

// appendEffective appends the effective kinds and the tiles left.
func appendEffective(b []byte, e *tw16.EffectiveInfo) []byte {
	b = appendKinds(b, e.Kinds)
	b = append(b, ' ')
	return strconv.AppendInt(b, int64(e.Weighted), 10)
}

// appendKinds appends a set in compact notation, "-" for the empty set.
func appendKinds(b []byte, s tw16.KindSet) []byte {
	if s == 0 {
		return append(b, '-')
	}
	return s.AppendText(b)
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}
