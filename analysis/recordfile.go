package analysis

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/klauspost/compress/zstd"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/internal/atomicfile"
	"github.com/mjsolve/mjsolve/solver"
)

// Format is the value of the "mjsolve" field of a record file's header.
const Format = "solitaire-records"

// FormatVersion is the version of the record file format.
const FormatVersion = 1

// Header is the first line of a record file: what was run. A run can
// continue a file, and files can be merged, only when their layout, tile
// count, geometry, deal, seed, per-board timeout and no-peek strategy and
// its version agree ([Header.Compatible]).
type Header struct {
	Format    string `json:"mjsolve"`  // always [Format]
	Version   int    `json:"version"`  // [FormatVersion]
	Layout    string `json:"layout"`   // layout name as given, e.g. "turtle"
	Tiles     int    `json:"tiles"`    // number of tiles of the layout
	Geometry  string `json:"geometry"` // fingerprint of the layout's slots (see runs.NewHeader)
	Deal      string `json:"deal"`     // dealer name, e.g. "pcg"
	Seed      uint64 `json:"seed"`
	First     uint64 `json:"first"`      // first game of the range
	Boards    uint64 `json:"boards"`     // games First..First+Boards−1
	TimeoutNS int64  `json:"timeout_ns"` // per-board time limit, 0 for none
	// Strategy names the strategy that played every board without
	// peeking (mjsolve solitaire play; records with "won", "moves",
	// "left"); "" for the main job's files, which play nothing.
	Strategy string `json:"strategy,omitempty"`
	// StrategyVersion is the version of the strategy that played (what
	// nopeek.Version returns: "1", or "1+rollouts=256" for a lookahead of
	// another budget), so that plays of another version are never
	// continued or merged into the file. "" in the main job's files, and
	// in the files of plays written before versions were recorded: their
	// version is unknown, and they match no version.
	StrategyVersion string `json:"strategy_version,omitempty"`
	// Difficulty is the number of random playouts of every winnable
	// board (mjsolve solitaire --difficulty K: [Record.Playouts]), 0 for
	// none, so that a file is never continued with another. Files written
	// before it was recorded say 0 whatever their records hold: a resume
	// checks the records too.
	Difficulty int64 `json:"difficulty,omitempty"`
}

// Last is the last game of the header's range.
func (h *Header) Last() uint64 { return h.First + h.Boards - 1 }

// Compatible reports whether records written under h and o describe the same
// experiment (layout, tiles, geometry, deal, seed, timeout, strategy and
// its version); the game ranges
// may differ. The error, a *MismatchError, says what differs.
func (h *Header) Compatible(o *Header) error {
	var diffs []Mismatch
	add := func(what, a, b string) {
		if a != b {
			diffs = append(diffs, Mismatch{what, a, b})
		}
	}
	add("layout", h.Layout, o.Layout)
	add("geometry", fmt.Sprintf("%d tiles %s", h.Tiles, h.Geometry), fmt.Sprintf("%d tiles %s", o.Tiles, o.Geometry))
	add("deal", h.Deal, o.Deal)
	add("seed", fmt.Sprint(h.Seed), fmt.Sprint(o.Seed))
	add("timeout per board", time.Duration(h.TimeoutNS).String(), time.Duration(o.TimeoutNS).String())
	add("strategy", strategyName(h.Strategy), strategyName(o.Strategy))
	if h.Strategy == o.Strategy {
		add("strategy version", strategyVersionName(h.StrategyVersion), strategyVersionName(o.StrategyVersion))
	}
	if diffs == nil {
		return nil
	}
	return &MismatchError{diffs}
}

// strategyName names a header's strategy in a message: "none" for a file
// of the main job.
func strategyName(s string) string {
	if s == "" {
		return "none (no play without peeking)"
	}
	return s
}

// strategyVersionName names a strategy version in a message: "unknown"
// for a play written before versions were recorded.
func strategyVersionName(v string) string {
	if v == "" {
		return "unknown (not recorded)"
	}
	return v
}

// Mismatch is a parameter in which two headers differ: What ("seed") and
// its values in the first (A) and the second (B).
type Mismatch struct{ What, A, B string }

// MismatchError is the error of [Header.Compatible]: the parameters in
// which two headers differ.
type MismatchError struct{ Diffs []Mismatch }

