// Package server is the HTTP API and the web page of "mjsolve serve".
//
// It answers about boards, hints, solutions and Taiwanese hands in JSON,
// serves a page to play and watch solutions, and caches solve results.
//
// # Routes
//
//	GET  /                         the page (?layout=turtle&game=3 opens that deal)
//	GET  /healthz                  {"status":"ok"}; 503 while shutting down
//	GET  /api/stats                cache hits and misses, queue depth, solves per second
//	GET  /api/layouts              the layouts: name, title, source, tiles, levels, free
//	GET  /api/layouts/{name}       one layout with its slots (x, y, z)
//	GET  /api/deal?layout=L&game=K&deal=pcg|mjsolver&seed=S   a board
//	POST /api/board                a board checked and written in full (also from a board file)
//	POST /api/solve                verdict, method, moves, min-left of a board
//	POST /api/hint                 verdict and the next pair of a solution
//	POST /api/tw16/{shanten,waits,effective,advise,score}   a Taiwanese hand
//
// A board is JSON: {"layout": "turtle", "faces": ["6p", ...], "removed":
// [12, 40]}, or the slots inline instead of the layout name ("slots":
// [{"x":0,"y":0,"z":0}, ...]), or {"file": "<a board file>"}. What /api/deal
// and /api/board answer can be posted back as it is. Layouts are those the
// Config's Finder lists when the server starts, by name: a request never
// makes the server read a file it names.
//
// Errors are {"error": "..."} with 400 for bad input (the message starts
// with the field at fault: "faces[3]: unknown face \"9x\""; a library's
// input error is shown by its Msg, without the package prefix), 404, 405 (with
// Allow), 408 for a body that stops coming before Serve's read limit (30
// seconds), 413 for a body over Config.MaxBody, and 503 when the solve queue
// is full or the server is shutting down. A panic is logged and answered 500
// without details.
//
// # Solving
//
// Solves run on Config.Workers workers, each with a solver per geometry
// reused from board to board, behind a queue of Config.Queue solves; a solve
// that finds the queue full is refused at once (503). A solve request is
// bounded by Config.SolveTimeout, its wait in the queue included: when it
// runs out the answer is verdict "unknown", never a hung request.
//
// Results are cached (github.com/dgraph-io/ristretto/v2, Config.CacheBytes,
// cost = the result's size in bytes) by position: the layout's geometry
// (its fingerprint and its slots, since a fingerprint can be forged) and
// the face of every tile still on the board, whatever the deal or the
// order of play that led there. A winnable result is stored for
// every position along its solution too, so a player who follows the hints
// finds the next position cached. A hint, as the command's, adds for a lost
// position the fewest tiles that must remain when that is found within a
// scan budget.
//
// Serve runs the server on a listener until its context ends, then shuts
// down gracefully: requests in flight finish (or, past the solve limit,
// answer "unknown"), then the workers stop.
package server
