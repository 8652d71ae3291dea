// Package referee runs Taiwanese 16-tile tournaments between four programs.
//
// The programs speak the ICGA/TCGA computer Mahjong protocol (tw16/protocol)
// on their standard input and output, as to the competitions' referee
// server; the rules are those of the engine tw16/game. The referee writes a
// transcript of every hand and replays transcripts against the engine.
//
// # Programs
//
// Each player is a command run under /bin/sh -c in the current directory,
// in its own process group, with its standard error drained continuously
// into a file (or dropped). As on the ICGA platform a hand is one process
// lifetime: /start MJ <position> <path> (the path is the command when the
// line can carry it, else "player<n>"), /initGame <round> <dealer's wind>
// <open> <dealer> 0 (open is the dealer's position), /initCard, …, and
// /exit with the four scores; then the referee closes the program's
// standard input and kills its process group if it has not quit within
// StopGrace (a second). With Options.Reuse each program runs from hand to
// hand instead and takes each /start as a fresh start; it should quit when
// its input ends, not at /exit (one found to have quit between hands is
// started again, but one still quitting when the next hand begins fails).
//
// # Strictness
//
// The referee asks for claims one seat at a time in priority order and
// grants the first yes: every seat that can win on the discard
// (counter-clockwise from the discarder), then the seat that can pong it
// (asked /ask gong first when it can also make an exposed kong), then the
// next seat for a chow. On its own turn a seat is asked /ask hu when it can
// win, /ask gong when it can make a concealed or added kong, then /ask
// throw. Every seat gets the echo of every discard, its own included;
// /eat is broadcast with the claimed tile in the middle; the owner of a
// concealed kong gets its tiles, the others "/gong <position> 0". A reply's
// tiles may come in any order. A reply must answer the question (/throw to
// /ask throw; the claim asked about or /pass to the others), name tiles
// the program holds and be legal; /hu is only accepted when asked, which
// happens only when the hand wins.
//
// # Remote players
//
// A Player with a Remote plays from elsewhere: its Join gives the referee
// the player's program for each hand as a Process, which the referee
// talks to as it talks to a local Program (tw16/referee/remote serves
// seats to wrappers on other machines). The schedule, the transcripts,
// the table and the failure rules are the same; a remote program that
// fails at its wrapper, or whose connection is lost, fails the hand, and
// a player whose Join says ErrAbsent is played by the dummy for the whole
// hand (its transcript starts with that failure, and the table counts the
// absence).
//
// # Failures
//
// A program that sends a line that does not parse or does not answer the
// question, makes an illegal move, crashes, closes its output, does not
// reply within Options.MoveTime (or its own Player.MoveTime), or writes a line of protocol.MaxLine bytes
// or more fails: it is sent /exit, ended, and replaced for the rest of the
// hand by a dummy that discards the tile it draws (its highest tile, honors
// last, when it has drawn none) and claims nothing. The failure is counted in
// the table and the match goes on; the next hand starts the program again.
//
// # Transcripts
//
// Under Options.LogDir every hand is written, zstd-compressed, to
// hand-NNNN.txt.zst once it is over (a hand interrupted leaves nothing): a
// header with the hand's place in the schedule, the dealer, the round, the
// honor numbering, the move time, the wall in drawing order and the four
// seats' players and commands; then one record per line,
//
//	<seconds since the start> <position> <dir> <text>
//
// where dir is '>' for a line sent, '<' for a reply, 't' for a remote
// program's own time for the reply before (in seconds, as its wrapper
// measured it), 'x' for a line a program could not take or a reply it
// could not give (with why), '!' for a failure, '=' for the dummy's move
// and '#' for how a program ended; then "result …" and "end <points by
// position>". Text that is not printable
// ASCII is Go-quoted. A LogDir that already holds transcripts is refused
// (*LogDirError) rather than overwritten, as is one that cannot be made,
// before any program starts. The temporary transcripts a match killed
// mid-hand left in LogDir (.hand-NNNN.txt.zst.tmpDIGITS) are removed and
// reported to Options.OnRemoved; nothing else there is touched. Replay
// deals the hand again from the wall and plays it with the recorded
// replies, checking every other record and the points; ReplayReader and
// ReplayFile read and replay one, and Transcript.WriteRecords and Summary
// describe it for people. The games look up the shanten tables given in
// Options.Tables and to Replay (nil: tw16's default set).
package referee