// Error says "seed 1, not 2; deal pcg, not mjsolver": the first header's
// values, then the second's.
func (e *MismatchError) Error() string {
	parts := make([]string, len(e.Diffs))
	for i, d := range e.Diffs {
		parts[i] = fmt.Sprintf("%s %s, not %s", d.What, d.A, d.B)
	}
	return strings.Join(parts, "; ")
}

// Sides describes the two headers' values apart, for a message naming
// whose they are: "seed 1 and deal pcg" and "seed 2 and deal mjsolver".
func (e *MismatchError) Sides() (a, b string) {
	as, bs := make([]string, len(e.Diffs)), make([]string, len(e.Diffs))
	for i, d := range e.Diffs {
		as[i], bs[i] = d.What+" "+d.A, d.What+" "+d.B
	}
	return strings.Join(as, " and "), strings.Join(bs, " and ")
}

// isZst reports whether a file name asks for zstd compression.
func isZst(name string) bool { return strings.HasSuffix(name, ".zst") }

// flushEvery is how often a RecordWriter pushes buffered records to the file
// on its own (for a compressed file, ending a checksummed frame): at most
// this long after a record is written, even when no other record follows,
// so that a killed process loses at most this much work.
const flushEvery = 2 * time.Second

// RecordWriter writes a header and then one JSON line per record, zstd
// compressed or not. Records should come in game order ([Run] delivers them
// so). It is not safe for concurrent use (its own timer, which flushes
// records left waiting, takes a lock).
type RecordWriter struct {
	mu        sync.Mutex // held by every method and by the timer's flush
	f         *os.File   // the file, when the writer owns one
	bw        *bufio.Writer
	fw        *frameWriter // nil for a plain file
	buf       []byte
	every     time.Duration // flushEvery (shorter in tests)
	lastFlush time.Time
	dirty     bool        // records written since the last flush
	timer     *time.Timer // pending flush of dirty records, or nil
	n         int64
	err       error
	header    Header // what records are checked against
}

// NewRecordWriter writes the header h to w and returns a writer for the
// records; zst selects zstd compression, in checksummed frames ended every
// few seconds (see [ErrDamaged]). Close flushes but does not close w.
// A header that the readers refuse (no boards, a range past the largest
// game number, a negative difficulty, a strategy version without a
// strategy) is an error, and nothing is written.
func NewRecordWriter(w io.Writer, zst bool, h Header) (*RecordWriter, error) {
	if err := h.check(); err != nil {
		return nil, fmt.Errorf("analysis: header: %w", err)
	}
	rw := &RecordWriter{header: h, lastFlush: time.Now(), every: flushEvery}
	rw.bw = bufio.NewWriterSize(w, 64<<10)
	if zst {
		fw, err := newFrameWriter(rw.bw)
		if err != nil {
			return nil, fmt.Errorf("analysis: %w", err)
		}
		rw.fw = fw
	}
	h.Format, h.Version = Format, FormatVersion
	line, err := json.Marshal(&h)
	if err != nil {
		return nil, fmt.Errorf("analysis: %w", err)
	}
	if err := rw.write(append(line, '\n')); err != nil {
		return nil, err
	}
	// The header reaches the file at once, so that even a run killed early
	// leaves a file that can be resumed.
	if err := rw.flush(); err != nil {
		return nil, err
	}
	return rw, nil
}

// CreateRecords creates the record file path (which must not exist yet: the
// error then wraps os.ErrExist), compressed when its name ends in ".zst",
// and writes the header. A path that is a symbolic link to a file not made
// yet makes that file.
func CreateRecords(path string, h Header) (*RecordWriter, error) {
	f, err := os.OpenFile(atomicfile.FollowLinks(path), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		if errors.Is(err, os.ErrExist) {
			return nil, fmt.Errorf("analysis: %s already exists (continue it with ResumeRecords, or remove it): %w", path, os.ErrExist)
		}
		return nil, fmt.Errorf("analysis: %w", err)
	}
	w, err := NewRecordWriter(f, isZst(path), h)
	if err != nil {
		f.Close()
		os.Remove(path)
		return nil, err
	}
	w.f = f
	return w, nil
}

