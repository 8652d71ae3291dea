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
	if v := os.Getenv("MJSOLVE_TEST_PLAYER"); v == "greedy" || v == "greedy-nopong" {
		if err := greedy(v == "greedy-nopong"); err != nil {
			fmt.Fprintln(os.Stderr, "greedy:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// greedyCommand is the command of the test's own player: it follows its
// hand from the referee's messages alone, refuses any line that does not
// parse, wins whenever asked, claims every discard it is offered (a kong
// before a pong), makes every kong and discards to the lowest shanten.
// With nopong it passes on every pong (keeping its triplets for kongs).
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

// greedy plays until its input ends, hand after hand (it takes /start as a
// fresh start, so it can be reused).
func greedy(nopong bool) error {
	in := bufio.NewScanner(os.Stdin)
	out := bufio.NewWriter(os.Stdout)
	var (
		me      uint8
		hand    []protocol.TID
		pongs   []int // kinds (TID/10) of my pongs
		last    protocol.TID
		ownTurn bool
		remove  = func(t protocol.TID) error {
			i := slices.Index(hand, t)
			if i < 0 {
				return fmt.Errorf("told to give up %d, which I do not hold (%v)", t, hand)
			}
			hand = slices.Delete(hand, i, i+1)
			return nil
		}
		ofKind = func(k, n int) []protocol.TID {
			var r []protocol.TID
			for _, t := range hand {
				if t.Kind() == k && len(r) < n {
					r = append(r, t)
				}
			}
			return r
		}
	)
	reply := func(r protocol.Reply) error {
		b, err := r.Append(nil)
		if err != nil {
			return err
		}
		out.Write(append(b, '\n'))
		return out.Flush()
	}
	for in.Scan() {
		m, err := protocol.ParseMessage(in.Bytes())
		if err != nil {
			return err
		}
		c := m.Cards()
		switch m.Op {
		case protocol.OpStart:
			me, hand, pongs = m.Seat, nil, nil
		case protocol.OpInitCard:
			hand = append(hand[:0], c...)
		case protocol.OpMo:
			hand = append(hand, c[0])
			ownTurn = true
		case protocol.OpThrow:
			last, ownTurn = c[0], false
			if m.Seat == me {
				if err := remove(c[0]); err != nil {
					return err
				}
			}
		case protocol.OpEat, protocol.OpPong, protocol.OpGong:
			if m.Seat != me || (m.Op == protocol.OpGong && m.N == 0) {
				break
			}
			claimed := false
			for _, t := range c {
				if t == last && m.Op != protocol.OpGong || t == last && m.Gong == protocol.GongMeld {
					claimed = true
					continue
				}
				if err := remove(t); err != nil {
					return err
				}
			}
			if !claimed && (m.Op != protocol.OpGong || m.Gong == protocol.GongMeld) {
				return fmt.Errorf("%v does not hold the discard %d", m, last)
			}
			switch {
			case m.Op == protocol.OpPong:
				pongs = append(pongs, c[0].Kind())
			case m.Gong == protocol.GongPromoted:
				pongs = slices.DeleteFunc(pongs, func(k int) bool { return k == c[0].Kind() })
			}
		case protocol.OpAsk:
			var r protocol.Reply
			switch m.Ask {
			case protocol.AskHu:
				r.Op = protocol.OpHu
			case protocol.AskPong:
				r.Op = protocol.OpPong
				r.SetCards(ofKind(last.Kind(), 2)...)
				if nopong {
					r = protocol.Reply{Op: protocol.OpPass}
				}
			case protocol.AskGong:
				r.Op = protocol.OpGong
				if !ownTurn {
					r.Gong = protocol.GongMeld
					r.SetCards(ofKind(last.Kind(), 3)...)
					break
				}
				for _, t := range hand {
					if four := ofKind(t.Kind(), 4); len(four) == 4 {
						r.Gong = protocol.GongConcealed
						r.SetCards(four...)
						break
					}
					if slices.Contains(pongs, t.Kind()) {
						r.Gong = protocol.GongPromoted
						r.SetCards(t)
						break
					}
				}
			case protocol.AskEat:
				r.Op = protocol.OpEat
				k := last.Kind()
				for _, d := range [3][2]int{{-2, -1}, {-1, 1}, {1, 2}} {
					a, b := ofKind(k+d[0], 1), ofKind(k+d[1], 1)
					if len(a) == 1 && len(b) == 1 && (k+d[0])%10 != 0 && (k+d[1])%10 != 0 {
						r.SetCards(b[0], a[0]) // any order
						break
					}
				}
			case protocol.AskThrow:
				r.Op = protocol.OpThrow
				r.SetCards(bestDiscard(hand))
			}
			if err := reply(r); err != nil {
				return err
			}
		}
	}
	return in.Err()
}

// bestDiscard is the tile whose discard leaves the lowest shanten (the
// highest such tile id).
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
