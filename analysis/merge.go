package analysis

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"

	"github.com/mjsolve/mjsolve/internal/atomicfile"
)

// MergeResult is the outcome of [MergeFiles].
type MergeResult struct {
	// Header describes the merged experiment; First and Boards span the
	// union of the files' game ranges (which may have gaps: compare
	// Summary.Boards with Header.Boards), and Difficulty is 0 unless every
	// file has the same.
	Header  Header
	Summary *Summary
	Files   int
	// Duplicates counts records of a game already read from an earlier
	// file (or earlier in the same file); the first one is kept.
	Duplicates int64
	// Disagreements counts duplicates whose verdict differs from the kept
	// one where one of them is unknown (a budget ran out in one run).
	Disagreements int64
	// Truncated lists the files that end early: cut inside a line or a
	// zstd frame (see [RecordReader.Truncated]).
	Truncated []string
}

// gameSet is a sparse map from game number to a 2-bit state (0 absent, else
// verdict+1), in pages allocated where games exist: 16 KiB per 65,536 games.
type gameSet struct{ pages map[uint64]*[1 << 14]byte }

func (s *gameSet) get(g uint64) uint8 {
	p := s.pages[g>>16]
	if p == nil {
		return 0
	}
	i := g & 0xffff
	return p[i>>2] >> ((i & 3) * 2) & 3
}

func (s *gameSet) set(g uint64, v uint8) {
	if s.pages == nil {
		s.pages = make(map[uint64]*[1 << 14]byte)
	}
	p := s.pages[g>>16]
	if p == nil {
		p = new([1 << 14]byte)
		s.pages[g>>16] = p
	}
	i := g & 0xffff
	p[i>>2] |= v << ((i & 3) * 2)
}

// conflicting reports whether two records of one game contradict each
// other: both decided, with different verdicts. (Unknown against a
// decided verdict is a budget that ran out in one run.)
func conflicting(a, b Verdict) bool { return a != b && a != Unknown && b != Unknown }

// MergeFiles reads record files of the same experiment (layout, geometry,
// deal, seed, timeout: see [Header.Compatible]) and summarises the union of
// their games. Ranges may be disjoint or overlap; a game found twice counts
// once. Two files that disagree on a decided game (winnable in one,
// impossible in the other) are an error. Memory grows with the span of game
// numbers (2 bits a game), not with the number of records.
//
// It stops when ctx is done (Ctrl-C on a merge of millions of records),
// with an error wrapping ctx.Err().
func MergeFiles(ctx context.Context, paths []string) (*MergeResult, error) {
	var seen gameSet
	return mergeFiles(ctx, paths, &seen, nil)
}

// MergeRecords merges record files as [MergeFiles] does and writes the
// merged file to w. The file has the merged header (the union of the files'
// game ranges; Difficulty 0 unless every file has the same) and every game
// once — the record [MergeFiles] counts — in game order, zstd-compressed
// when zst is set. Merged shards of a run so give the same records as the
// run in one piece. The records are held in memory (about 100 bytes each)
// to be sorted; nothing is written when a file cannot be merged.
//
// It stops when ctx is done, with an error wrapping ctx.Err().
func MergeRecords(ctx context.Context, paths []string, w io.Writer, zst bool) (*MergeResult, error) {
	var seen gameSet
	var recs []Record
	res, err := mergeFiles(ctx, paths, &seen, func(r *Record) { recs = append(recs, *r) })
	if err != nil {
		return nil, err
	}
	slices.SortFunc(recs, func(a, b Record) int { return cmp.Compare(a.Game, b.Game) })
	rw, err := NewRecordWriter(w, zst, res.Header)
	if err != nil {
		return nil, err
	}
	for i, r := range recs {
		if i%4096 == 0 && ctx.Err() != nil {
			rw.Close()
			return nil, mergeStopped(ctx)
		}
		if err := rw.Write(r); err != nil {
			rw.Close()
			return nil, err
		}
	}
	if err := rw.Close(); err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, mergeStopped(ctx)
	}
	return res, nil
}

// mergeStopped is the error of a merge stopped because ctx is done.
func mergeStopped(ctx context.Context) error {
	return fmt.Errorf("analysis: merge stopped: %w", ctx.Err())
}

