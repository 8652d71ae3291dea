package game

import (
	"encoding/binary"
	"math/bits"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// winsMemo remembers the winning kinds of concealed parts of 3k+1 by
// their counts, for one tw16.Forms: a game played out many times from
// similar positions (a search's playouts) meets the same hands again.
// It is direct-mapped; a slot holds the whole counts, so a hit is exact.
type winsMemo struct {
	forms tw16.Forms
	keys  [winsMemoSize]winsKey // the zero key (no cards): empty
	wins  [winsMemoSize]tw16.KindSet
}

// winsKey is a part's counts as words.
type winsKey struct {
	w    [4]uint64
	last uint16
}

// winsMemoBits is log2 of winsMemoSize.
const (
	winsMemoBits = 11
	winsMemoSize = 1 << winsMemoBits
)

// updateWins sets the winning kinds of h, a concealed part of 3k+1, as
// h.updateWins(g.forms) does, remembering them in g's memo.
func (g *Game) updateWins(h *hand) {
	m := g.memo
	if m == nil || m.forms != g.forms {
		if m == nil {
			m = new(winsMemo)
			g.memo = m
		} else {
			*m = winsMemo{}
		}
		m.forms = g.forms
	}
	c := &h.counts
	key := winsKey{
		w: [4]uint64{binary.LittleEndian.Uint64(c[0:8]), binary.LittleEndian.Uint64(c[8:16]),
			binary.LittleEndian.Uint64(c[16:24]), binary.LittleEndian.Uint64(c[24:32])},
		last: binary.LittleEndian.Uint16(c[32:mjsolve.NumKinds]),
	}
	x := (key.w[0] ^ bits.RotateLeft64(key.w[1], 17) ^ bits.RotateLeft64(key.w[2], 31) ^
		bits.RotateLeft64(key.w[3], 47) ^ uint64(key.last)) * 0x9e3779b97f4a7c15
	i := x >> (64 - winsMemoBits)
	if k := &m.keys[i]; k.w[0] == key.w[0] && k.w[1] == key.w[1] && k.w[2] == key.w[2] && k.w[3] == key.w[3] && k.last == key.last {
		h.wins = m.wins[i]
		return
	}
	h.updateWins(g.forms)
	m.keys[i], m.wins[i] = key, h.wins
}