func (w *RecordWriter) write(p []byte) error {
	if w.err != nil {
		return w.err
	}
	var err error
	if w.fw != nil {
		_, err = w.fw.Write(p)
	} else {
		_, err = w.bw.Write(p)
	}
	if err != nil {
		w.err = &WriteError{fmt.Errorf("analysis: writing records: %w", err)}
	}
	return w.err
}

// WriteError is a failure to write a record file (a full disk, an I/O
// error): not the fault of the file's content or of the run's parameters.
type WriteError struct{ Err error }

func (e *WriteError) Error() string { return e.Err.Error() }

// Unwrap returns Err.
func (e *WriteError) Unwrap() error { return e.Err }

// Write appends one record. Every few seconds it flushes on its own. A
// record that could not be read back as it is is refused: a method that is
// not a method name (see [ValidMethod]), a game outside the header's range,
// a verdict that is none of the three, a negative or too large count,
// Clear without Playouts or above it, a play's counts out of range or a won
// play with tiles left. (Whether a play fits the header, one in every
// record of a strategy's file and none in the main job's, with moves and
// tiles left that make the layout's tiles, is checked by the readers only.)
func (w *RecordWriter) Write(r Record) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if !ValidMethod(r.Method) {
		return fmt.Errorf("analysis: record of game %d: method %q is not a method name (lower-case letters, digits and '-', at most %d)", r.Game, r.Method, maxMethodLen)
	}
	if err := w.header.checkRecord(&r); err != nil {
		return fmt.Errorf("analysis: record of game %d: %w", r.Game, err)
	}
	w.buf = append(r.AppendJSON(w.buf[:0]), '\n')
	if err := w.write(w.buf); err != nil {
		return err
	}
	w.n++
	w.dirty = true
	if time.Since(w.lastFlush) >= w.every {
		return w.flush()
	}
	if w.timer == nil {
		w.timer = time.AfterFunc(w.every, w.timedFlush)
	}
	return nil
}

// timedFlush flushes records that have waited since the last flush (an
// error is kept for the next call).
func (w *RecordWriter) timedFlush() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.timer = nil
	if w.dirty && w.err == nil {
		w.flush()
	}
}

// Records is the number of records written.
func (w *RecordWriter) Records() int64 { return w.n }

// Flush pushes everything written so far to the underlying writer (for zstd,
// it ends the current frame), so that a reader sees every record.
func (w *RecordWriter) Flush() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.flush()
}

func (w *RecordWriter) flush() error {
	if w.err != nil {
		return w.err
	}
	w.lastFlush, w.dirty = time.Now(), false
	if w.fw != nil {
		if err := w.fw.Flush(); err != nil {
			w.err = &WriteError{fmt.Errorf("analysis: writing records: %w", err)}
			return w.err
		}
	}
	if err := w.bw.Flush(); err != nil {
		w.err = &WriteError{fmt.Errorf("analysis: writing records: %w", err)}
	}
	return w.err
}

// Close flushes and closes the file if the writer opened it. The file
// stays readable in full after Close.
func (w *RecordWriter) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.timer != nil {
		w.timer.Stop()
		w.timer = nil
	}
	err := w.err
	if err == nil {
		err = w.flush()
	}
	if w.f != nil {
		if e := w.f.Close(); e != nil && err == nil {
			err = &WriteError{fmt.Errorf("analysis: %w", e)}
		}
		w.f = nil
	}
	if w.err == nil {
		w.err = errors.New("analysis: record writer closed")
	}
	return err
}

// maxLine bounds a line of a record file.
const maxLine = 64 << 10

// RecordReader reads a record file written by [RecordWriter], plain or
// zstd-compressed (recognised by its first bytes, whatever the name).
type RecordReader struct {
	name      string
	header    Header
	br        *bufio.Reader
	fr        *frameReader  // a compressed file in checksummed frames
	zr        *zstd.Decoder // a compressed file of an older mjsolve: one stream
	line      int
	truncated bool
	done      bool
	methods   map[string]Method // interned method names
	file      *os.File          // the file openRecords opened, closed by Close
}

