package runs

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/internal/plural"
)

// TimeReport is the time per board in a [Report].
type TimeReport struct {
	MeanNS   int64  `json:"mean_ns"`
	MedianNS int64  `json:"median_ns"`
	P99NS    int64  `json:"p99_ns"`
	MaxNS    int64  `json:"max_ns"`
	MaxGame  uint64 `json:"max_game"`
	TotalNS  int64  `json:"total_ns"`
}

func timeReport(t *analysis.TimeStats) TimeReport {
	return TimeReport{MeanNS: int64(t.Mean()), MedianNS: int64(t.Quantile(0.5)), P99NS: int64(t.Quantile(0.99)),
		MaxNS: t.Max, MaxGame: t.MaxGame, TotalNS: t.Total}
}

// HardBoard is one of the hardest boards in a [Report], by the solver's
// load-free measure of work (prune scans, then search nodes).
type HardBoard struct {
	Game    uint64           `json:"game"`
	Verdict analysis.Verdict `json:"verdict"`
	Method  analysis.Method  `json:"method"`
	Scans   int64            `json:"scans"`
	Nodes   int64            `json:"nodes"`
	CPUNS   int64            `json:"cpu_ns"` // its CPU time (its wall time when it has none)
}

// Report is the summary of a run of the main job or of merged record
// files.
//
// It is what "mjsolve solitaire" and "mjsolve analysis merge" print: as
// JSON with these field names, or as text ([Report.WriteText]).
type Report struct {
	Layout      string                    `json:"layout"`
	Tiles       int                       `json:"tiles"`
	Deal        string                    `json:"deal"`
	Seed        uint64                    `json:"seed"`
	First       uint64                    `json:"first"`
	Last        uint64                    `json:"last"`
	Boards      int64                     `json:"boards"`
	Requested   uint64                    `json:"requested"`
	Winnable    int64                     `json:"winnable"`
	Impossible  int64                     `json:"impossible"`
	Unknown     int64                     `json:"unknown"`
	Rate        Fraction                  `json:"rate"` // Impossible of the decided boards; NaN (JSON null) when none was decided
	CI95        [2]float64                `json:"ci95"` // its 95% Wilson interval ([0, 1] when no board was decided)
	Methods     map[analysis.Method]int64 `json:"methods"`
	MethodNS    map[analysis.Method]int64 `json:"method_ns"`
	Time        TimeReport                `json:"time"`      // CPU time per board (wall time for boards without one: NoCPU)
	WallTime    TimeReport                `json:"wall_time"` // wall time per board
	NoCPU       int64                     `json:"no_cpu,omitempty"`
	Hardest     []HardBoard               `json:"hardest"`
	FromFile    int64                     `json:"from_file,omitempty"`
	Solved      int64                     `json:"solved"`
	Workers     int                       `json:"workers,omitempty"`
	PerSecond   float64                   `json:"boards_per_second"`
	WallNS      int64                     `json:"wall_ns"`
	Interrupted bool                      `json:"interrupted"`
	// Difficulty is McDonald's difficulty of the winnable boards, with
	// --difficulty K only.
	Difficulty *DifficultyReport `json:"difficulty,omitempty"`
	// Play is the play without peeking of the boards (records of mjsolve
	// solitaire play, whose header names the strategy) only.
	Play *PlayReport `json:"play,omitempty"`

	// From merged files only (see [NewMergeReport]).
	Files         int      `json:"files,omitempty"`
	Duplicates    int64    `json:"duplicates,omitempty"`
	Disagreements int64    `json:"disagreements,omitempty"`
	Truncated     []string `json:"truncated,omitempty"`

	methodOrder []analysis.MethodCount
	merged      bool // from merged files: no run, no speed
}

// NewReport is the report of a run.
//
// The header says what was run, s what was found (with the speed of this
// process's workers), fromFile how many boards were read back from a resumed
// file, interrupted whether the run was stopped early.
func NewReport(h analysis.Header, s *analysis.Summary, workers int, fromFile int64, interrupted bool) *Report {
	lo, hi := s.CI95()
	r := &Report{
		Layout: h.Layout, Tiles: h.Tiles, Deal: h.Deal, Seed: h.Seed, First: h.First, Last: h.Last(),
		Boards: s.Boards, Requested: h.Boards, Winnable: s.Winnable, Impossible: s.Impossible,
		Unknown: s.Unknown, Rate: fraction(s.Impossible, s.Decided()), CI95: [2]float64{lo, hi}, Methods: s.Methods,
		Time: timeReport(&s.Time), WallTime: timeReport(&s.WallTime), NoCPU: s.NoCPU, Hardest: []HardBoard{},
		FromFile: fromFile, Solved: s.Solved, Workers: workers, WallNS: int64(s.Wall),
		Interrupted: interrupted, methodOrder: s.MethodCounts(),
	}
	r.MethodNS = s.MethodNS
	if d := &s.Difficulty; d.Boards > 0 {
		r.Difficulty = newDifficultyReport(d)
	}
	if h.Strategy != "" || s.Play.Boards > 0 {
		r.Play = newPlayReport(h.Strategy, &s.Play)
	}
	for _, h := range s.Hardest() {
		r.Hardest = append(r.Hardest, HardBoard{Game: h.Game, Verdict: h.Verdict, Method: h.Method,
			Scans: h.Scans, Nodes: h.Nodes, CPUNS: h.CPU()})
	}
	if r.Methods == nil {
		r.Methods, r.MethodNS = map[analysis.Method]int64{}, map[analysis.Method]int64{}
	}
	if s.Wall > 0 {
		r.PerSecond = float64(s.Solved) / s.Wall.Seconds()
	}
	return r
}

