// Package handlog is the event form of a played Taiwanese 16-tile hand.
//
// Every event is written in playing order as JSON lines, with a versioned
// schema that other programs can read. The referee's transcripts
// (tw16/referee.Events) and the in-process self-play (tw16/bot's
// SelfPlayOptions.LogDir) both give it; "mjsolve tw16 replay --json" prints
// it, "mjsolve tw16 review" rates its decisions and the page of "mjsolve
// serve" shows it.
//
// # The format
//
// The first line is the Header: {"schema":"mjsolve-tw16-hand","version":1,
// "type":"hand",…} with the hand's place in its match, the dealer, the
// round wind, the rules, the honor numbering of the tile ids, the wall in
// drawing order and the four seats' players. Then one Event a line, numbered
// n from 1: the deal of each seat, draws, flowers, discards, claims (chow,
// pong, kong, with who claimed from whom), concealed and added kongs, the
// passes on a claim, failures of programs, the win with its itemised tai
// or the exhausted wall, and last an "end" line with the four seats'
// points. Seats are 1–4 as in the protocol (seat 1 has the East wind);
// every tile is given in compact notation ("5p", "1z", "3f") and as the
// protocol's tile id (TID), which names the copy too.
//
// Events with an "on" field are decisions: what the seat to act chose
// among the legal actions, "turn" on its own turn, "hu", "pong" or "chow"
// at that stage of the claims on a discard, "rob" on an added kong. The
// moves of the dummy that plays a failed program's seat are marked
// "by":"dummy". Version 1 may gain fields; a reader ignores the fields it
// does not know and refuses a higher version (Read does).
//
// # Building, checking and walking a hand
//
// Build plays a hand's Steps (the decisions and the failures, in order)
// from its wall through tw16/game and writes down everything that
// happens; Verify checks a hand read back by building it again; Walk
// replays it and calls a function at every decision with the view of the
// seat to act (game.View), the legal actions and the one chosen, as a
// reviewer needs. Read and Hand.WriteTo read and write the JSON lines
// (Read also takes them zstd-compressed, as self-play logs are written).
package handlog
