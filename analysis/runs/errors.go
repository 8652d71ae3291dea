package runs

// errPrefix starts the errors of this package. It is "job: ", not
// "runs: ": the package was named job, after the main job it runs, until
// the runs over many boards were split from the one-board answers, and the
// command shows these errors as they are ("mjsolve: job: strategy
// lookahead: …"), so its messages stay the same.
const errPrefix = "job: "
