package runs

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/input"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// SelectError is a layout selector that names nothing usable.
//
// It is the error of [SelectLayouts]; Msg says why without the package
// prefix, for a caller that names the flag or field instead.
type SelectError struct {
	Msg string
	err error
}

func (e *SelectError) Error() string { return errPrefix + e.Msg }

// Unwrap returns the error Msg wraps, if any.
func (e *SelectError) Unwrap() error { return e.err }

// selectErrorf formats a *SelectError like fmt.Errorf (%w included).
func selectErrorf(format string, args ...any) error {
	err := fmt.Errorf(format, args...)
	return &SelectError{Msg: err.Error(), err: errors.Unwrap(err)}
}

// IsSelector reports whether s names several layouts for [SelectLayouts]
// rather than one layout: "all", a glob or a comma list.
func IsSelector(s string) bool {
	return s == "all" || strings.ContainsAny(s, "*?[,")
}

// SelectLayouts picks layouts of a Finder's list by a selector.
//
// The selector is "all" (every layout, usable or not), a glob matched against
// the names ("xmahjongg/*", "kmahjongg/d*"; see path.Match), or a
// comma-separated list of names, each resolved by find (a name the list lacks,
// or a file). The order is the list's for "all" and globs, the selector's for
// lists. A glob that matches nothing, or a name that is no layout, is an error;
// a listed layout or a file that find refuses (more than 144 tiles, an odd
// number, a file that does not read) is an entry with its Err, as "all" gives
// the unusable ones.
func SelectLayouts(sel string, list []layouts.Entry, find func(string) (*layouts.Layout, error)) ([]layouts.Entry, error) {
	sel = strings.TrimSpace(sel)
	switch {
	case sel == "":
		return nil, selectErrorf("no layouts selected")
	case sel == "all":
		if len(list) == 0 {
			return nil, selectErrorf("no layouts known")
		}
		return list, nil
	case strings.ContainsAny(sel, "*?[") && !strings.Contains(sel, ","):
		if _, err := path.Match(sel, ""); err != nil {
			return nil, selectErrorf("bad layout pattern %q: %w", sel, err)
		}
		var out []layouts.Entry
		for _, e := range list {
			if ok, _ := path.Match(sel, e.Name); ok {
				out = append(out, e)
			}
		}
		if len(out) == 0 {
			return nil, selectErrorf("no layout matches %q (see mjsolve layouts list)", sel)
		}
		return out, nil
	}
	var out []layouts.Entry
	seen := map[string]bool{}
	for _, name := range strings.Split(sel, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			return nil, selectErrorf("empty name in the layout list %q", sel)
		}
		l, err := find(name)
		if err != nil {
			e, ok := unusableEntry(name, err, list)
			if !ok {
				return nil, err
			}
			if !seen[e.Name] {
				seen[e.Name] = true
				out = append(out, e)
			}
			continue
		}
		if seen[l.Name] {
			continue
		}
		seen[l.Name] = true
		e := layouts.Entry{Name: l.Name, Source: sourceOf(l.Name, list), Layout: l}
		out = append(out, e)
	}
	return out, nil
}

// unusableEntry is the entry of a name in a comma list that find refused
// with err but that names a layout all the same: a listed layout the solver
// cannot use (more than 144 tiles, a file that does not read), or a file
// that exists. Such a layout is a row of the survey that says why, as it is
// with "all" or a glob; a name that is no layout at all is not.
func unusableEntry(name string, err error, list []layouts.Entry) (layouts.Entry, bool) {
	for _, e := range list {
		if e.Err != nil && strings.EqualFold(e.Name, name) {
			return e, true
		}
	}
	if fi, statErr := os.Stat(name); statErr == nil && fi.Mode().IsRegular() {
		return layouts.Entry{Name: name, Source: layouts.SourceFile, File: name, Err: err}, true
	}
	return layouts.Entry{}, false
}

// sourceOf is the source of the listed layout called name, or "file".
func sourceOf(name string, list []layouts.Entry) string {
	for _, e := range list {
		if e.Name == name {
			return e.Source
		}
	}
	return layouts.SourceFile
}

