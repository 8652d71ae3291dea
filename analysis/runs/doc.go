// Package job runs the work of the mjsolve command as library calls: the
// main job (deal many games of a layout, decide each exactly, record and
// summarise them) and the one-board answers (solve, hint).
//
// # Where it sits
//
// job is the glue that joins the solver to the runner: it imports
// solitaire, solver and analysis, and nothing imports it but programs (the
// command, the server) and analysis/plot, which draws a survey's rows
// ([SurveyRow]). Dependencies point one way:
//
//	layouts ← solitaire ← solver ← analysis ← job ← cmd/mjsolve, server, analysis/plot
//	                     solitaire ← nopeek ← job
//
// analysis knows the solver's verdict and method types (one verdict type
// end to end; see analysis.Verdict) but never calls the solver: its runner
// takes any per-board worker, so it runs fakes in tests and other
// experiments. The solver knows neither records nor files. What joins them
// — deal game k, solve it, turn the result into a record, name the record
// file's layout fingerprint, split a range into shards — lives here, once,
// instead of in the command.
//
// # The main job
//
// A [Spec] names the layout, dealer, seed, games, workers, per-board
// timeout and optional record file; [Prepare] checks it, compiles the
// layout, refuses games the dealer does not have (the mjsolver dealer has
// games 0 to 2^32−1) and creates or resumes the record file; [Job.Run]
// solves on all workers, keeps what was finished when the context is
// cancelled, and returns an [Outcome] with the [analysis.Summary]; its
// progress counts the whole run, the boards a resume read back included.
// An existing record file that is not resumed is an [ExistsError]. [Workers]
// is the worker alone, for callers that drive [analysis.Run] themselves;
// [Shard] splits a range into contiguous parts for several machines.
// [Report] is the summary as the command prints it, as JSON or text, for a
// run ([ReportOf]) or for merged record files ([NewMergeReport]). Its
// rates are [Fraction]s: a rate of nothing (no board decided, played or
// winnable) is NaN, null in JSON and "-" in the tables, not 0.
//
// With [Spec.Difficulty] K every winnable board's record also holds
// McDonald's difficulty, K uniformly random playouts and how many cleared
// it ([WithDifficulty], package playout).
//
// # Many layouts
//
// [Survey] runs the main job on several layouts in turn ([IsSelector] tells
// a selector from one layout's name; [SelectLayouts]
// picks them: "all", a glob, a comma list), with one record file per
// layout in a directory ([RecordFileName]) and one progress over the whole;
// a layout the solver cannot use is a row that says why. [WriteSurveyText]
// prints the rows as one table beside de Bondt's [Published] rates,
// [SurveyRow.JSON] is a row's JSON object, and [SurveyOutcome.Write]
// writes either.
//
// # Playing without peeking
//
// With [Spec.Strategy] every board is also played by a strategy of package
// nopeek that sees only the uncovered tiles ([WithPlay]), after its exact
// verdict; the record holds both, and the header names the strategy and
// its version (nopeek.Version), so that a file is never continued by
// another version.
// The plays draw from a PCG seeded with (a hash of the seed and the
// strategy, the game), so shards, resume and merge give the records of
// one run. [Play] runs several strategies ([SelectStrategies]) in turn on
// the same boards, one record file each ([PlayFileName]), with one
// progress over the whole; [PlayReport], in every [Report] of such files,
// is the no-peek win rate, the winnable rate with peeking and the price
// of not peeking with their Wilson intervals, [WritePlayText] prints
// the strategies as one table and [PlayOutcome.Write] it or their JSON
// lines. Bad fields are *[FieldError]s naming them.
//
// # One board
//
// [BoardChoice] picks the board: a deal ([Deal]: a layout, a dealer, its
// seed, a game) or a board file, with a [FieldError] naming what is wrong.
// [Solve] is the solver's answer with its solution checked by replaying it;
// [Hint] answers a stuck player with the next pair to take (or, for an
// impossible position, the fewest tiles that must remain), solving twice at
// most so that the budget of the min-left count never costs the verdict.
// [Answer] is their JSON form ([NewAnswer], [NewHintAnswer]); [SolveText],
// [HintText] and [ShowText] (a dealt board's picture, [Deal]) their text.
//
// The package never prints; progress comes through a callback.
package job
