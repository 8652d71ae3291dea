package bot

import (
	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// The opponent model of the search's samples: an opponent's hidden hand is
// not a uniform draw from the unseen tiles. After some discards a player
// is much nearer ready than a random hand (the shanten thesis's figure
// 3-1: most are within one tile of ready by the eighth to twelfth
// go-round), so each sampled hand is drawn to a shanten drawn from
// opponentShanten, by the number of discards the opponent has made and its
// melds, and never waiting on a kind it has let pass (see forbidden).

// opponentShanten[d][m] is the cumulative distribution, in 255ths, of the
// shanten (0 to 5, 5 for five or more) of a player's concealed hand after
// d discards (15: fifteen or more) with m melds (3: three or more),
// measured over 1500 hands of four advice players at every claim window
// (TestOpponentShantenTable prints it again with -long); cells with few
// observations take the nearest one with more discards.
var opponentShanten = [16][4][6]uint8{
	{{0, 0, 11, 66, 168, 255}, {0, 13, 63, 176, 240, 255}, {0, 35, 191, 247, 255, 255}, {24, 205, 255, 255, 255, 255}},
	{{0, 1, 28, 112, 209, 255}, {0, 13, 63, 176, 240, 255}, {0, 35, 191, 247, 255, 255}, {24, 205, 255, 255, 255, 255}},
	{{0, 8, 58, 160, 231, 255}, {1, 21, 102, 218, 250, 255}, {0, 35, 191, 247, 255, 255}, {24, 205, 255, 255, 255, 255}},
	{{0, 21, 92, 197, 247, 255}, {2, 40, 147, 235, 252, 255}, {8, 82, 208, 254, 255, 255}, {24, 205, 255, 255, 255, 255}},
	{{3, 38, 130, 221, 252, 255}, {5, 69, 183, 245, 254, 255}, {21, 116, 232, 254, 255, 255}, {24, 205, 255, 255, 255, 255}},
	{{7, 58, 154, 232, 254, 255}, {17, 99, 208, 251, 254, 255}, {36, 160, 245, 254, 255, 255}, {66, 236, 255, 255, 255, 255}},
	{{16, 84, 175, 237, 254, 255}, {33, 131, 220, 252, 254, 255}, {58, 195, 248, 254, 255, 255}, {109, 250, 252, 255, 255, 255}},
	{{24, 106, 180, 240, 254, 255}, {43, 155, 221, 253, 254, 255}, {79, 212, 249, 254, 255, 255}, {123, 247, 255, 255, 255, 255}},
	{{35, 123, 178, 238, 253, 255}, {58, 178, 224, 253, 254, 255}, {103, 225, 252, 255, 255, 255}, {164, 252, 255, 255, 255, 255}},
	{{40, 128, 174, 237, 253, 255}, {70, 189, 225, 252, 254, 255}, {109, 229, 250, 255, 255, 255}, {171, 253, 255, 255, 255, 255}},
	{{43, 131, 170, 237, 254, 255}, {93, 200, 223, 253, 254, 255}, {126, 232, 250, 254, 255, 255}, {194, 251, 254, 255, 255, 255}},
	{{54, 132, 165, 237, 254, 255}, {106, 203, 224, 253, 255, 255}, {141, 235, 249, 254, 255, 255}, {203, 252, 255, 255, 255, 255}},
	{{57, 134, 168, 237, 255, 255}, {114, 206, 226, 252, 255, 255}, {146, 245, 251, 255, 255, 255}, {192, 253, 253, 255, 255, 255}},
	{{60, 131, 169, 241, 255, 255}, {115, 204, 229, 254, 255, 255}, {166, 247, 252, 255, 255, 255}, {205, 255, 255, 255, 255, 255}},
	{{59, 150, 175, 239, 255, 255}, {117, 205, 230, 255, 255, 255}, {182, 249, 251, 255, 255, 255}, {221, 255, 255, 255, 255, 255}},
	{{95, 153, 206, 245, 255, 255}, {126, 209, 233, 252, 255, 255}, {184, 252, 253, 255, 255, 255}, {222, 255, 255, 255, 255, 255}},
}

// targetShanten draws the shanten of the hand of an opponent who has
// made d discards and m melds.
func targetShanten(r *rng, d, m int) int {
	cum := &opponentShanten[min(d, 15)][min(m, 3)]
	u := uint8(r.intN(255))
	for sh, c := range cum {
		if u < c {
			return sh
		}
	}
	return len(cum) - 1
}

// handTries bounds the attempts to draw a hand of the target shanten;
// the closest attempt is kept.
const handTries = 8

// dealHand draws a hand of n kinds (3k+1) from pool (taking them out of
// it) with a shanten near target and no winning kind in forbid: a ready
// hand of sets, a pair and a partial set (sampleReady) with target tiles
// exchanged for random ones from the pool, or for a target of 5 a random
// draw.
func (e *Evaluator) dealHand(pool *mjsolve.Counts, n, target int, forbid tw16.KindSet) mjsolve.Counts {
	var best mjsolve.Counts
	bestMiss := 100
	for try := range handTries {
		h, ok := mjsolve.Counts{}, false
		p := *pool
		if target < 5 {
			h, ok = sampleReady(&e.r, &e.cands, p, n)
			if ok {
				sub(&p, &h)
				for range target + try%2 {
					swapRandom(&e.r, &p, &h)
				}
			}
		}
		if !ok {
			h = mjsolve.Counts{}
			for range n {
				moveRandom(&e.r, &p, &h)
			}
		}
		sh := shantenOf(&e.forms, &h)
		miss := abs(sh - target)
		if sh == 0 && forbid != 0 {
			if w, err := e.forms.Effective(h, nil, nil); err == nil && w.Kinds&forbid != 0 {
				miss = 50
			}
		}
		if miss < bestMiss {
			best, bestMiss = h, miss
		}
		if miss == 0 {
			break
		}
	}
	sub(pool, &best)
	return best
}

// sub takes the tiles of h out of pool, which holds them.
func sub(pool, h *mjsolve.Counts) {
	for k, c := range h {
		pool[k] -= c
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// moveRandom moves a random tile of pool (each tile alike) to h.
func moveRandom(r *rng, pool, h *mjsolve.Counts) {
	n := pool.Total()
	if n == 0 {
		return
	}
	u := r.intN(n)
	for k, c := range pool {
		if u < int(c) {
			pool[k]--
			h[k]++
			return
		}
		u -= int(c)
	}
}

// swapRandom puts a random tile of h back into pool and takes a random one
// of pool.
func swapRandom(r *rng, pool, h *mjsolve.Counts) {
	moveRandom(r, h, pool)
	moveRandom(r, pool, h)
}