// NewRecordReader reads the header of a record file from r; name is used in
// error messages.
//
// A file that merely ends early is not an error: for a plain file, a last
// line without its newline; for a compressed one, an incomplete last frame.
// What came before is read and [RecordReader.Truncated] reports the cut. A
// damaged file is an error wrapping [ErrDamaged] that names the file and
// the byte offset (a frame whose checksum fails or that does not decode) or
// the line (a line that is not a record). A compressed file written by an
// older mjsolve as one zstd stream without frames cannot tell a cut from
// damage: any decoding error in it, an early end included, is damage
// ("zstd -dc" recovers its lines).
func NewRecordReader(r io.Reader, name string) (*RecordReader, error) {
	rr := &RecordReader{name: name}
	br := bufio.NewReaderSize(r, 64<<10)
	magic, _ := br.Peek(4)
	switch {
	case bytes.Equal(magic, frameMagic):
		fr, err := newFrameReader(br, name)
		if err != nil {
			return nil, err
		}
		rr.fr = fr
		rr.br = bufio.NewReaderSize(fr, maxLine)
	case bytes.Equal(magic, zstdMagic):
		zr, err := zstd.NewReader(br, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(256<<20))
		if err != nil {
			return nil, fmt.Errorf("analysis: %s: %w", name, err)
		}
		rr.zr = zr
		rr.br = bufio.NewReaderSize(zr, maxLine)
	default:
		rr.br = bufio.NewReaderSize(br, maxLine)
	}
	line, ok, err := rr.readLine()
	if err != nil {
		rr.Close()
		return nil, err
	}
	if !ok {
		rr.Close()
		return nil, fmt.Errorf("analysis: %s: empty or truncated file, no header line", name)
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rr.header); err != nil || rr.header.Format != Format {
		rr.Close()
		return nil, fmt.Errorf("analysis: %s line 1: not an mjsolve record file header", name)
	}
	if rr.header.Version != FormatVersion {
		rr.Close()
		return nil, fmt.Errorf("analysis: %s line 1: record file version %d, this program reads version %d", name, rr.header.Version, FormatVersion)
	}
	if err := rr.header.check(); err != nil {
		rr.Close()
		return nil, fmt.Errorf("analysis: %s line 1: %w", name, err)
	}
	return rr, nil
}

// check checks what a header says beyond its format and version: a range
// of at least one game that does not pass the largest game number, a
// difficulty that is not negative, and no strategy version without a
// strategy.
func (h *Header) check() error {
	switch {
	case h.Boards == 0 || h.First+h.Boards < h.First:
		return fmt.Errorf("bad game range first %d boards %d", h.First, h.Boards)
	case h.Difficulty < 0:
		return fmt.Errorf("negative difficulty %d", h.Difficulty)
	case h.Strategy == "" && h.StrategyVersion != "":
		return fmt.Errorf("strategy version %q without a strategy", mjsolve.Excerpt(h.StrategyVersion))
	}
	return nil
}

// checkRecord checks a record about to be written under header h as the
// readers will read it (see parseRecord and RecordReader.Next): its game
// and its fields; the method is checked by Write. Whether a play fits the
// header (checkPlay) is left to the readers.
func (h *Header) checkRecord(r *Record) error {
	switch {
	case r.Game < h.First || r.Game > h.Last():
		return fmt.Errorf("game outside the file's range %d..%d", h.First, h.Last())
	case r.Verdict > Impossible:
		return fmt.Errorf("verdict %d is none of unknown, winnable and impossible", r.Verdict)
	case r.NS < 0 || r.CPUNS < 0 || r.Scans < 0 || r.Random < 0 || r.Nodes < 0 || r.MinLeft < 0:
		return errors.New("negative count")
	case r.NS > maxCount || r.CPUNS > maxCount || r.Scans > maxCount || r.Random > maxCount || r.Nodes > maxCount || r.MinLeft > maxMinLeft:
		return errors.New("count too large")
	case r.Playouts == 0 && r.Clear != 0, r.Playouts != 0 && (r.Playouts < 0 || r.Clear < 0 || r.Clear > r.Playouts || r.Playouts > maxCount):
		return errors.New("clear and playouts go together, with 0 <= clear <= playouts")
	case r.Played && (r.Moves < 0 || r.Left < 0 || r.PlayNS < 0 || r.Moves > maxMinLeft || r.Left > maxMinLeft || r.PlayNS > maxCount):
		return errors.New("moves, left or play_ns out of range")
	case r.Played && r.Won != (r.Left == 0):
		return errors.New("a won board leaves no tiles, a lost one some")
	}
	return nil
}

