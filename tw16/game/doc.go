// Package game plays hands of Taiwanese 16-tile Mahjong as a state machine.
//
// It follows the rules of the ICGA/TCGA computer Mahjong competitions and
// does no I/O: it is the engine under the referee (tw16/referee), the
// in-process self-play and the bots (tw16/bot).
//
// # Cards, seats and the wall
//
// Every tile is a physical Card (one of four copies of a kind, or a
// flower) with the protocol's tile id (Card.TID, CardOfTID). Seats are 0–3
// and play passes counter-clockwise from seat s to s+1; seat s has the seat
// wind Wind(s) (seat 0 East). The wall is shuffled from a seed (or given in
// full): 136 cards, or 144 with Config.Flowers. The dealer takes 17 cards and
// the others 16, the dealer first and then counter-clockwise, from the front
// of the wall; draws continue from the front and replacement draws (after a
// kong or a flower) come from the back. A flower, dealt or drawn, is set
// aside and replaced at once. A draw due with DeadWall (16) cards left ends
// the hand drawn (流局); no kong is allowed then, since its replacement
// could not be drawn.
//
// # Decisions
//
// There is always exactly one seat to act (ToAct) until the hand is over,
// in one of three phases:
//
//   - PhaseTurn: the seat holds 3k+2 concealed cards and discards one. After
//     a draw (or the deal, for the dealer) it may instead win by self-draw
//     (Hu) when its hand is complete, declare a concealed kong (four of a
//     kind held) or add a held card to one of its pongs (加槓). A kong is
//     followed by a replacement draw; after a chow or a pong the seat only
//     discards.
//   - PhaseClaim: after a discard the seats that can claim it are asked one
//     at a time, in priority order, as the protocol's referee asks them:
//     first every seat that can win on it, counter-clockwise from the
//     discarder (StageHu); then the seat that can pong it or, with three
//     copies, make an exposed kong (StagePong) — but not the seat after the
//     discarder, which may not kong its previous player's discard; then the
//     seat after the discarder, the only one that may chow it (StageChow).
//     The first claim made takes the discard; if all pass, the next seat
//     draws.
//   - PhaseRob: after an added kong the seats that can win on the added card
//     are asked in turn from the next seat; the first to win robs the kong
//     (搶槓), else the kong stands and its maker draws a replacement. With
//     flowers, a seat holding seven flowers is asked the same when another
//     seat sets the eighth aside during play: it may rob it (七搶一), else
//     the other seat draws its replacement.
//
// With flowers, a seat holding all eight wins on its turn after a draw
// (八仙過海, offered as Hu; when its hand is complete too, the better scoring
// win is taken).
//
// Several winners on one discard: the first counter-clockwise from the
// discarder takes it, as the framework paper rules ("the first player in the
// counter-clockwise manner starting from the chucker wins") and as the
// referee grants the first yes; the MJTalk referee's 一炮三響 (all win) is not
// the competition rule.
//
// Actions lists every legal action of the seat to act (one per card for a
// discard; one per choice of kinds for claims and kongs, naming the lowest
// copies held), and Apply plays one, refusing an illegal one with an error
// wrapping ErrIllegal and leaving the game unchanged. Apply accepts a claim
// or kong made with any copies the player holds, as the protocol lets a
// program name its own tiles. Neither allocates: the game keeps fixed
// arrays, and Reset deals the next hand into the same memory.
//
// # Positions
//
// Save takes a hand in progress as a Position (every card placed: hands,
// melds, flowers, river, the live wall in drawing order, whose decision it
// is, the first go-round's flags) and Load sets a Game to one, checked and
// without allocating: the game then goes on exactly as the one saved
// would. A search builds positions from what one seat sees and a sample of
// the cards it cannot see, and plays them out (tw16/bot).
//
// # Events
//
// Events lists what happened, for a referee to turn into protocol messages
// and for a View to follow:
//
//	EventDraw           seat drew Card (Replacement: from the back, after a kong or flower)
//	EventFlower         seat set the flower Card aside (a replacement draw follows)
//	EventDiscard        seat discarded Card
//	EventChow/Pong/Kong seat claimed Card from From into Meld (Kong: a replacement draw follows)
//	EventConcealedKong  seat declared Meld, cards seen by that seat only (a replacement draw follows)
//	EventAddedKong      seat added Card to its pong, now Meld (others may rob it; else a replacement draw)
//	EventWin            seat won on Card, self-drawn (From = seat), on From's discard, or Robbed
//	EventExhausted      the hand is drawn
//
// The deal itself is not an event: Dealt returns each seat's dealt cards.
//
// # Scoring
//
// A win is scored by tw16.Score under Config.Rules (by default the
// competition profile: base 1000, 500 per tai, the dealer 1 tai, no
// consecutive dealing). The situation is read from the play: self-drawn,
// last tile (海底撈月, 河底撈魚), after a kong or flower (槓上開花), robbing a
// kong, the dealer, seat and round winds, and the first go-round (天胡 for
// the dealer's dealt hand, 地胡 on a non-dealer's first draw, 人胡 on a
// discard before a non-dealer's first draw, all while no claim or kong has
// been made), and the flower wins. 地聽 (declared ready after the first
// discard) is not scored: the competition has no way to declare it; nor is
// 七搶一 offered while the flowers of the deal are replaced, only in play. Result.Points gives each seat's
// gain: a self-drawn win is paid by all three others, a win on a discard by
// the discarder alone; they sum to zero.
//
// A hand's winning kinds (who may declare a win) are looked up in the
// shanten tables of Config.Tables, or tw16's default set when it is nil.
package game