// RecordFileName is the name of a layout's record file in a survey's
// directory.
//
// It is the layout name with '/' (and other characters unsafe in
// file names) as '-', without the '.' and '-' that would then lead it (a
// layout given by a path: "./mine" gives "mine.jsonl.zst", not a hidden
// file; "/abs/mine" "abs-mine.jsonl.zst", not a name that reads as a
// flag), then ".jsonl.zst". Two names can map to one file ("a/b" and
// "a-b"): [Survey] refuses such a pair rather than change the names of
// existing result directories.
func RecordFileName(layout string) string {
	name := strings.TrimLeft(strings.TrimSuffix(legacyRecordFileName(layout), ".jsonl.zst"), ".-")
	if name == "" {
		name = "layout"
	}
	return name + ".jsonl.zst"
}

// legacyRecordFileName is RecordFileName as it was before it dropped the
// leading '.' and '-': the name of a path layout's file in the directories
// of earlier runs, which a resume continues.
func legacyRecordFileName(layout string) string {
	b := []byte(layout)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			b[i] = '-'
		}
	}
	return string(b) + ".jsonl.zst"
}

// recordFileIn is the name of layout's record file in dir:
// RecordFileName, or the legacy one (see legacyRecordFileName) when
// resuming a directory that holds only that.
func recordFileIn(dir, layout string, resume bool) string {
	return currentOrLegacy(dir, RecordFileName(layout), legacyRecordFileName(layout), resume)
}

// currentOrLegacy is name, or old when resuming and dir holds old but not
// name.
func currentOrLegacy(dir, name, old string, resume bool) string {
	if resume && old != name {
		if _, err := os.Stat(filepath.Join(dir, name)); errors.Is(err, os.ErrNotExist) {
			if _, err := os.Stat(filepath.Join(dir, old)); err == nil {
				return old
			}
		}
	}
	return name
}

// SurveySpec describes a survey: the main job run on several layouts in
// turn, with the same games, dealer and seed on each.
type SurveySpec struct {
	Entries []layouts.Entry
	// Spec is the run made on each layout; its Layout, Out, Resume and
	// OnProgress are ignored (set per layout).
	Spec Spec
	// Dir, when not empty, is a directory (created if missing) that gets
	// one record file per layout ([RecordFileName]). With Resume, existing
	// files are continued; without it, an existing file is an
	// *ExistsError raised before anything runs.
	Dir    string
	Resume bool
	// OnProgress, if set, is called now and then with the progress over
	// the whole survey.
	OnProgress func(SurveyProgress)
}

// SurveyProgress is the progress of a survey: boards done over every
// layout (finished layouts count their whole range), and the layout being
// run.
type SurveyProgress struct {
	Done, Total uint64
	Layout      string
	Index, Of   int // the layout's place (1-based) among the usable ones
}

// SurveyRow is one layout of a survey: its report, or why it could not be
// run.
type SurveyRow struct {
	Name   string
	Source string
	Tiles  int
	// Unusable says why the layout could not be run (an odd number of
	// tiles, more than 144, a file that does not read); Report is then
	// nil.
	Unusable string
	// Report is the layout's main-job report; nil for an unusable layout
	// and for layouts not reached before an interruption.
	Report *Report
	// File is the layout's record file ("" without a directory).
	File string
	// Mended is what resuming File mended (with Report).
	Mended
}

// SurveyOutcome is what a survey found.
type SurveyOutcome struct {
	Rows []SurveyRow
	// Interrupted is set when the context was cancelled: finished layouts
	// and the partial one have their reports (the partial one marked
	// interrupted), later ones none.
	Interrupted bool
}