// MergeFile merges record files as [MergeRecords] does into the record
// file out, zstd-compressed when its name ends in .zst. out is written
// whole or not at all (a temporary file renamed over it), so it may be one
// of paths; an existing out keeps its permissions, a new one is
// -rw-r--r--. A failure to create out is an *fs.PathError with Op "create"
// and Path out; a failure while writing it is a *WriteError.
//
// It stops when ctx is done, while it reads the files or writes the merged
// records, with an error wrapping ctx.Err() and out as it was (absent, or
// the file it was).
func MergeFile(ctx context.Context, paths []string, out string) (*MergeResult, error) {
	f, err := atomicfile.Create(out, 0o644)
	if err != nil {
		return nil, err
	}
	defer f.Abort()
	m, err := MergeRecords(ctx, paths, f, isZst(out))
	if pe, ok := errors.AsType[*fs.PathError](err); ok && pe.Path == f.TempName() {
		// Named by out, not by the temporary file.
		return nil, &WriteError{&fs.PathError{Op: "write", Path: out, Err: pe.Err}}
	} else if err != nil {
		return nil, err
	}
	if err := f.Commit(); err != nil {
		return nil, &WriteError{err}
	}
	if err := f.Close(); err != nil {
		return nil, &WriteError{&fs.PathError{Op: "write", Path: out, Err: atomicfile.Cause(err)}}
	}
	return m, nil
}

// IsZst reports whether a record file name asks for zstd compression (it
// ends in ".zst").
func IsZst(name string) bool { return isZst(name) }

// mergeFiles is [MergeFiles] with the set of games seen (their verdicts,
// filled in) and a function called with each record kept (nil for none).
func mergeFiles(ctx context.Context, paths []string, seen *gameSet, each func(*Record)) (*MergeResult, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("analysis: merge: no files")
	}
	res := &MergeResult{Summary: &Summary{}, Files: len(paths)}
	for i, path := range paths {
		if err := mergeFile(ctx, res, seen, path, paths[0], i == 0, each); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// ReadHeader reads only the header of the record file at path, for a
// caller that sorts files before reading their records.
func ReadHeader(path string) (Header, error) {
	rr, err := openRecords(path)
	if err != nil {
		return Header{}, err
	}
	defer rr.Close()
	return rr.Header(), nil
}

// RecordFile is a whole record file read into memory: its header, its
// records in file order, and whether it ended early ([RecordReader.Truncated]).
type RecordFile struct {
	Header    Header
	Records   []Record
	Truncated bool
}

// ReadRecordFile reads the record file at path whole, for a program that
// looks at the records of a small run (large runs are better read record
// by record with a [RecordReader], or merged). A damaged file is an error
// wrapping [ErrDamaged]; a file cut short is not (Truncated says so).
func ReadRecordFile(path string) (*RecordFile, error) {
	rr, err := openRecords(path)
	if err != nil {
		return nil, err
	}
	defer rr.Close()
	rf := &RecordFile{Header: rr.Header()}
	for {
		r, err := rr.Next()
		if err == io.EOF {
			rf.Truncated = rr.Truncated()
			return rf, nil
		}
		if err != nil {
			return nil, err
		}
		rf.Records = append(rf.Records, r)
	}
}

// mergeFile adds the records of path to res; firstPath names the first
// file (whose header res holds) in errors.
func mergeFile(ctx context.Context, res *MergeResult, seen *gameSet, path, firstPath string, first bool, each func(*Record)) error {
	rr, err := openRecords(path)
	if err != nil {
		return err
	}
	defer rr.Close()
	h := rr.Header()
	if first {
		res.Header = h
	} else {
		if err := res.Header.Compatible(&h); err != nil {
			was, is := err.(*MismatchError).Sides()
			return fmt.Errorf("analysis: cannot merge %s: %s was written with %s; %s with %s", path, path, is, firstPath, was)
		}
		lo := min(res.Header.First, h.First)
		hi := max(res.Header.Last(), h.Last())
		res.Header.First, res.Header.Boards = lo, hi-lo+1
		if res.Header.Difficulty != h.Difficulty {
			// Files of different playouts: no number holds for every
			// record; 0 says so, as in files written before it was
			// recorded (a resume then reads the records).
			res.Header.Difficulty = 0
		}
	}
	for n := 0; ; n++ {
		if n%4096 == 0 && ctx.Err() != nil {
			return mergeStopped(ctx)
		}
		r, err := rr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return err
		}
		old := seen.get(r.Game)
		if old == 0 {
			seen.set(r.Game, uint8(r.Verdict)+1)
			res.Summary.Add(r)
			if each != nil {
				each(&r)
			}
			continue
		}
		res.Duplicates++
		if ov := Verdict(old - 1); ov != r.Verdict {
			if !conflicting(ov, r.Verdict) {
				res.Disagreements++
				continue
			}
			return fmt.Errorf("analysis: %s line %d: game %d is %s, but %s in an earlier record", path, rr.Line(), r.Game, r.Verdict, ov)
		}
	}
	if rr.Truncated() {
		res.Truncated = append(res.Truncated, path)
	}
	return nil
}
