package runs

import (
	"context"

	"github.com/mjsolve/mjsolve/analysis"
)

// runSeries runs the main job on each of specs in turn, as one run (a
// survey's layouts, a play's strategies): onProgress, when set, hears the
// boards done over all of them, with the index of the spec running (each
// spec has the same games, its shard's; the boards a resume read back
// count as done). It returns an outcome per spec, nil for those not
// reached: after an interruption it stops, the outcome of the spec
// running marked interrupted. A spec that Prepare refuses, or a run that
// fails, is a *seriesError naming it.
func runSeries(ctx context.Context, specs []Spec, onProgress func(k int, done, total uint64)) ([]*Outcome, error) {
	out := make([]*Outcome, len(specs))
	if len(specs) == 0 {
		return out, nil
	}
	_, per := specs[0].Shard.Range(specs[0].First, specs[0].Boards)
	total := per * uint64(len(specs))
	for k, s := range specs {
		s.OnProgress = nil
		j, err := Prepare(s)
		if err != nil {
			return nil, &seriesError{k: k, err: err}
		}
		if onProgress != nil {
			base := per * uint64(k)
			onProgress(k, base+per-j.Pending(), total)
			j.spec.OnProgress = func(p analysis.Progress) { onProgress(k, base+p.Done, total) }
		}
		res, err := j.Run(ctx)
		if err != nil {
			return nil, &seriesError{k: k, ran: true, err: err}
		}
		out[k] = res
		if res.Interrupted || ctx.Err() != nil {
			res.Interrupted = true
			break
		}
	}
	return out, nil
}

// seriesError is the failure of spec k of a series: Prepare refused it, or
// (ran) its run failed.
type seriesError struct {
	k   int
	ran bool
	err error
}

func (e *seriesError) Error() string { return e.err.Error() }
func (e *seriesError) Unwrap() error { return e.err }