// Survey runs the main job on each usable entry in turn. A layout that cannot
// be used is a row saying why, not an error. An error is either a bad field of
// the spec, a *solitaire.InputError found before anything is made (see
// [Prepare]; Dir and Resume are the spec's Out and Resume), a record file found
// unfit to continue (every layout's file, header and records, is checked before
// any runs: see [analysis.CheckResume]), a *solitaire.InputError naming "out"
// for two layouts whose record files would have one name ([RecordFileName]), or
// a *RunError.
func Survey(ctx context.Context, ss SurveySpec) (*SurveyOutcome, error) {
	if len(ss.Entries) == 0 {
		return nil, errors.New(errPrefix + "survey of no layouts")
	}
	check := ss.Spec
	check.Out, check.Resume = ss.Dir, ss.Resume
	if _, err := check.check(); err != nil {
		return nil, err
	}
	out := &SurveyOutcome{Rows: make([]SurveyRow, len(ss.Entries))}
	var usable []int
	owner := map[string]string{} // record file name -> the layout it is for
	for i, e := range ss.Entries {
		row := SurveyRow{Name: e.Name, Source: e.Source}
		if e.Layout != nil {
			row.Tiles = len(e.Layout.Slots)
		}
		switch {
		case e.Err != nil:
			// A row's short reason: an input error of layouts or
			// solitaire without its package prefix.
			row.Unusable = input.Message(e.Err)
		case e.Layout == nil:
			row.Unusable = "no layout"
		default:
			if _, err := solitaire.Compile(e.Layout); err != nil {
				row.Unusable = input.Message(err)
			} else {
				usable = append(usable, i)
			}
		}
		if ss.Dir != "" && row.Unusable == "" {
			name := recordFileIn(ss.Dir, e.Name, ss.Resume)
			if other, ok := owner[name]; ok {
				return nil, &solitaire.InputError{Pkg: "solitaire", Field: "out", Msg: fmt.Sprintf("%s: layouts %q and %q would share the record file %s; survey them separately", ss.Dir, other, e.Name, name)}
			}
			owner[name] = e.Name
			row.File = filepath.Join(ss.Dir, name)
		}
		out.Rows[i] = row
	}
	if ss.Dir != "" {
		if err := os.MkdirAll(ss.Dir, 0o755); err != nil {
			return nil, fmt.Errorf(errPrefix+"%w", err)
		}
		if !ss.Resume {
			for _, i := range usable {
				if _, err := os.Stat(out.Rows[i].File); err == nil {
					return nil, &ExistsError{File: out.Rows[i].File}
				}
			}
		}
	}
	specs := make([]Spec, len(usable))
	first, boards := ss.Spec.Shard.Range(ss.Spec.First, ss.Spec.Boards)
	for k, i := range usable {
		specs[k] = ss.Spec
		specs[k].Layout, specs[k].Out, specs[k].Resume = ss.Entries[i].Layout, out.Rows[i].File, false
		if f := out.Rows[i].File; f != "" && ss.Resume {
			if _, err := os.Stat(f); err == nil {
				specs[k].Resume = true
				// Every file to continue is checked before any layout runs
				// (when ctx is done, the checks stop: the series stops
				// at once too).
				err := analysis.CheckResume(ctx, f, NewHeader(specs[k].Layout, specs[k], first, boards))
				if err != nil && ctx.Err() == nil {
					return nil, fmt.Errorf(errPrefix+"layout %s: %w", out.Rows[i].Name, err)
				}
			}
		}
	}
	var progress func(k int, done, total uint64)
	if ss.OnProgress != nil {
		progress = func(k int, done, total uint64) {
			ss.OnProgress(SurveyProgress{Done: done, Total: total, Layout: out.Rows[usable[k]].Name, Index: k + 1, Of: len(usable)})
		}
	}
	res, err := runSeries(ctx, specs, progress)
	if se, ok := errors.AsType[*seriesError](err); ok {
		name := out.Rows[usable[se.k]].Name
		if se.ran {
			return nil, &RunError{Of: "layout " + name, Err: se.err}
		}
		return nil, fmt.Errorf(errPrefix+"layout %s: %w", name, se.err)
	}
	for k, r := range res {
		if r != nil {
			out.Rows[usable[k]].Report, out.Rows[usable[k]].Mended = ReportOf(r), r.Mended
			out.Interrupted = out.Interrupted || r.Interrupted
		}
	}
	return out, nil
}

