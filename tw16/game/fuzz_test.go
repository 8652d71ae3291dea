package game

import (
	"encoding/binary"
	"testing"
)

// FuzzPlay plays a hand chosen by the input: the first eight bytes seed the
// wall (flowers when the ninth is odd), then each byte picks an action. A
// byte of 0xF0 or more makes up an action of its own from the next bytes
// (any type, any cards), which Apply must either play legally or refuse
// without changing anything. The invariants hold after every step, and a
// finished hand's points sum to zero.
func FuzzPlay(f *testing.F) {
	f.Add([]byte("seed0001\x00\x01\x02\x03\x04\x05\x06"))
	f.Add([]byte("seed0002\x01\xf3\x05\x10\x20\x30\x40\x00\x00\x00"))
	f.Add([]byte("\x00\x00\x00\x00\x00\x00\x00\x07\x00\xff\xff\xff\xff\xff\xff\xff\xff"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) < 9 {
			return
		}
		seed := binary.LittleEndian.Uint64(data)
		cfg := Config{Seed: seed, Flowers: data[8]&1 == 1, Dealer: Seat(data[8] >> 1 & 3), Round: Wind(data[8] >> 3 & 3)}
		g, err := New(cfg)
		if err != nil {
			t.Fatal(err)
		}
		data = data[9:]
		for len(data) > 0 && !g.Over() {
			acts := g.Actions()
			b := data[0]
			data = data[1:]
			if b < 0xF0 {
				a := acts[int(b)%len(acts)]
				if err := g.Apply(a); err != nil {
					t.Fatalf("offered %s refused: %v", a, err)
				}
				checkInvariants(t, g)
				continue
			}
			a := Action{Type: ActionType(b & 7)}
			for i := range a.Cards {
				a.Cards[i] = NoCard
				if len(data) > 0 {
					a.Cards[i] = Card(data[0])
					data = data[1:]
				}
			}
			before, seat, phase := len(g.Events()), g.ToAct(), g.Phase()
			if err := g.Apply(a); err != nil {
				if len(g.Events()) != before || g.ToAct() != seat || g.Phase() != phase {
					t.Fatalf("refused %s changed the game", a)
				}
			}
			checkInvariants(t, g)
		}
		if g.Over() {
			sum := 0
			for _, p := range g.Result().Points {
				sum += p
			}
			if sum != 0 {
				t.Fatalf("points %v", g.Result().Points)
			}
		}
	})
}
