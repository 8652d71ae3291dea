// Package runs deals, solves and counts many Solitaire boards.
//
// It holds the main job of "mjsolve solitaire" (how often a layout cannot be
// won, each board decided exactly), its survey of many layouts and its plays
// without peeking.
//
// # Where it sits
//
// Package analysis knows records, files and statistics but never calls the
// solver: its runner takes any per-board worker, so that it runs fakes in
// tests and other experiments. The solver knows neither records nor files.
// This package joins them: deal game k, solve it, turn the result into a
// record, name the record file's layout fingerprint, split a range into
// shards. It lives under analysis because it is the concrete use of it;
// the answers about a single board are package solitaire/answer, and the
// plots package analysis/plot.
//
//	solitaire ← solver ← analysis ← analysis/runs ← analysis/plot, cmd/mjsolve
//	solitaire ← solitaire/nopeek, solitaire/playout ← analysis/runs
//
// # Invariants
//
// A board's deal depends only on the dealer, the seed and the game number,
// never on the number of workers, the shard or a resume: the records of a
// run split into shards and merged, or stopped and resumed, are the records
// of the run done at once. The same holds for the plays without peeking,
// which draw from a source seeded by the run's seed, the strategy and the
// game. A record file's header names everything that decides its records
// (layout and its fingerprint, deal, seed, strategy and its version), so a
// file is never continued or merged by a run that would write other
// records.
//
// # The main job
//
// A [Spec] names the layout, dealer, seed, games, workers, per-board
// timeout and optional record file; [Prepare] checks it and creates or
// resumes the record file, and [Job.Run] solves on all workers, keeping what
// was finished when its context is cancelled. A [Report] is the summary as
// the command prints it, as text or JSON, for a run or for merged record
// files. Its rates are [Fraction]s: a rate of nothing (no board decided,
// played or winnable) is NaN, null in JSON and "-" in the tables, never 0.
// With [Spec.Difficulty] every winnable board's record also holds
// McDonald's difficulty, from random playouts of package
// solitaire/playout.
//
// # Many layouts, many strategies
//
// [Survey] runs the main job on several layouts in turn, one record file
// each, beside de Bondt's published rates where he gave one
// (solver.Published); a layout the solver cannot use is a row that says
// why. [Play] plays the same boards with several strategies of package
// solitaire/nopeek, which see only the uncovered tiles, after their exact
// verdicts, and reports the price of not peeking: the share of winnable
// boards a strategy loses.
//
// Bad fields of a spec are *[solitaire.InputError]s naming them in Field. The package
// never prints; progress comes through a callback.
package runs
