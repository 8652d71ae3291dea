package bot

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/klauspost/compress/zstd"

	"github.com/mjsolve/mjsolve/internal/atomicfile"
	"github.com/mjsolve/mjsolve/tw16/game"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// LogName is the name of the file SelfPlay writes for the hand numbered n
// (from 1) under SelfPlayOptions.LogDir: hand-NNNN.jsonl.zst.
func LogName(n int) string { return fmt.Sprintf("hand-%04d.jsonl.zst", n) }

// LogDirError is a log directory that already holds hands, which a
// self-play would overwrite (First names one), or that cannot be made
// (Err says why).
type LogDirError struct {
	Dir, First string
	Err        error
}

func (e *LogDirError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("bot: log directory: %v", e.Err)
	}
	return fmt.Sprintf("bot: %s already holds hands (%s …)", e.Dir, e.First)
}

// Unwrap returns why the directory cannot be made.
func (e *LogDirError) Unwrap() error { return e.Err }

// prepareLogDir refuses a dir that holds hands, removes the temporary
// files of hands a killed self-play left there, and makes it.
func prepareLogDir(dir string) error {
	if old, _ := filepath.Glob(filepath.Join(dir, "hand-*.jsonl.zst")); len(old) > 0 {
		return &LogDirError{Dir: dir, First: filepath.Base(old[0])}
	}
	if des, err := os.ReadDir(dir); err == nil {
		for _, de := range des {
			name, _, ok := strings.Cut(de.Name(), ".tmp")
			if ok && strings.HasPrefix(name, ".hand-") && strings.HasSuffix(name, ".jsonl.zst") {
				if _, err := atomicfile.RemoveStale(filepath.Join(dir, name[1:])); err != nil {
					return &LogDirError{Dir: dir, Err: err}
				}
			}
		}
	}
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return &LogDirError{Dir: dir, Err: err}
	}
	return nil
}

// recorder plays a strategy and writes down its decisions.
type recorder struct {
	game.Strategy
	steps *[]handlog.Step
}

func (r *recorder) Choose(v *game.View, acts []game.Action) int {
	i := r.Strategy.Choose(v, acts)
	if i >= 0 && i < len(acts) {
		*r.steps = append(*r.steps, handlog.Step{Seat: v.Seat, Action: acts[i]})
	}
	return i
}

// handLog writes the hands a player plays.
type handLog struct {
	dir   string
	names [4]string
	recs  [4]recorder
	steps []handlog.Step
	z     *zstd.Encoder
	buf   bytes.Buffer
	out   []byte
}

func newHandLog(dir string, names [4]string) (*handLog, error) {
	z, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedDefault), zstd.WithEncoderConcurrency(1), zstd.WithWindowSize(1<<20))
	if err != nil {
		return nil, fmt.Errorf("bot: %w", err)
	}
	l := &handLog{dir: dir, names: names, z: z}
	for i := range l.recs {
		l.recs[i].steps = &l.steps
	}
	return l, nil
}

// wrap starts a hand: the seats' strategies are recorded.
func (l *handLog) wrap(seats *[4]game.Strategy) {
	l.steps = l.steps[:0]
	for s := range seats {
		l.recs[s].Strategy = seats[s]
		seats[s] = &l.recs[s]
	}
}

// write writes the hand h, played from cfg, into its file.
func (l *handLog) write(h game.Scheduled, cfg game.Config, wall []game.Card) error {
	hd := handlog.Header{
		Source: handlog.SourceSelfPlay, Hand: h.Index + 1,
		Schedule: handlog.Schedule{Cycle: h.Cycle, Jong: h.Jong, Seating: h.Seating, Deal: h.Hand},
	}
	for s, q := range h.Players {
		hd.Seats = append(hd.Seats, handlog.SeatInfo{Seat: s + 1, Wind: game.Wind(s).String(), Player: q + 1, Name: l.names[q]})
	}
	cfg.Wall = wall
	hand, err := handlog.Build(hd, cfg, l.steps)
	if err != nil {
		return fmt.Errorf("bot: hand %d: %w", h.Index+1, err)
	}
	l.buf.Reset()
	if _, err := hand.WriteTo(&l.buf); err != nil {
		return err
	}
	l.out = l.z.EncodeAll(l.buf.Bytes(), l.out[:0])
	name := filepath.Join(l.dir, LogName(h.Index+1))
	if err := atomicfile.WriteFile(name, l.out, 0o644); err != nil {
		return fmt.Errorf("bot: writing %s: %w", name, atomicfile.Cause(err))
	}
	return nil
}
