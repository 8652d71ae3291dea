package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/mjsolve/mjsolve/analysis/plot"
	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/internal/progress"
)

// survey is the main job over several layouts: one table (or one JSON
// object per layout), one progress bar, --out a directory.
func (o *solitaireOptions) survey() error {
	spec, stdout, stderr := o.spec, o.stdout, o.stderr
	if spec.Out != "" {
		if fi, err := os.Stat(spec.Out); err == nil && !fi.IsDir() {
			return fmt.Errorf("--out %s: with several layouts --out is a directory (one record file per layout)", spec.Out)
		}
	}
	finder := layoutFinder()
	entries, err := runs.SelectLayouts(o.layout, finder.List(), finder.Find)
	if se, ok := errors.AsType[*runs.SelectError](err); ok {
		return fmt.Errorf("--layout %s: %s", o.layout, se.Msg)
	} else if err != nil {
		return fmt.Errorf("--layout %s: %w", o.layout, err)
	}
	ss := runs.SurveySpec{Entries: entries, Spec: spec, Dir: spec.Out, Resume: spec.Resume}
	bar := progress.New(stderr, "boards")
	ss.OnProgress = func(p runs.SurveyProgress) {
		bar.Show(fmt.Sprintf("%s (%d of %d layouts)", p.Layout, p.Index, p.Of), p.Done, p.Total)
	}
	res, err := runs.Survey(o.ctx, ss)
	bar.Stop()
	if ex, ok := errors.AsType[*runs.ExistsError](err); ok {
		return fmt.Errorf("--out %s: %s already exists: add --resume to continue the survey, or remove it", spec.Out, ex.File)
	} else if err != nil {
		return jobError(err)
	}
	for _, r := range res.Rows {
		noteMended(stderr, r.File, r.Mended)
	}
	if err := res.Write(stdout, o.json); err != nil {
		return failure(err)
	}
	if o.plot.file != "" {
		data, err := plot.RenderSurveyRates(res.Rows, "Unwinnable boards (with peeking), deal "+spec.DealText(), o.plot.format)
		if errors.Is(err, plot.ErrNoRates) {
			// Every layout unusable is the user's input (exit 2); layouts
			// that ran and decided nothing are the run's outcome (exit 1).
			err = fmt.Errorf("--plot: %w", err)
			if !allUnusable(res.Rows) {
				err = failure(err)
			}
			return err
		}
		if err := o.plot.write(data, err); err != nil {
			return err
		}
	}
	if res.Interrupted {
		return interruptedKept(stderr, "mjsolve: interrupted; the table holds the finished layouts and the partial one", spec.Out, "their records")
	}
	return nil
}

// allUnusable reports whether every row is a layout the solver could not
// use.
func allUnusable(rows []runs.SurveyRow) bool {
	for _, r := range rows {
		if r.Unusable == "" {
			return false
		}
	}
	return len(rows) > 0
}
