package stats

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// Outcome is what one seat's hand did, played alone.
type Outcome struct {
	// Dealer tells whether the seat dealt (17 tiles).
	Dealer bool
	// Start is the shanten of the hand as dealt (after its flowers are
	// replaced): of 17 tiles for the dealer, 16 for the others.
	Start int
	// Draws is the number of draws the seat gets before the hand is drawn
	// (Deal.NDraws).
	Draws int
	// Tenpai is the number of draws after which the hand was first tenpai
	// (after its discard; 0: as dealt, or after the dealer's first
	// discard), −1 if it never was.
	Tenpai int
	// Win is the number of draws after which the hand was complete (0: the
	// dealer's 17 dealt tiles), −1 if it never was.
	Win int
	// The waits at the first tenpai of 16 tiles (none for a dealer dealt a
	// complete hand, or a hand never tenpai: WaitKinds 0): the number of
	// winning kinds, their copies the hand has not seen (held or
	// discarded), whether it is a single wait (獨聽, tw16.WaitInfo.Single:
	// one winning kind, counting the hand's own tiles only, as scoring
	// does), and the wait shapes over all winning kinds and decompositions.
	WaitKinds int
	WaitLeft  int
	Single    bool
	Shapes    tw16.WaitShape
}

// Player plays hands alone, as the advice bot plays its turns. It draws the
// seat's tiles of a Deal in turn and discards the tile the advice engine
// ranks first (tw16.Forms.Advise, by tw16.Forms.BestDiscard, with the tiles
// the hand has seen as visible: its own and its discards), as the advice
// bot does on its turn; it wins as soon as its hand is complete. It makes
// no claims and no kongs. A Player holds no state between hands and is safe
// for use by one goroutine at a time.
type Player struct {
	forms tw16.Forms
}

// NewPlayer returns a player that looks up the tables ts (nil: the
// default tables, tw16.DefaultTables).
func NewPlayer(ts *tw16.TableSet) *Player {
	return &Player{forms: tw16.Forms{Tables: ts}}
}

// Play plays seat's hand of d alone and returns what it did. It does not
// allocate.
func (p *Player) Play(d *Deal, seat int) (Outcome, error) {
	return p.play(d, seat, nil)
}

// trace records a hand's discards for the tests: Discards[i] is the
// discard after draw i (Discards[0] the dealer's first).
type trace struct {
	Discards  [MaxDraws + 1]mjsolve.Kind
	NDiscards int
}

func (p *Player) play(d *Deal, seat int, tr *trace) (Outcome, error) {
	o := Outcome{Dealer: seat == Dealer, Draws: d.NDraws[seat], Tenpai: -1, Win: -1}
	hand := d.Hands[seat]
	seen := hand // every tile the hand has held: its own and its discards
	draw := 0
	if !o.Dealer {
		sh, err := p.forms.Shanten(hand)
		if err != nil {
			return o, fmt.Errorf("stats: seat %d: %w", seat, err)
		}
		o.Start = sh
		if sh == 0 {
			o.Tenpai = 0
			if err := p.waits(&o, &hand, &seen); err != nil {
				return o, err
			}
		}
	}
	// dealt: the hand is the dealer's 17 tiles as dealt, to discard from
	// before its first draw; every other turn draws first.
	for dealt := o.Dealer; ; dealt = false {
		if !dealt {
			if draw == o.Draws {
				return o, nil
			}
			k := d.Draws[seat][draw]
			hand[k]++
			seen[k]++
			draw++
		}
		sh, best, err := p.forms.BestDiscard(hand, &seen, nil)
		if err != nil {
			return o, fmt.Errorf("stats: seat %d draw %d: %w", seat, draw, err)
		}
		if dealt {
			o.Start = sh
		}
		if sh == -1 {
			o.Win = draw
			if o.Tenpai < 0 {
				o.Tenpai = draw // only the dealer's complete deal
			}
			return o, nil
		}
		hand[best.Kind]--
		if tr != nil {
			tr.Discards[tr.NDiscards] = best.Kind
			tr.NDiscards++
		}
		if o.Tenpai < 0 && best.Effective.Shanten == 0 {
			o.Tenpai = draw
			if err := p.waits(&o, &hand, &seen); err != nil {
				return o, err
			}
		}
	}
}

// waits fills o's waits from the tenpai hand of 16 tiles and the tiles
// seen.
func (p *Player) waits(o *Outcome, hand, seen *mjsolve.Counts) error {
	w, err := p.forms.Waits(*hand, nil)
	if err != nil {
		return fmt.Errorf("stats: waits: %w", err)
	}
	o.WaitKinds = w.Kinds.Len()
	o.Single = w.Single
	for k := range mjsolve.Kind(mjsolve.NumKinds) {
		if w.Kinds.Has(k) {
			o.WaitLeft += 4 - int(seen[k])
			o.Shapes |= w.Shape(k)
		}
	}
	return nil
}
