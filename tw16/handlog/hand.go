package handlog

import (
	"fmt"
	"time"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// Schema names the format in the first line of every hand; Version is the
// version this package writes and the highest it reads.
const (
	Schema  = "mjsolve-tw16-hand"
	Version = 1
)

// The sources of a hand (Header.Source).
const (
	SourceReferee  = "referee"  // a transcript of "mjsolve tw16 referee"
	SourceSelfPlay = "selfplay" // a hand of "mjsolve tw16 selfplay"
)

// Hand is a played hand in event form.
type Hand struct {
	Header Header
	// Events are the events in playing order, numbered from 1; the last
	// is the "end" event.
	Events []Event
}

// Header is the first line of a hand: what it takes to deal it again and
// who played it.
type Header struct {
	Schema  string `json:"schema"`  // Schema
	Version int    `json:"version"` // Version
	Type    string `json:"type"`    // "hand"
	// Source is SourceReferee or SourceSelfPlay.
	Source string `json:"source"`
	// Hand is the hand's number in its match, from 1; Schedule places it
	// in the fair schedule (game.Scheduled).
	Hand     int      `json:"hand"`
	Schedule Schedule `json:"schedule"`
	// Dealer is the dealer's seat, 1–4; Round the round wind ("east" …).
	Dealer int    `json:"dealer"`
	Round  string `json:"round"`
	// Rules name the scoring rules ("competition"); Flowers says the wall
	// has the eight flowers (144 tiles).
	Rules   string `json:"rules"`
	Flowers bool   `json:"flowers"`
	// Honors is the numbering of the honors' tile ids, "icga" or "mjtalk"
	// (see mjsolve.HonorOrder).
	Honors string `json:"honors"`
	// Wall is the wall in drawing order (the deal first), in compact
	// notation and as tile ids.
	Wall     []string `json:"wall"`
	WallTIDs []int    `json:"wall_tids"`
	// Seats are the players at seats 1–4.
	Seats []SeatInfo `json:"seats"`
}

// Schedule places a hand in the fair schedule (game.Scheduled).
type Schedule struct {
	Cycle   int `json:"cycle"`
	Jong    int `json:"jong"`
	Seating int `json:"seating"`
	Deal    int `json:"deal"`
}

// SeatInfo is the player at one seat.
type SeatInfo struct {
	Seat int    `json:"seat"` // 1–4
	Wind string `json:"wind"` // the seat wind: "east" for seat 1 …
	// Player is the player's number in the match, 1–4, and Name its name
	// (a self-play player is named by its strategy).
	Player int    `json:"player"`
	Name   string `json:"name"`
	// Command is a referee program's command.
	Command string `json:"command,omitempty"`
}

// Deal identifies the deal the hand was played from, for pairing the
// hands of two matches played on the same deals: the rules, the wall's
// kinds in drawing order, the dealer and the round, and which player sat
// at each seat; not the players' names, nor the hand's number, nor the
// tile ids (two copies of a kind play alike, and the ids of the honors
// depend on the numbering, Honors).
func (h *Header) Deal() string {
	var players [4]int
	for _, si := range h.Seats {
		if si.Seat >= 1 && si.Seat <= 4 {
			players[si.Seat-1] = si.Player
		}
	}
	return fmt.Sprint(h.Rules, h.Flowers, h.Round, h.Dealer, players, h.Wall)
}

// The types of events (Event.Type).
const (
	EventDeal          = "deal"           // Seat was dealt Tiles (flowers included), in the order dealt
	EventDraw          = "draw"           // Seat drew Tile; Replacement from the back of the wall
	EventFlower        = "flower"         // Seat set the flower Tile aside
	EventDiscard       = "discard"        // Seat discarded Tile
	EventChow          = "chow"           // Seat claimed Tile from From into the meld Tiles
	EventPong          = "pong"           // as chow
	EventKong          = "kong"           // as chow: an exposed kong of a discard
	EventConcealedKong = "concealed-kong" // Seat declared the concealed kong Tiles
	EventAddedKong     = "added-kong"     // Seat added Tile to its pong
	EventPass          = "pass"           // Seat declined the claim On Tile (Offered says what it could do)
	EventWin           = "win"            // Seat won on Tile from From (itself when self-drawn)
	EventExhausted     = "exhausted"      // the wall ran out: a drawn hand
	EventFailure       = "failure"        // Seat's program failed (Why); the dummy plays it from now on
	EventEnd           = "end"            // the last event: Points and Result
)

// The decisions' occasions (Event.On).
const (
	OnTurn = "turn" // the seat's own turn: discard, kong or self-drawn win
	OnHu   = "hu"   // the claims on a discard: the stage of a win
	OnPong = "pong" // the stage of a pong or an exposed kong
	OnChow = "chow" // the stage of a chow
	OnRob  = "rob"  // an added kong (or a flower) the seat may rob
)

// Event is one line after the header. Fields that do not apply are left
// out of the JSON.
type Event struct {
	N    int    `json:"n"`
	Type string `json:"type"`
	// Seat is the seat the event is about, 1–4; From the seat claimed
	// from (a claim, a win on a discard or robbing a kong; the winner
	// itself for a self-drawn win).
	Seat int `json:"seat,omitempty"`
	From int `json:"from,omitempty"`
	// Tile is the tile drawn, set aside, discarded, claimed, added, passed
	// on or won on, and TID its tile id.
	Tile string `json:"tile,omitempty"`
	TID  int    `json:"tid,omitempty"`
	// Tiles are the dealt tiles in the order dealt (deal), the meld's
	// tiles with the claimed one (chow, pong, kong, concealed-kong), or the
	// winner's other concealed tiles (win), the last two in the order of
	// the kinds (wan, tong, tiao, honors); TIDs are their tile ids.
	Tiles []string `json:"tiles,omitempty"`
	TIDs  []int    `json:"tids,omitempty"`
	// Replacement marks a draw from the back of the wall (after a kong or
	// a flower).
	Replacement bool `json:"replacement,omitempty"`
	// On says that the event is a decision and its occasion (OnTurn …);
	// Offered lists the types of the legal actions (game.ActionType names:
	// "pass", "discard", "chow", "pong", "kong", "concealed-kong",
	// "added-kong", "hu") when there were more than one.
	On      string   `json:"on,omitempty"`
	Offered []string `json:"offered,omitempty"`
	// By is "dummy" for a move of the dummy that plays a failed program's
	// seat.
	By string `json:"by,omitempty"`
	// Took is the seconds the program took to decide (a referee
	// transcript's time from its first question to its answer).
	Took float64 `json:"took,omitempty"`
	// Why is the failure.
	Why string `json:"why,omitempty"`
	// SelfDrawn and Robbed describe a win, Score its score.
	SelfDrawn bool   `json:"self_drawn,omitempty"`
	Robbed    bool   `json:"robbed,omitempty"`
	Score     *Score `json:"score,omitempty"`
	// Points are the four seats' points of the hand (win, exhausted and
	// end); they sum to zero.
	Points []int `json:"points,omitempty"`
	// Result describes the outcome for people (end).
	Result string `json:"result,omitempty"`
	// WallLeft is the number of tiles left in the wall after the event.
	WallLeft int `json:"wall_left"`
}

// Score is the score of a win.
type Score struct {
	// Tai is the total, Items the items that make it (tw16.Item: id,
	// Chinese name, English gloss, count and tai), and Value what the
	// winner collects in all.
	Tai   int         `json:"tai"`
	Items []tw16.Item `json:"items"`
	Value int         `json:"value"`
}

// Step is one thing a player did at the table, in order: a decision (the
// action of the seat to act, by its program or by the dummy) or a
// program's failure. Build plays a hand's steps; Hand.Steps recovers them.
type Step struct {
	Seat game.Seat
	// Failure, when not empty, says why Seat's program failed; the step is
	// no decision then.
	Failure string
	Action  game.Action
	// Dummy says the dummy made the decision; Took is the seconds the
	// program took (0: not known).
	Dummy bool
	Took  float64
}

// Config returns the game's configuration of the hand: its wall, dealer,
// round, flowers and rules, with tables.
func (h *Hand) Config(tables *tw16.TableSet) (game.Config, error) {
	hd := &h.Header
	cfg := game.Config{Flowers: hd.Flowers, Tables: tables}
	o, err := mjsolve.ParseHonorOrder(hd.Honors)
	if err != nil {
		return cfg, fmt.Errorf("handlog: honors: %w", err)
	}
	if hd.Dealer < 1 || hd.Dealer > 4 {
		return cfg, fmt.Errorf("handlog: the dealer %d is not a seat 1-4", hd.Dealer)
	}
	cfg.Dealer = game.Seat(hd.Dealer - 1)
	if cfg.Round, err = parseWind(hd.Round); err != nil {
		return cfg, fmt.Errorf("handlog: round: %w", err)
	}
	if cfg.Rules, err = rulesNamed(hd.Rules, hd.Flowers); err != nil {
		return cfg, err
	}
	cfg.Wall = make([]game.Card, len(hd.WallTIDs))
	for i, tid := range hd.WallTIDs {
		c, err := game.CardOfTID(tid, o)
		if err != nil {
			return cfg, fmt.Errorf("handlog: wall tile %d: %w", i+1, err)
		}
		cfg.Wall[i] = c
	}
	return cfg, nil
}

// Honors returns the numbering of the hand's tile ids.
func (h *Hand) Honors() (mjsolve.HonorOrder, error) { return mjsolve.ParseHonorOrder(h.Header.Honors) }

// SeatName returns the name of the player at seat s (0–3).
func (h *Hand) SeatName(s game.Seat) string {
	for _, si := range h.Header.Seats {
		if si.Seat == int(s)+1 {
			return si.Name
		}
	}
	return ""
}

// End returns the hand's last event, its "end" (nil when there is none).
func (h *Hand) End() *Event {
	if len(h.Events) == 0 || h.Events[len(h.Events)-1].Type != EventEnd {
		return nil
	}
	return &h.Events[len(h.Events)-1]
}

// parseWind parses a wind's name as Wind.String writes it.
func parseWind(s string) (game.Wind, error) {
	for w := range game.Wind(4) {
		if w.String() == s {
			return w, nil
		}
	}
	return 0, fmt.Errorf("%q is not east, south, west or north", s)
}

// rulesNamed returns the named rule profile (tw16.RulesByName) with the
// flowers of the wall.
func rulesNamed(name string, flowers bool) (tw16.Rules, error) {
	r, err := tw16.RulesByName(name)
	if err != nil || r.Name != name {
		return r, fmt.Errorf("handlog: rules %q: want one of %v", name, tw16.RuleNames())
	}
	r.Flowers = flowers
	return r, nil
}

// Tally returns what a game.Table counts of the hand: the names of the
// match's players 1–4 (from the header's seats), the players at each seat,
// the result (the points, who won, how and with how many tai), the seats
// whose program failed, and per seat the decisions whose time is recorded
// (Took), their total and the longest. The hand must be complete (its last
// event the end): read it with Read, which checks that, or verify it
// with referee.ReadHand.
func (h *Hand) Tally() (*Tally, error) {
	t := &Tally{}
	if len(h.Header.Seats) != 4 {
		return nil, fmt.Errorf("handlog: hand %d: %d seats, not 4", h.Header.Hand, len(h.Header.Seats))
	}
	var seat, player [5]bool
	for _, si := range h.Header.Seats {
		if si.Seat < 1 || si.Seat > 4 || si.Player < 1 || si.Player > 4 || seat[si.Seat] || player[si.Player] {
			return nil, fmt.Errorf("handlog: hand %d: the seats do not give players 1-4 at seats 1-4 once each", h.Header.Hand)
		}
		seat[si.Seat], player[si.Player] = true, true
		t.Names[si.Player-1] = si.Name
		t.Hand.Players[si.Seat-1] = si.Player - 1
	}
	t.Hand.Index = h.Header.Hand - 1
	end := h.End()
	if end == nil || len(end.Points) != 4 {
		return nil, fmt.Errorf("handlog: hand %d has no end with four seats' points", h.Header.Hand)
	}
	copy(t.Result.Points[:], end.Points)
	t.Result.Exhausted = true
	for _, e := range h.Events {
		if e.On != "" && e.By != "dummy" && e.Took > 0 && e.Seat >= 1 && e.Seat <= 4 {
			// A program's decision whose time is recorded.
			d, s := time.Duration(e.Took*float64(time.Second)), e.Seat-1
			t.Decisions[s]++
			t.Think[s] += d
			t.Longest[s] = max(t.Longest[s], d)
		}
		switch e.Type {
		case EventFailure:
			if e.Seat >= 1 && e.Seat <= 4 {
				t.Failed[e.Seat-1] = true
			}
		case EventWin:
			if e.From == 0 && e.SelfDrawn {
				e.From = e.Seat // a self-drawn win need not name its seat twice
			}
			if e.Seat < 1 || e.Seat > 4 || e.From < 1 || e.From > 4 || e.Score == nil {
				return nil, fmt.Errorf("handlog: hand %d: event %d: a win without its seats or score", h.Header.Hand, e.N)
			}
			r := &t.Result
			r.Exhausted = false
			r.Winner, r.From = game.Seat(e.Seat-1), game.Seat(e.From-1)
			r.SelfDrawn = e.SelfDrawn || e.Seat == e.From
			r.RobbedKong = e.Robbed
			r.Score.Tai = e.Score.Tai
		}
	}
	return t, nil
}

// Tally is what a game.Table counts of a hand (see Hand.Tally).
type Tally struct {
	Names  [4]string
	Hand   game.Scheduled
	Result game.Result
	Failed [4]bool
	// Decisions, Think and Longest are by seat: the decisions whose time
	// is recorded, their total and the longest.
	Decisions      [4]int
	Think, Longest [4]time.Duration
}

// AddTo counts the hand in t, a table of the players named Names.
func (y *Tally) AddTo(t *game.Table) {
	t.Add(y.Hand, &y.Result, y.Failed)
	for s := range 4 {
		if y.Decisions[s] > 0 {
			t.AddTime(y.Hand.Players[s], y.Decisions[s], y.Think[s], y.Longest[s])
		}
	}
}
