// Package remote plays referee matches across machines.
//
// As in the ICGA tournament framework (the framework paper, section 3), the
// referee is a server, and each program runs on its own machine under a
// wrapper that logs in to a seat and talks to the program on its standard
// input and output.
//
// A Server accepts wrappers on a listener (TLS or not) and gives each
// remote seat to the referee as a referee.Remote: the referee's schedule,
// transcripts, table and failure rules are the same for remote and local
// players. RunWrapper is the other end: it runs the seat's program with
// referee.StartProgram, exactly as the referee runs a local one (one
// process per hand, or kept with Reuse; stderr kept on the wrapper's
// machine; the same line limits), and relays lines both ways.
//
// # The wire format
//
// Over TCP (or TLS) each side sends frames: one line each, at most
// MaxFrame (512) bytes with its "\n", a verb and then fields separated by
// single spaces. Numbers are decimal without sign or leading zeros. TEXT
// is the rest of the line after one space: any bytes but "\n" (it may be
// empty). A frame that does not parse, or that the other side was not
// asked for, ends the connection.
//
// The wrapper sends
//
//	hello 1 TOKEN COMMAND   first, within the login time (5s): the format's
//	                        version, the seat's token, the command it runs
//	                        (for the transcript and /start; at most 256 bytes)
//	reply MICROS TEXT       answers read: the program's line and the
//	                        program's own time for it (from the last line
//	                        written to it to the reply), in microseconds
//	fail TEXT               answers read when the program failed (why); or
//	                        once a hand on its own: a line the program
//	                        could not take, a program that could not start
//	ended TEXT              answers end or kill: how the program ended
//	pong                    answers ping
//
// and the referee sends
//
//	welcome HEARTBEAT-MS NAME  the login is good: the seat's name and the
//	                           ping period
//	refused REASON TEXT        the login is refused and the connection
//	                           closed; REASON is token, version, taken,
//	                           garbage (the wrapper gives up on token and
//	                           version, and tries again after the others)
//	hand N MOVE-MS             hand N of the match begins: start the program
//	                           (or keep the one kept with --reuse); MOVE-MS
//	                           bounds each write to it
//	line TEXT                  a line for the program's standard input
//	read                       send the program's next line
//	end                        the hand is over: close its input and stop
//	                           it, or keep it (--reuse)
//	kill                       the program failed: stop it
//	ping                       answer pong (every heartbeat, 2s by default)
//	bye TEXT                   the match is over: the wrapper exits
//
// A hand at the wrapper: hand, then lines and reads in the referee's
// order, then end or kill; every read is answered (reply or fail) in
// order, and before ended. Either side drops a connection silent for
// DeadAfter (5) heartbeats.
//
// # Time
//
// The move time is the referee's, measured from sending a question to
// receiving the answer: it includes the network. The wrapper reports the
// program's own time with each reply, and the transcript keeps both (the
// reply's record has the referee's time, a 't' record after it the
// program's), so a slow link and a slow program can be told apart.
//
// # Faults
//
// A connection lost in the middle of a hand, a wrapper that does not
// answer within the move time, and a program that fails at the wrapper
// are that program's failure for the hand: the dummy plays on. A wrapper
// that logs in again rejoins at the next hand; the first hand after a
// drop waits up to ServerOptions.RejoinWait for it, and a seat still
// without its wrapper is played by the dummy for the whole hand
// (referee.ErrAbsent), counted as a failure and named in the table.
//
// # Security
//
// Tokens are compared in constant time (a hash of the token given against
// every seat's). A connection that does not finish its TLS handshake and
// hello within the login time, sends garbage (a frame too long, an
// unknown verb, anything before the hello), gives a wrong token, claims a
// seat whose wrapper is connected, or comes when too many are logging in
// (64, or 8 from one address) is dropped and logged, without touching the
// match. A logged-in wrapper that sends what it was not asked for is
// dropped. Nothing a client sends names a file: the referee writes only
// its transcripts, and a wrapper runs only the command on its own command
// line, writing only its program's stderr files.
package remote