// Header is the file's header.
func (rr *RecordReader) Header() Header { return rr.header }

// Truncated reports, once Next has returned io.EOF, whether the file ended
// early: inside a line of a plain file, or inside a frame of a compressed
// one. What was cut off is lost; the records before it are intact.
func (rr *RecordReader) Truncated() bool { return rr.truncated }

// Line is the number of the last line read (the header is line 1).
func (rr *RecordReader) Line() int { return rr.line }

// readLine returns the next complete line without its newline; ok is false
// at the end of the data (a final line without newline is dropped).
func (rr *RecordReader) readLine() (line []byte, ok bool, err error) {
	if rr.done {
		return nil, false, nil
	}
	line, err = rr.br.ReadSlice('\n')
	switch {
	case err == nil:
		rr.line++
		return line[:len(line)-1], true, nil
	case errors.Is(err, bufio.ErrBufferFull):
		rr.done = true
		return nil, false, damaged("analysis: %s line %d: line longer than %d bytes", rr.name, rr.line+1, maxLine)
	case errors.Is(err, ErrDamaged):
		rr.done = true
		return nil, false, err // it names the file and the offset
	case err == io.EOF && rr.fr != nil:
		// Frames hold whole lines, so no line can be left partial.
		rr.done, rr.truncated = true, rr.fr.truncated
		return nil, false, nil
	case err == io.EOF && rr.zr == nil:
		// A plain file: a last line without newline is a cut.
		rr.done, rr.truncated = true, len(line) > 0
		return nil, false, nil
	case err == io.EOF && len(line) == 0:
		rr.done = true
		return nil, false, nil
	case rr.zr != nil:
		rr.done = true
		return nil, false, damaged("analysis: %s: damaged or cut after line %d (%v): a zstd stream without checksummed frames, from an older mjsolve, cannot tell which (zstd -dc recovers its lines)", rr.name, rr.line, err)
	default:
		rr.done = true
		return nil, false, fmt.Errorf("analysis: %s: %w", rr.name, err)
	}
}

// Next returns the next record, or io.EOF after the last complete one. A
// complete line that is not a valid record of the header's game range is an
// error wrapping [ErrDamaged] that names the file and line.
func (rr *RecordReader) Next() (Record, error) {
	line, ok, err := rr.readLine()
	if err != nil {
		return Record{}, err
	}
	if !ok {
		return Record{}, io.EOF
	}
	var r Record
	if rr.methods == nil {
		rr.methods = make(map[string]Method)
	}
	if fastParseRecord(line, &r, rr.methods) {
		// the common case: a line as RecordWriter writes it
	} else if err := parseRecord(line, &r); err != nil {
		rr.done = true
		return Record{}, damaged("analysis: %s line %d: %v", rr.name, rr.line, err)
	}
	if r.Game < rr.header.First || r.Game > rr.header.Last() {
		rr.done = true
		return Record{}, damaged("analysis: %s line %d: game %d outside the file's range %d..%d", rr.name, rr.line, r.Game, rr.header.First, rr.header.Last())
	}
	if err := checkPlay(&rr.header, &r); err != nil {
		rr.done = true
		return Record{}, damaged("analysis: %s line %d: game %d: %v", rr.name, rr.line, r.Game, err)
	}
	return r, nil
}

// checkPlay checks a record's play without peeking against the header:
// a file of a strategy holds a play in every record, a file of the main job
// in none, and a play's matches and tiles left account for every tile.
func checkPlay(h *Header, r *Record) error {
	switch {
	case h.Strategy != "" && !r.Played:
		return fmt.Errorf("no play without peeking (want won, moves and left in a file of strategy %s)", h.Strategy)
	case h.Strategy == "" && r.Played:
		return errors.New("a play without peeking in a file that names no strategy")
	case r.Played && 2*r.Moves+r.Left != h.Tiles:
		return fmt.Errorf("%d moves and %d tiles left do not make the layout's %d tiles", r.Moves, r.Left, h.Tiles)
	}
	return nil
}