// ExistsError is a record file that exists already when the run (the main
// job, a survey or a play) does not resume; it matches os.ErrExist.
type ExistsError struct{ File string }

func (e *ExistsError) Error() string {
	return fmt.Sprintf(errPrefix+"%s already exists (continue it with resume, or remove it)", e.File)
}

// Is makes errors.Is(err, os.ErrExist) true.
func (e *ExistsError) Is(target error) bool { return target == os.ErrExist }

// SurveyJSON is the JSON form of a survey row.
//
// "mjsolve solitaire --layout all --json" prints one per layout: the main
// job's fields ([Report]), the
// layout's source, de Bondt's published rate where there is one, and for
// an unusable layout only its name, source, tiles and the reason.
type SurveyJSON struct {
	Layout string `json:"layout"`
	Source string `json:"source"`
	Tiles  int    `json:"tiles"`
	*Report
	Published *float64 `json:"published_rate,omitempty"`
	Unusable  string   `json:"unusable,omitempty"`
}

// JSON is the row's JSON form.
func (r *SurveyRow) JSON() SurveyJSON {
	j := SurveyJSON{Layout: r.Name, Source: r.Source, Tiles: r.Tiles, Report: r.Report, Unusable: r.Unusable}
	if p, ok := solver.Published[r.Name]; ok {
		j.Published = &p
	}
	return j
}

// WriteSurveyText writes the rows of a survey as one table.
//
// The columns are the layout, source, tiles,
// boards, the unwinnable rate with its 95% interval, the method mix (share
// of boards decided by each method), mean, p99 and max time per board, and
// the published rate. Unusable layouts say why, and layouts not reached
// (after an interruption) say so, at the end of their row.
func WriteSurveyText(w io.Writer, rows []SurveyRow) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "layout\tsource\ttiles\tboards\tunwinnable\t95% CI\tdecided by\tmean\tp99\tmax\tde Bondt")
	for _, r := range rows {
		pub := "-"
		if p, ok := solver.Published[r.Name]; ok {
			pub = percent(p)
		}
		switch {
		case r.Unusable != "":
			fmt.Fprintf(tw, "%s\t%s\t%d\t-\t-\t-\t-\t-\t-\t-\t%s\tunusable: %s\n", r.Name, r.Source, r.Tiles, pub, r.Unusable)
			continue
		case r.Report == nil:
			fmt.Fprintf(tw, "%s\t%s\t%d\t-\t-\t-\t-\t-\t-\t-\t%s\tnot run (interrupted)\n", r.Name, r.Source, r.Tiles, pub)
			continue
		}
		rep := r.Report
		boards := strconv.FormatInt(rep.Boards, 10)
		if rep.Interrupted {
			boards += " (interrupted)"
		}
		var mix []string
		for _, m := range rep.methodOrder {
			mix = append(mix, fmt.Sprintf("%s %s", m.Method, share(m.Boards, rep.Boards)))
		}
		fmt.Fprintf(tw, "%s\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Name, r.Source, r.Tiles, boards,
			rateCell(rep.Rate), ciCell(rep.Rate, rep.CI95), strings.Join(mix, " "), fmtDur(rep.Time.MeanNS), fmtDur(rep.Time.P99NS),
			fmtDur(rep.Time.MaxNS), pub)
	}
	return tw.Flush()
}

// Write writes the rows: one JSON object per layout ([SurveyRow.JSON])
// with asJSON, else the table of [WriteSurveyText].
func (o *SurveyOutcome) Write(w io.Writer, asJSON bool) error {
	if !asJSON {
		return WriteSurveyText(w, o.Rows)
	}
	for i := range o.Rows {
		if err := writeJSONLine(w, o.Rows[i].JSON()); err != nil {
			return err
		}
	}
	return nil
}

// share is n of total as a whole percentage ("<1%" for a small non-zero
// share).
func share(n, total int64) string {
	switch {
	case total == 0:
		return "-"
	case n > 0 && n*100 < total:
		return "<1%"
	}
	return strconv.FormatInt(int64(math.Round(float64(n)*100/float64(total))), 10) + "%"
}
