package referee

import (
	"bufio"
	"fmt"
	"os"
	"slices"
	"testing"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/protocol"
)

// TestMain runs the test binary as a player program when
// MJSOLVE_TEST_PLAYER is set (see greedyCommand).
func TestMain(m *testing.M) {
	// The tw16 tables in memory, here and in the test's own player
	// processes: the tests write no cache file.
	tw16.SetDefaultTableOptions(tw16.TableOptions{NoCache: true})
	if v := os.Getenv("MJSOLVE_TEST_PLAYER"); v == "greedy" || v == "greedy-nopong" {
		if err := serveGreedy(&greedy{nopong: v == "greedy-nopong"}); err != nil {
			fmt.Fprintln(os.Stderr, "greedy:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// greedyCommand is the command of the test's own player (greedy) as a
// program; with nopong it passes on every pong, keeping its triplets for
// kongs.
func greedyCommand(t *testing.T, nopong bool) string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	if nopong {
		return "MJSOLVE_TEST_PLAYER=greedy-nopong exec " + exe
	}
	return "MJSOLVE_TEST_PLAYER=greedy exec " + exe
}

// serveGreedy plays g on standard input and output until the input ends,
// hand after hand (it takes /start as a fresh start, so it can be reused).
func serveGreedy(g *greedy) error {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	for in.Scan() {
		reply, err := g.handle(in.Bytes())
		if err != nil {
			return err
		}
		if reply != nil {
			out.Write(append(reply, '\n'))
			if err := out.Flush(); err != nil {
				return err
			}
		}
	}
	return in.Err()
}

// greedy is a player that follows its hand from the referee's messages
// alone and refuses any line that does not parse or does not fit its hand
// (a missing echo, a wrong meld); it wins whenever asked, claims every
// discard it is offered (a kong before a pong), makes every kong and
// discards to the lowest shanten.
type greedy struct {
	nopong  bool
	me      uint8
	hand    []protocol.TID
	pongs   []int // kinds (TID/10) of its pongs
	last    protocol.TID
	ownTurn bool
}

func (g *greedy) remove(t protocol.TID) error {
	i := slices.Index(g.hand, t)
	if i < 0 {
		return fmt.Errorf("told to give up %d, which I do not hold (%v)", t, g.hand)
	}
	g.hand = slices.Delete(g.hand, i, i+1)
	return nil
}

func (g *greedy) ofKind(k, n int) []protocol.TID {
	var r []protocol.TID
	for _, t := range g.hand {
		if t.Kind() == k && len(r) < n {
			r = append(r, t)
		}
	}
	return r
}

// handle takes one line from the referee and returns the reply to an /ask
// (nil for other lines).
func (g *greedy) handle(line []byte) ([]byte, error) {
	m, err := protocol.ParseMessage(line)
	if err != nil {
		return nil, err
	}
	c := m.Cards()
	switch m.Op {
	case protocol.OpStart:
		g.me, g.hand, g.pongs = m.Seat, nil, nil
	case protocol.OpInitCard:
		g.hand = append(g.hand[:0], c...)
		g.ownTurn = len(c) == 17 // the dealer's first turn
	case protocol.OpMo:
		g.hand = append(g.hand, c[0])
		g.ownTurn = true
	case protocol.OpThrow:
		g.last, g.ownTurn = c[0], false
		if m.Seat == g.me {
			return nil, g.remove(c[0])
		}
	case protocol.OpEat, protocol.OpPong, protocol.OpGong:
		if m.Seat != g.me || (m.Op == protocol.OpGong && m.N == 0) {
			break
		}
		claimed := false
		for _, t := range c {
			if t == g.last && (m.Op != protocol.OpGong || m.Gong == protocol.GongMeld) {
				claimed = true
				continue
			}
			if err := g.remove(t); err != nil {
				return nil, err
			}
		}
		if !claimed && (m.Op != protocol.OpGong || m.Gong == protocol.GongMeld) {
			return nil, fmt.Errorf("%v does not hold the discard %d", m, g.last)
		}
		switch {
		case m.Op == protocol.OpPong:
			g.pongs = append(g.pongs, c[0].Kind())
		case m.Gong == protocol.GongPromoted:
			g.pongs = slices.DeleteFunc(g.pongs, func(k int) bool { return k == c[0].Kind() })
		}
	case protocol.OpAsk:
		r := g.answer(m.Ask)
		return r.Append(nil)
	}
	return nil, nil
}

// answer is the reply to a question.
func (g *greedy) answer(q protocol.Ask) protocol.Reply {
	var r protocol.Reply
	switch q {
	case protocol.AskHu:
		r.Op = protocol.OpHu
	case protocol.AskPong:
		if g.nopong {
			return protocol.Reply{Op: protocol.OpPass}
		}
		r.Op = protocol.OpPong
		r.SetCards(g.ofKind(g.last.Kind(), 2)...)
	case protocol.AskGong:
		r.Op = protocol.OpGong
		if !g.ownTurn {
			r.Gong = protocol.GongMeld
			r.SetCards(g.ofKind(g.last.Kind(), 3)...)
			break
		}
		for _, t := range g.hand {
			if four := g.ofKind(t.Kind(), 4); len(four) == 4 {
				r.Gong = protocol.GongConcealed
				r.SetCards(four...)
				break
			}
			if slices.Contains(g.pongs, t.Kind()) {
				r.Gong = protocol.GongPromoted
				r.SetCards(t)
				break
			}
		}
	case protocol.AskEat:
		r.Op = protocol.OpEat
		k := g.last.Kind()
		for _, d := range [3][2]int{{-2, -1}, {-1, 1}, {1, 2}} {
			a, b := g.ofKind(k+d[0], 1), g.ofKind(k+d[1], 1)
			if len(a) == 1 && len(b) == 1 && (k+d[0])%10 != 0 && (k+d[1])%10 != 0 {
				r.SetCards(b[0], a[0]) // any order
				break
			}
		}
	case protocol.AskThrow:
		r.Op = protocol.OpThrow
		r.SetCards(bestDiscard(g.hand))
	}
	return r
}

// bestDiscard is the tile whose discard leaves the lowest shanten (the
// last such tile held).
func bestDiscard(hand []protocol.TID) protocol.TID {
	var counts mjsolve.Counts
	kinds := make([]mjsolve.Kind, len(hand))
	for i, t := range hand {
		tile, _, _ := t.Tile(mjsolve.HonorsICGA)
		kinds[i] = tile.Kind()
		counts.Add(kinds[i])
	}
	best, bestSh := hand[len(hand)-1], 99
	for i, t := range hand {
		counts.Remove(kinds[i])
		sh, err := tw16.Shanten(counts)
		counts.Add(kinds[i])
		if err == nil && sh < bestSh {
			best, bestSh = t, sh
		}
	}
	return best
}
