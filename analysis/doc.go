// Package analysis runs a per-board function over many Mahjong Solitaire
// deals and turns the outcomes into statistics and files.
//
// # Running
//
// The runner ([Run]) hands game numbers first..first+n−1 to a pool of
// workers, each built by a caller-supplied constructor, and delivers the
// per-board [Record]s in game order, so the records and the [Summary] are
// the same whatever the number of workers. It does not call the solver: a
// worker is any func(ctx, game) Record (package analysis/runs has the real
// one, which deals and solves). The workers take the games and queue their records
// themselves, and Run's goroutine delivers the queue every 10 ms, so no
// goroutine is woken per board and the recording stays off the solving
// threads.
//
// A record's [Verdict] and [Method] are the solver's own types (aliases of
// solver.Verdict and solver.Method), so one verdict type runs from the
// solver's result through the record to the summary, and its zero value is
// Unknown: a record nobody filled in never counts as decided. analysis
// imports solver for these types only; solver imports neither analysis nor
// anything heavy, so the dependencies still point one way.
//
// A [Summary] keeps counts per verdict and per method, the time per board
// in fixed log-scale histograms — CPU time, read by [Run] from the solving
// thread's clock so that the load of a shared machine does not become the
// statistic, and wall time as a second figure — and the hardest boards by
// the solver's scan and node counts, so its memory does not grow with the
// number of boards; summaries of disjoint runs (shards) merge with
// [Summary.Merge].
//
// # Record files
//
// Per-board records are written as JSON lines behind a one-line header
// ([Header]), zstd-compressed when the file name ends in ".zst"
// ([CreateRecords]), in independent checksummed zstd frames ended every few
// seconds. Readers tell a file that merely ends early (a crash: a last line
// without newline, an incomplete last frame), whose complete records they
// keep, from a damaged one (a checksum that fails, a bad line before the
// end), which is an error wrapping [ErrDamaged] that names the file and
// the byte offset or line. [ResumeRecords] continues an interrupted file: it
// keeps every complete record and refuses a damaged file, a game found
// twice with different verdicts, or a file written for another layout,
// deal or seed. [MergeFiles] combines record files of the same layout,
// deal and seed whose game ranges are disjoint or overlap; [MergeRecords]
// writes the merged records to a writer, [MergeFile] to a record file,
// whole or not at all. Everything that reads many records takes a context
// and stops when it is done (Ctrl-C on a merge of millions of records).
//
// # Plays and plots
//
// A record may also hold the board played without peeking (mjsolve
// solitaire play): "won", "moves", "left" and the play's CPU time beside
// the exact verdict; the file's header then names the strategy and its
// version ([Header.Strategy], [Header.StrategyVersion]), so that files of
// different strategies or versions (or of the main job) neither merge nor
// resume together. [PlayStats], in every [Summary], turns them into the
// no-peek win rate, the winnable rate with peeking and the price of not
// peeking (the share of winnable boards the strategy loses), each with its
// Wilson interval.
//
// [ReadPlotData] reads record files (through the same merging) into what
// the plots need in bounded memory: the running unwinnable rate with its
// Wilson band on a log-spaced grid of board counts, and time histograms per
// method ([TimeStats.LogHistogram]). Package analysis/plot draws them with
// gonum/plot; it is a separate package so that importing analysis pulls in
// no plotting, fonts or PDF.
//
// The package never prints; progress is reported through a callback.
package analysis
