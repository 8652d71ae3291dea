package analysis

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/mjsolve/mjsolve/internal/atomicfile"
)

// Resumed is an output record file opened by [ResumeRecords] to continue a
// run.
type Resumed struct {
	// Writer appends to the file; the records kept are already in it.
	Writer *RecordWriter
	// Summary counts the records kept before Next (Solved and Wall are
	// zero); the Skip records are counted by [Run].
	Summary *Summary
	// Next is the first game not in the contiguous run of finished games
	// from the header's first game: the run goes on from there.
	Next uint64
	// Skip holds finished games after Next (left by an interrupted run);
	// pass it to [Config.Skip]. They are written again, in order, as the run
	// delivers them.
	Skip map[uint64]Record
	// Created is true when the file did not exist and was created.
	Created bool
	// Truncated is true when the file ended early (cut inside a line or a
	// zstd frame): what was cut off is lost, and its games are run again.
	Truncated bool
	// Stale lists the temporary files of an earlier ResumeRecords on the
	// same file, killed during its copy, that were removed.
	Stale []string
	// Duplicates counts records of a game already seen, which were dropped
	// (the first is kept). Two records of a game with different decided
	// verdicts are an error.
	Duplicates int64
}

// ResumeRecords opens the record file path to continue the run described by
// h. A file that does not exist (or is empty) is created. An existing file must have been
// written for the same layout, geometry, deal, seed, timeout and first game
// (its number of boards may be smaller: the run is extended), and must not
// hold games after h's last; otherwise ResumeRecords refuses with an error
// that says what differs, and leaves the file alone.
//
// The records kept are copied, in game order, into a new file that replaces
// path (a temporary file synced and renamed over it, so a failure leaves the
// old one intact; the file keeps its permissions); temporary files left by
// an earlier resume killed during its copy are removed first (only one run
// may write a file at a time). A file that merely ends
// early (a last line without its newline, an incomplete last zstd frame)
// loses what was cut off; a damaged one (see [ErrDamaged]) is refused with
// an error naming the file and where, and left as it is, as is a file that
// holds a game twice with different decided verdicts.
func ResumeRecords(path string, h Header) (*Resumed, error) {
	if err := checkRegular(path); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		// An empty file (a run killed as it started) holds nothing to keep.
		if err := os.Remove(path); err != nil {
			return nil, fmt.Errorf("analysis: %w", err)
		}
	}
	rr, err := openRecords(path)
	if errors.Is(err, os.ErrNotExist) {
		w, err := CreateRecords(path, h)
		if err != nil {
			return nil, err
		}
		return &Resumed{Writer: w, Summary: &Summary{}, Next: h.First, Created: true}, nil
	}
	if err != nil {
		return nil, err
	}
	defer rr.Close()
	oh := rr.Header()
	if err := resumable(path, &oh, &h); err != nil {
		return nil, err
	}

	// A resume killed during its copy left its temporary file: remove it
	// (one run writes a file at a time).
	stale, err := atomicfile.RemoveStale(path)
	if err != nil {
		return nil, fmt.Errorf("analysis: removing stale temporary files of %s: %w", path, err)
	}
	tmp, err := atomicfile.Create(path, 0o644) // keeps the file's permissions
	if err != nil {
		return nil, fmt.Errorf("analysis: %w", err)
	}
	fail := func(err error) (*Resumed, error) {
		tmp.Abort()
		if _, ok := errors.AsType[*WriteError](err); ok {
			// Name the file, not the temporary copy.
			cause := err
			if pe, ok := errors.AsType[*fs.PathError](err); ok {
				cause = pe.Err
			}
			return nil, &WriteError{fmt.Errorf("analysis: cannot resume %s: writing its copy: %w", path, cause)}
		}
		return nil, err
	}
	w, err := NewRecordWriter(tmp, isZst(path), h)
	if err != nil {
		return fail(err)
	}
	res := &Resumed{Writer: w, Summary: &Summary{}, Next: h.First, Skip: make(map[uint64]Record), Stale: stale}
	var seen gameSet // the verdicts of the games read
	keep := func(r Record) error {
		if err := w.Write(r); err != nil {
			return err
		}
		res.Summary.Add(r)
		return nil
	}
	for {
		r, err := rr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fail(err)
		}
		if dup, err := checkResumed(path, rr, &r, &h, &seen); err != nil {
			return fail(err)
		} else if dup {
			res.Duplicates++
			continue
		}
		if r.Game > res.Next {
			res.Skip[r.Game] = r
			continue
		}
		if err := keep(r); err != nil {
			return fail(err)
		}
		res.Next++
		for {
			s, ok := res.Skip[res.Next]
			if !ok {
				break
			}
			delete(res.Skip, res.Next)
			if err := keep(s); err != nil {
				return fail(err)
			}
			res.Next++
		}
	}
	res.Truncated = rr.Truncated()
	if err := w.Flush(); err != nil {
		return fail(err)
	}
	if err := tmp.Commit(); err != nil {
		return fail(&WriteError{fmt.Errorf("analysis: %w", err)})
	}
	w.f = tmp.File // the file, now under path, goes on taking records
	return res, nil
}