// NewMergeReport is the report of merged record files (no run, no speed).
func NewMergeReport(m *analysis.MergeResult) *Report {
	r := NewReport(m.Header, m.Summary, 0, 0, false)
	r.merged = true
	r.Files, r.Duplicates, r.Disagreements, r.Truncated = m.Files, m.Duplicates, m.Disagreements, m.Truncated
	return r
}

// ReportOf is the report of a run's outcome, on its o.Workers workers.
func ReportOf(o *Outcome) *Report {
	return NewReport(o.Header, o.Summary, o.Workers, o.FromFile, o.Interrupted)
}

// WriteText writes the report for people.
//
// It writes one line per item, the label padded to 12 columns (layout, games,
// boards, winnable, unwinnable with the 95% interval, unknown, decided by,
// time/board in CPU time, wall/board, the hardest boards by scans, then the
// speed and wall time of a run, or the board time and files of a merge).
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	line := func(label, format string, args ...any) {
		fmt.Fprintf(&b, "%-12s%s\n", label, fmt.Sprintf(format, args...))
	}
	deal := r.Deal
	if deal == "pcg" {
		deal += fmt.Sprintf(", seed %d", r.Seed)
	}
	line("layout", "%s (%d tiles), deal %s", r.Layout, r.Tiles, deal)
	line("games", "%d..%d", r.First, r.Last)
	boards := strconv.FormatInt(r.Boards, 10)
	switch {
	case r.Interrupted:
		boards += fmt.Sprintf(" of %d (interrupted)", r.Requested)
	case r.merged && uint64(r.Boards) < r.Requested:
		boards += fmt.Sprintf(" (%s of the range missing)", plural.Count(r.Requested-uint64(r.Boards), "game"))
	case uint64(r.Boards) < r.Requested:
		boards += fmt.Sprintf(" of %d", r.Requested)
	}
	if r.FromFile > 0 {
		boards += fmt.Sprintf(" (%d read from the --out file)", r.FromFile)
	}
	line("boards", "%s", boards)
	line("winnable", "%d", r.Winnable)
	if r.Rate.Known() {
		line("unwinnable", "%d of %d decided: %s (95%% CI %s to %s)", r.Impossible, r.Winnable+r.Impossible,
			percent(float64(r.Rate)), percent(r.CI95[0]), percent(r.CI95[1]))
	} else {
		line("unwinnable", "no board decided")
	}
	line("unknown", "%d", r.Unknown)
	var methods []string
	var methodNS float64 // the shares' denominator (sums of times saturate, so not Time.TotalNS)
	for _, m := range r.methodOrder {
		methodNS += float64(m.NS)
	}
	for i, m := range r.methodOrder {
		share := "<1%"
		if pc := float64(m.NS) * 100 / methodNS; methodNS > 0 && pc >= 1 {
			share = strconv.FormatFloat(math.Round(pc), 'f', 0, 64) + "%"
		}
		if i == 0 {
			share += " of the time"
		}
		name := string(m.Method)
		if !analysis.ValidMethod(m.Method) {
			name = strconv.QuoteToASCII(name) // a name from a worker, never from a file: one line whatever it holds
		}
		methods = append(methods, fmt.Sprintf("%s %d (%s)", name, m.Boards, share))
	}
	if len(methods) == 0 {
		methods = []string{"-"}
	}
	line("decided by", "%s", strings.Join(methods, ", "))
	if r.Play != nil {
		r.Play.writeText(line)
	}
	if r.Boards > 0 {
		what := "of CPU time"
		switch {
		case r.NoCPU == r.Boards:
			what = "of wall time (no CPU time recorded)"
		case r.NoCPU > 0:
			what = fmt.Sprintf("of CPU time (wall time for %s without)", plural.Count(r.NoCPU, "board"))
		}
		if d := r.Difficulty; d != nil {
			playouts, them := "playouts", "them"
			if d.Playouts == 1 {
				playouts, them = "playout", "it"
			}
			line("difficulty", "%s random %s on %s cleared %s of %s; per board: mean %s, median %s, 1%% at most %s, %d never cleared",
				groupThousands(d.Playouts), playouts, plural.Count(d.Boards, "winnable board"), percent(d.ClearRate), them,
				percent(d.Mean), percent(d.Median), percent(d.P01), d.Never)
		}
		line("time/board", "mean %s, median %s, p99 %s, max %s (game %d) %s", fmtDur(r.Time.MeanNS),
			fmtDur(r.Time.MedianNS), fmtDur(r.Time.P99NS), fmtDur(r.Time.MaxNS), r.Time.MaxGame, what)
		if r.NoCPU < r.Boards {
			line("wall/board", "mean %s, median %s, p99 %s, max %s (game %d)", fmtDur(r.WallTime.MeanNS),
				fmtDur(r.WallTime.MedianNS), fmtDur(r.WallTime.P99NS), fmtDur(r.WallTime.MaxNS), r.WallTime.MaxGame)
		}
		var hard []string
		for _, h := range r.Hardest[:min(3, len(r.Hardest))] {
			name := string(h.Method)
			if !analysis.ValidMethod(h.Method) {
				name = strconv.QuoteToASCII(name)
			}
			hard = append(hard, fmt.Sprintf("game %d (%s, %s, %s)", h.Game, plural.Count(h.Scans, "scan"), plural.Count(h.Nodes, "node"), name))
		}
		line("hardest", "%s", strings.Join(hard, "; "))
	}
	if !r.merged {
		if r.Solved > 0 && r.WallNS > 0 {
			line("speed", "%.0f boards/s on %s (%s solved in this run)", r.PerSecond, plural.Count(r.Workers, "worker"), plural.Count(r.Solved, "board"))
		}
		line("wall time", "%s", fmtDur(r.WallNS))
	} else {
		line("board time", "%s in all", fmtDur(r.Time.TotalNS))
		files := fmt.Sprintf("%d, %s skipped", r.Files, plural.Count(r.Duplicates, "duplicate record"))
		if r.Disagreements > 0 {
			files += fmt.Sprintf(" (%d unknown in one file, decided in another: the first kept)", r.Disagreements)
		}
		line("files", "%s", files)
		for _, t := range r.Truncated {
			line("", "%s ends early, cut inside a line or zstd frame (what was cut off is missing)", t)
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// percent formats a fraction as a percentage with two decimals.
func percent(x float64) string { return strconv.FormatFloat(100*x, 'f', 2, 64) + "%" }

// fmtDur prints a duration with three significant digits in ns, µs, ms or s.
func fmtDur(ns int64) string {
	v, unit := float64(ns), "ns"
	switch {
	case ns >= 1e9:
		v, unit = v/1e9, "s"
	case ns >= 1e6:
		v, unit = v/1e6, "ms"
	case ns >= 1e3:
		v, unit = v/1e3, "µs"
	default:
		return strconv.FormatInt(ns, 10) + "ns"
	}
	prec := 2
	if v >= 100 {
		prec = 0
	} else if v >= 10 {
		prec = 1
	}
	return strconv.FormatFloat(v, 'f', prec, 64) + unit
}

// DifficultyReport is McDonald's difficulty in a [Report]: the fraction of
// uniformly random playouts that cleared each winnable board.
type DifficultyReport struct {
	Boards    int64   `json:"boards"`     // winnable boards with playouts
	Playouts  int64   `json:"playouts"`   // playouts in all
	Clears    int64   `json:"clears"`     // playouts that cleared their board
	ClearRate float64 `json:"clear_rate"` // Clears / Playouts
	Mean      float64 `json:"mean"`       // mean over boards of the fraction cleared
	Median    float64 `json:"median"`     // median fraction (to the bins' resolution)
	P01       float64 `json:"p01"`        // 1% of the boards have at most this fraction
	Never     int64   `json:"never"`      // boards no playout cleared
	// Bins counts the boards with a non-zero fraction f by
	// floor(10·log10 f) + 50 (see analysis.DifficultyStats.Bins).
	Bins []int64 `json:"bins"`
}

func newDifficultyReport(d *analysis.DifficultyStats) *DifficultyReport {
	r := &DifficultyReport{Boards: d.Boards, Playouts: d.Playouts, Clears: d.Clears, Mean: d.Mean(),
		Median: d.Quantile(0.5), P01: d.Quantile(0.01), Never: d.Never, Bins: d.Bins[:]}
	if d.Playouts > 0 {
		r.ClearRate = float64(d.Clears) / float64(d.Playouts)
	}
	return r
}

// groupThousands writes n with commas between groups of three digits.
func groupThousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
