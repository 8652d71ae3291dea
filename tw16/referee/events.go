package referee

import (
	"bufio"
	"bytes"
	"fmt"
	"io"

	"github.com/klauspost/compress/zstd"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// Events replays the transcript t (see Replay) and returns the hand in
// event form (tw16/handlog): every event, with the decisions of the
// programs, the time each took to decide, the failures and the moves of
// the dummy.
func Events(t *Transcript, tables *tw16.TableSet) (*handlog.Hand, error) {
	var steps []handlog.Step
	if _, err := replay(t, tables, &steps); err != nil {
		return nil, err
	}
	h := &t.Header
	hd := handlog.Header{
		Source: handlog.SourceReferee, Hand: h.Hand,
		Schedule: handlog.Schedule{Cycle: h.Cycle, Jong: h.Jong, Seating: h.Seating, Deal: h.Deal},
		Honors:   h.Honors.String(),
	}
	for s, si := range h.Seats {
		hd.Seats = append(hd.Seats, handlog.SeatInfo{Seat: s + 1, Wind: game.Wind(s).String(), Player: si.Player + 1, Name: si.Name, Command: si.Command})
	}
	hand, err := handlog.Build(hd, game.Config{Wall: h.Wall, Dealer: h.Dealer, Round: h.Round, Tables: tables}, steps)
	if err != nil {
		return nil, fmt.Errorf("referee: transcript: %w", err)
	}
	if end := hand.End(); [4]int(end.Points) != t.Points {
		return nil, fmt.Errorf("referee: transcript: the event form has the points %v, the transcript %v", end.Points, t.Points) // a bug
	}
	return hand, nil
}

// ReadHand reads one hand, a referee transcript or a hand in event form
// (handlog.Read; each compressed with zstd or not), checks it against the
// rules engine (Replay, handlog.Verify) and returns it in event form.
func ReadHand(r io.Reader, tables *tw16.TableSet) (*handlog.Hand, error) {
	br := bufio.NewReader(r)
	var src io.Reader = br
	if magic, _ := br.Peek(4); handlog.IsZstd(magic) {
		z, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxWindow(8<<20), zstd.WithDecoderMaxMemory(64<<20))
		if err != nil {
			return nil, fmt.Errorf("referee: %w", err)
		}
		defer z.Close()
		src = z
	}
	data, err := io.ReadAll(io.LimitReader(src, maxTranscript+1))
	switch {
	case err != nil:
		return nil, fmt.Errorf("referee: the hand is cut short or damaged: %w", err)
	case len(data) > maxTranscript:
		return nil, fmt.Errorf("referee: the hand is larger than %d bytes", maxTranscript)
	}
	if text := bytes.TrimLeft(data, " \t\r\n"); len(text) > 0 && text[0] == '{' {
		h, err := handlog.Read(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		if err := handlog.Verify(h, tables); err != nil {
			return nil, err
		}
		return h, nil
	}
	if !bytes.HasPrefix(data, []byte(transcriptMagic+"\n")) {
		return nil, fmt.Errorf("referee: not a hand: neither a transcript (its first line %q) nor a hand in event form (JSON lines)", transcriptMagic)
	}
	t, err := ReadTranscript(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return Events(t, tables)
}
