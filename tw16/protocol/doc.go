// Package protocol reads and writes the lines of the ICGA/TCGA computer
// Mahjong protocol.
//
// The protocol is described on the CGI Lab page "The format specification of
// communication protocol" and in chapter 3.1 of the MJTalk referee thesis:
// the instructions a referee server sends a program on its standard input
// (Message) and the replies the program writes on its standard output
// (Reply). The package knows tiles, not rules: it checks the shape of a
// line, never whether the move is legal.
//
// # Lines
//
// Server to client:
//
//	/start MJ <position> <path>          /start MJ 2 D:\AI _1.exe
//	/initGame <wind> <game> <open> <dealer> <continue>
//	                                     /initGame EAST EAST 3 2 0
//	/initCard <card1> … <card16|17>      /initCard 121 122 142 … 463
//	/mo <card>                           /mo 410
//	/ask throw|pong|gong|eat|hu          /ask throw
//	/throw <position> <card>             /throw 3 410
//	/eat <position> <c1> <claimed> <c3>  /eat 4 280 271 292
//	/pong <position> <c1> <c2> <c3>      /pong 2 320 321 323
//	/gong <position> 4 <c1> … <c4>       /gong 2 4 160 161 162 163
//	/gong <position> 0                   /gong 2 0           (to the others)
//	/gong <position> 0 <c1> … <c4>       /gong 2 0 160 161 162 163 (to the owner)
//	/gong <position> 1 <card>            /gong 1 1 153
//	/hu <position> <hucard> <c1> …       /hu 3 232 112 120 …
//	/exit [<score1> … <score4>]          /exit 2000 -2000 0 0
//
// Client to server:
//
//	/throw <card>                        /throw 112
//	/eat <c1> <c2>                       /eat 132 143
//	/pong <c1> <c2>                      /pong 112 113
//	/gong 4 <c1> <c2> <c3>               /gong 4 110 112 113
//	/gong 0 <c1> <c2> <c3> <c4>          /gong 0 370 371 372 373
//	/gong 1 <card>                       /gong 1 410
//	/hu
//	/pass
//
// Positions are the seats 1–4. Cards are tile ids (TID): 110–193 wan,
// 210–293 tiao, 310–393 tong, 410–473 honors, 10–80 the bonus tiles (see
// mjsolve.TileOfTID). Winds are written EAST, SOUTH, WEST, NORTH.
//
// # Strictness
//
// A line has no line ending, fields are separated by exactly one space, and
// there is no leading or trailing space. Numbers are decimal without a sign
// (scores may have a minus) and without leading zeros. Every card must be a
// valid TID and no card may appear twice in a line. The server's meld
// messages must be well formed: /pong and /gong cards are copies of one kind
// in increasing order; the /eat cards are a sequence of one suit with the
// first lower than the third and the claimed tile in the middle position.
// Reply cards may come in any order (the referee checks them against the
// hand). The path of /start is the rest of the line and may contain spaces.
// The page's example of a meld-gong reply, "/gong 110 112 113", omits the
// type and is refused: the table on the same page, the framework paper and
// the thesis all write "/gong 4 110 112 113". Two of the page's examples,
// "/gong 1 1 154" and "/eat 132 145", name copies 4 and 5, which its own
// table does not have (5-Wan is 150–153); they are refused too.
//
// Anything else is an error value (a *SyntaxError); the parsers never panic.
// Accepted lines round-trip exactly: formatting a parsed line gives the same
// bytes. No line may be MaxLine bytes or longer; formatting refuses to make
// one.
//
// Parsing allocates nothing except the path of /start; Message.Append and
// Reply.Append allocate nothing when the buffer has room.
package protocol
