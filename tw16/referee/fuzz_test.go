package referee

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16/game"
)

// memTranscript plays one hand of in-process greedy players (seat 2
// replaced by a program that answers garbage to its third question) and
// writes its transcript as text.
func memTranscript(seed uint64) string {
	g, _ := game.New(game.Config{Seed: seed, Dealer: game.Seat(seed % 4)})
	w := &memWire{}
	for s := range w.players {
		w.players[s] = &greedy{}
	}
	h := &hand{g: g, w: w, o: mjsolve.HonorsICGA}
	h.play()
	hd := &Header{Hand: 1, Dealer: g.Dealer(), Round: g.Round(), MoveTime: time.Second, Wall: g.Wall(), Start: time.Unix(0, 0)}
	var b strings.Builder
	b.WriteString(formatHeader(hd))
	for _, r := range w.recs {
		fmt.Fprintf(&b, "0.000001 %d %c %s\n", r.Seat+1, r.Dir, appendText(nil, []byte(r.Text)))
	}
	p := g.Result().Points
	fmt.Fprintf(&b, "result x\nend %d %d %d %d\n", p[0], p[1], p[2], p[3])
	return b.String()
}

// FuzzReplay: any text is refused or read, and a transcript read replays
// to a result or a mismatch, never a panic or a hang; an untouched
// transcript verifies.
func FuzzReplay(f *testing.F) {
	for seed := range uint64(3) {
		f.Add(memTranscript(seed))
	}
	f.Add("mjsolve tw16 transcript 1\nhand 1\n")
	f.Fuzz(func(t *testing.T, text string) {
		tr, err := ReadTranscript(strings.NewReader(text))
		if err != nil {
			if tr != nil {
				t.Fatal("an error with a transcript")
			}
			return
		}
		res, err := Replay(tr, nil)
		if err == nil && res.Points != tr.Points {
			t.Fatalf("verified with points %v, the transcript says %v", res.Points, tr.Points)
		}
	})
}

func TestMemTranscriptVerifies(t *testing.T) {
	for seed := range uint64(5) {
		text := memTranscript(seed)
		if _, _, err := ReplayReader(bytes.NewReader([]byte(text)), nil); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
}
