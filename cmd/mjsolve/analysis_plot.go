package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mjsolve/mjsolve/internal/chart"
	"github.com/mjsolve/mjsolve/internal/input"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/analysis/plot"
)

// analysisPlotOptions are the flags of "analysis plot".
type analysisPlotOptions struct {
	call
	kind      string
	out       string
	png       string // a synonym of out
	reference float64
	size      string
	perDecade int
	stacked   bool
	logY      bool
	title     string
}

func newAnalysisPlotCmd() *cobra.Command {
	o := &analysisPlotOptions{}
	cmd := &cobra.Command{
		Use:   "plot FILE... --out OUT.png",
		Short: "Plot the running unwinnable rate or the time per board of record files",
		Long: `Read record files written by "mjsolve solitaire --out" (as "analysis merge"
does: the same layout, deal, seed and timeout; a game found twice counts once)
and draw a plot to OUT, a PNG, SVG or PDF file by its extension. The file is
written whole or not at all.

--kind rate (the default): the unwinnable rate over the first n decided boards
in game order against n on a log axis, with its 95% Wilson interval as a band;
--reference R adds a horizontal line at the rate R (0.0295 is de Bondt's 2.95%
for the turtle). The y axis is zoomed on the final interval (a sixth of its
height); where the early curve leaves it, triangles along the edge mark the
cut. Memory stays flat: the curve is kept at 50 points a decade.

--kind time: a histogram of the time per board on a log axis, one outline per
method (random, search, prune, …) or, with --stacked, the methods stacked,
with the mean, median and 99th percentile of all boards marked; --log-y puts
the counts on a log scale so that a method of few boards shows.

--kind difficulty: for files written with --difficulty K, the distribution of
McDonald's difficulty of the winnable boards (the share of random playouts that
cleared each) on a log axis, one line per layout (files of one layout are
merged), with the share never cleared in the legend.

--kind play: for files of "mjsolve solitaire play", the win rate of each
strategy playing without peeking, beside the share of the boards winnable with
peeking, as bars with 95% intervals (files of one strategy are merged).

--kind budget: the same for files of strategies played at several budgets
(solitaire play --samples or --rollouts): a bar for each strategy and budget,
by growing budget (files of one strategy and budget are merged).

Colours are colour-blind safe (Okabe–Ito); text and lines grow with --size.`,
		Example: `  mjsolve analysis plot turtle.jsonl.zst --out rate.png --reference 0.0295
  mjsolve analysis plot part*.jsonl.zst --kind time --stacked --out time.svg
  mjsolve analysis plot turtle.jsonl.zst --kind time --log-y --size 1920x1200 --out time.png
  mjsolve analysis plot h16.jsonl.zst h64.jsonl.zst h256.jsonl.zst --kind budget --out budget.png`,
		Args: someArgs("one or more record FILEs written by 'mjsolve solitaire --out'"),
		RunE: runE(&o.call, o.run),
	}
	f := cmd.Flags()
	f.StringVar(&o.kind, "kind", "rate", "`KIND` of plot: rate, time, difficulty, play or budget")
	f.StringVarP(&o.out, "out", "o", "", "write the plot to `FILE` (.png, .svg or .pdf)")
	f.StringVar(&o.png, "png", "", "the same as --out (`FILE`)")
	f.Float64Var(&o.reference, "reference", 0, "draw a reference line at this `RATE` (e.g. 0.0295) on the rate plot")
	f.StringVar(&o.size, "size", "960x600", "picture size `WxH` in pixels (96 per inch for SVG and PDF)")
	f.IntVar(&o.perDecade, "bins", 20, "histogram bins per power of ten (`N`) of the time plot")
	f.BoolVar(&o.stacked, "stacked", false, "stack the methods in the time plot")
	f.BoolVar(&o.logY, "log-y", false, "a log scale for the counts of the time plot, so that a method of few boards shows")
	f.StringVar(&o.title, "title", "", "plot title (default: layout, deal, seed and boards)")
	cmd.RegisterFlagCompletionFunc("kind", cobra.FixedCompletions(plot.Kinds, cobra.ShellCompDirectiveNoFileComp))
	cmd.MarkFlagFilename("out", "png", "svg", "pdf")
	cmd.MarkFlagFilename("png", "png", "svg", "pdf")
	return cmd
}

// plotFormat returns the output format of a file name by its extension.
func plotFormat(flag, name string) (string, error) {
	format, err := chart.Format(name)
	if err != nil {
		return "", fmt.Errorf("%s %s: %s", flag, name, input.Message(err))
	}
	return format, nil
}

// parseSize parses "WxH" in pixels, the value of flag (named in the error).
func parseSize(flag, s string) (w, h int, err error) {
	if w, h, err = chart.ParseSize(s); err != nil {
		return 0, 0, fmt.Errorf("%s %q: want WxH in pixels, each %d to %d (e.g. 960x600)", flag, s, chart.MinSide, chart.MaxSide)
	}
	return w, h, nil
}

func (o *analysisPlotOptions) run() error {
	if !slices.Contains(plot.Kinds, o.kind) {
		return fmt.Errorf("--kind %q: unknown (want %s)", o.kind, strings.Join(plot.Kinds, ", "))
	}
	flag, out := "--out", o.out
	switch {
	case o.out != "" && o.png != "":
		return fmt.Errorf("give --out or --png, not both")
	case o.png != "":
		flag, out = "--png", o.png
	case o.out == "":
		return fmt.Errorf("analysis plot needs --out FILE (.png, .svg or .pdf)")
	}
	format, err := plotFormat(flag, out)
	if err != nil {
		return err
	}
	w, h, err := parseSize("--size", o.size)
	if err != nil {
		return err
	}
	if !(o.reference >= 0 && o.reference < 1) {
		return fmt.Errorf("--reference %g: want a rate between 0 and 1 (2.95%% is 0.0295)", o.reference)
	}
	if o.reference != 0 && o.kind != "rate" {
		return fmt.Errorf("--reference is for --kind rate")
	}
	if o.stacked && o.kind != "time" {
		return fmt.Errorf("--stacked is for --kind time")
	}
	if o.logY && o.kind != "time" {
		return fmt.Errorf("--log-y is for --kind time")
	}
	if o.cmd.Flags().Changed("bins") && o.kind != "time" {
		return fmt.Errorf("--bins is for --kind time")
	}
	if o.perDecade < 1 || o.perDecade > 1000 {
		return fmt.Errorf("--bins %d: want 1 to 1000 bins per power of ten", o.perDecade)
	}
	p, truncated, err := plot.Files(o.ctx, o.args, plot.FilesOptions{Kind: o.kind, Title: o.title,
		Reference: o.reference, PerDecade: o.perDecade, Stacked: o.stacked, LogY: o.logY})
	var data []byte
	var renderErr error
	if err == nil {
		data, renderErr = plot.Render(p, w, h, format)
	}
	if o.ctx.Err() != nil {
		// Ctrl-C while the files were read or the picture drawn.
		fmt.Fprintf(o.stderr, "mjsolve: interrupted: %s %s not written\n", flag, out)
		return errInterrupted
	}
	for _, t := range truncated {
		fmt.Fprintf(o.stderr, "mjsolve: %s ends early, cut inside a line or zstd frame (what was cut off is missing)\n", t)
	}
	if err != nil {
		return err
	}
	if err := writePicture(flag, out, data, renderErr); err != nil {
		return err
	}
	_, err = fmt.Fprintf(o.stdout, "wrote %s\n", out)
	return failure(err)
}