// checkResumed is ResumeRecords' check of the record r just read from rr
// (the file path) against the run's h: a game after h's last, a winnable
// board of another number of playouts, and a game read before (seen holds
// the verdicts read so far) with another decided verdict are errors; dup
// reports a game read before, whose record is dropped.
func checkResumed(path string, rr *RecordReader, r *Record, h *Header, seen *gameSet) (dup bool, err error) {
	if r.Game > h.Last() {
		return false, fmt.Errorf("analysis: cannot resume %s: it holds game %d, after this run's last game %d (ask for more boards)", path, r.Game, h.Last())
	}
	if r.Verdict == Winnable && r.Playouts != h.Difficulty {
		return false, fmt.Errorf("analysis: cannot resume %s: line %d: game %d was run with %s; this run has %s", path, rr.Line(), r.Game, difficultyName(r.Playouts), difficultyName(h.Difficulty))
	}
	if old := seen.get(r.Game); old != 0 {
		if ov := Verdict(old - 1); conflicting(ov, r.Verdict) {
			return false, fmt.Errorf("analysis: cannot resume %s: line %d: game %d is %s, but %s in an earlier record", path, rr.Line(), r.Game, r.Verdict, ov)
		}
		return true, nil
	}
	seen.set(r.Game, uint8(r.Verdict)+1)
	return false, nil
}

// CheckResume says whether [ResumeRecords] would refuse a record file,
// without changing anything. It returns the error ResumeRecords would give
// for the file path and the run described by h: for its header (written for
// another experiment or first game, or unreadable) or for its records
// (damaged, a game after h's last, another number of playouts, a game twice
// with different decided verdicts). A file that does not exist, or is
// empty, passes: ResumeRecords would create it; so does a file that merely
// ends early, which ResumeRecords mends. A run of several files checks them
// all first, so that a later file's refusal comes before anything runs.
//
// It stops reading the records when ctx is done, with an error that wraps
// ctx.Err() (a file of ten million records takes seconds to read).
func CheckResume(ctx context.Context, path string, h Header) error {
	if err := checkRegular(path); err != nil {
		return err
	}
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() && fi.Size() == 0 {
		return nil
	}
	rr, err := openRecords(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	} else if err != nil {
		return err
	}
	defer rr.Close()
	oh := rr.Header()
	if err := resumable(path, &oh, &h); err != nil {
		return err
	}
	var seen gameSet
	for n := 0; ; n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return fmt.Errorf("analysis: checking %s stopped: %w", path, ctx.Err())
		}
		r, err := rr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := checkResumed(path, rr, &r, &h, &seen); err != nil {
			return err
		}
	}
}

// resumable is the header check of ResumeRecords: the file's header oh
// against the run's h.
// checkRegular refuses to resume path when it exists and is neither a
// regular file nor a directory (a device, a named pipe, a socket): a
// resume rewrites the file, and opening a named pipe to read it would
// wait for a writer that never comes.
func checkRegular(path string) error {
	if fi, err := os.Stat(path); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		return fmt.Errorf("analysis: cannot resume %s: not a regular file (a device, pipe or socket)", path)
	}
	return nil
}

func resumable(path string, oh, h *Header) error {
	if err := oh.Compatible(h); err != nil {
		file, run := err.(*MismatchError).Sides()
		return fmt.Errorf("analysis: cannot resume %s: %s was written with %s; this run has %s", path, path, file, run)
	}
	if oh.Difficulty != 0 && oh.Difficulty != h.Difficulty {
		return fmt.Errorf("analysis: cannot resume %s: %s was written with %s; this run has %s", path, path, difficultyName(oh.Difficulty), difficultyName(h.Difficulty))
	}
	if oh.First != h.First {
		return fmt.Errorf("analysis: cannot resume %s: it starts at game %d, this run at game %d", path, oh.First, h.First)
	}
	return nil
}

// difficultyName names a number of playouts per winnable board in a
// message, as the command's flag gives it.
func difficultyName(k int64) string {
	if k == 0 {
		return "no --difficulty"
	}
	return fmt.Sprintf("--difficulty %d", k)
}