// parseRecord decodes one record line, requiring the game, verdict, method
// and ns fields.
func parseRecord(line []byte, r *Record) error {
	var raw struct {
		Game     *uint64 `json:"game"`
		Verdict  *string `json:"verdict"`
		Method   *string `json:"method"`
		NS       *int64  `json:"ns"`
		CPUNS    int64   `json:"cpu_ns"`
		Clear    *int64  `json:"clear"`
		Playouts int64   `json:"playouts"`
		Scans    int64   `json:"scans"`
		Random   int64   `json:"random"`
		Nodes    int64   `json:"nodes"`
		MinLeft  int     `json:"min_left"`
		Won      *bool   `json:"won"`
		Moves    *int64  `json:"moves"`
		Left     *int64  `json:"left"`
		PlayNS   *int64  `json:"play_ns"`
	}
	dec := json.NewDecoder(bytes.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return fmt.Errorf("bad record: %w", err)
	}
	if dec.More() {
		return errors.New("bad record: text after the JSON object")
	}
	if raw.Game == nil || raw.Verdict == nil || raw.Method == nil || raw.NS == nil {
		return errors.New("bad record: game, verdict, method and ns are required")
	}
	if *raw.NS < 0 || raw.CPUNS < 0 || raw.Scans < 0 || raw.Random < 0 || raw.Nodes < 0 || raw.MinLeft < 0 {
		return errors.New("bad record: negative count")
	}
	if *raw.NS > maxCount || raw.CPUNS > maxCount || raw.Scans > maxCount || raw.Random > maxCount || raw.Nodes > maxCount || raw.MinLeft > maxMinLeft {
		return errors.New("bad record: count too large")
	}
	if m := Method(*raw.Method); !ValidMethod(m) {
		return fmt.Errorf("bad record: method %q is not a method name", shorten(*raw.Method))
	}
	v, err := solver.ParseVerdict(*raw.Verdict)
	if err != nil {
		return fmt.Errorf("bad record: analysis: unknown verdict %q (want winnable, impossible or unknown)", *raw.Verdict)
	}
	var clear int64
	switch {
	case raw.Clear == nil && raw.Playouts != 0, raw.Clear != nil && (raw.Playouts <= 0 || *raw.Clear < 0 || *raw.Clear > raw.Playouts || raw.Playouts > maxCount):
		return errors.New("bad record: clear and playouts go together, with 0 <= clear <= playouts")
	case raw.Clear != nil:
		clear = *raw.Clear
	}
	played := raw.Won != nil
	if played != (raw.Moves != nil) || played != (raw.Left != nil) || !played && raw.PlayNS != nil {
		return errors.New("bad record: won, moves and left go together (with play_ns, if any)")
	}
	var moves, left, playNS int64
	if played {
		moves, left = *raw.Moves, *raw.Left
		if raw.PlayNS != nil {
			playNS = *raw.PlayNS
		}
		if moves < 0 || left < 0 || playNS < 0 || moves > maxMinLeft || left > maxMinLeft || playNS > maxCount {
			return errors.New("bad record: moves, left or play_ns out of range")
		}
		if *raw.Won != (left == 0) {
			return errors.New("bad record: a won board leaves no tiles, a lost one some")
		}
	}
	*r = Record{Game: *raw.Game, Verdict: v, Method: Method(*raw.Method), NS: *raw.NS, CPUNS: raw.CPUNS,
		Scans: raw.Scans, Random: raw.Random, Nodes: raw.Nodes, MinLeft: raw.MinLeft}
	r.Clear, r.Playouts = clear, raw.Playouts
	if played {
		r.Played, r.Won, r.Moves, r.Left, r.PlayNS = true, *raw.Won, int(moves), int(left), playNS
	}
	return nil
}

// shorten cuts s to at most 40 bytes for an error message.
func shorten(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// Close releases the zstd decoder; it does not close the underlying reader.
func (rr *RecordReader) Close() {
	if rr.file != nil {
		rr.file.Close()
		rr.file = nil
	}
	if rr.fr != nil {
		rr.fr.Close()
		rr.fr = nil
	}
	if rr.zr != nil {
		rr.zr.Close()
		rr.zr = nil
	}
}

// openRecords opens the record file at path and reads its header; closing
// the reader closes the file. A file that does not open is an error
// wrapping the *fs.PathError (os.ErrNotExist for a missing one).
func openRecords(path string) (*RecordReader, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("analysis: %w", err)
	}
	rr, err := NewRecordReader(f, path)
	if err != nil {
		f.Close()
		return nil, err
	}
	rr.file = f
	return rr, nil
}
