package tw16

// This file generates the per-suit replacement tables. It is run once per
// machine and its result cached (see cache.go); the tests check every entry
// against an independent oracle.

const (
	maxMelds = 5 // melds completed by a concealed part of 16 or 17 tiles

	suitKinds  = 9 // kinds of a numbered suit
	honorKinds = 7 // kinds of the honors

	suitVectors  = 1953125 // 5^9 count vectors of a numbered suit
	honorVectors = 78125   // 5^7 count vectors of the honors

	entryValues = 2 * (maxMelds + 1) // values per vector: melds 0..5, without and with a pair
	valueCap    = 15                 // the largest value a 4-bit entry holds
)

// pow5 holds 5^i: the index weight of the count of the (i+1)-th kind of a part.
var pow5 = [10]int{1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125}

// buildPart computes the table of one part: for every count vector h of n
// kinds (index Σ h_i·5^i), every number of melds m = 0..5 and p = 0, 1 pairs,
// the fewest tiles that must be added to h so that it contains m melds and p
// pairs, with at most 4 copies of a kind in the completed form. Chows are
// allowed when seq is true (numbered suits), not for the honors.
//
// It works in two passes. First, for every vector in increasing index order,
// the largest number of melds (capped at 5) that can be taken out of it with
// and without a pair: the lowest kind present is either left over (one copy),
// or starts a pong, a chow or the pair. Then the replacement numbers, in
// decreasing index order: 0 when the vector holds the form, else 1 + the
// smallest value over the vectors with one more tile (a tile of a kind that
// has fewer than 4 copies). Adding a tile the form needs lowers the count by
// exactly one and adding any tile lowers it by at most one, so this is the
// exact distance. Entry v of a vector is packed into bits 4v..4v+3 of a
// uint64 with v = 2m + p, capped at 15 (only 5 melds + pair can exceed it, and
// no concealed part of at most 17 tiles needs that many).
func buildPart(n int, seq bool) []uint64 {
	size := pow5[n]
	// most[2*idx+p] is the largest number of melds (≤ 5) the vector holds with
	// p pairs, or -1 when it holds no pair and p = 1.
	most := make([]int8, 2*size)
	most[0], most[1] = 0, -1
	var h [suitKinds]int
	for idx := 1; idx < size; idx++ {
		decode(idx, n, &h)
		i := 0
		for h[i] == 0 {
			i++
		}
		for p := 0; p < 2; p++ {
			best := most[2*(idx-pow5[i])+p]
			if h[i] >= 3 {
				best = max(best, plusMeld(most[2*(idx-3*pow5[i])+p]))
			}
			if seq && i+2 < n && h[i+1] > 0 && h[i+2] > 0 {
				best = max(best, plusMeld(most[2*(idx-pow5[i]-pow5[i+1]-pow5[i+2])+p]))
			}
			if p == 1 && h[i] >= 2 {
				best = max(best, most[2*(idx-2*pow5[i])])
			}
			most[2*idx+p] = best
		}
	}

	dist := make([]uint8, entryValues*size)
	for idx := size - 1; idx >= 0; idx-- {
		decode(idx, n, &h)
		d := dist[entryValues*idx : entryValues*idx+entryValues]
		for v := range d {
			d[v] = 255
		}
		for i := 0; i < n; i++ {
			if h[i] == 4 {
				continue
			}
			up := dist[entryValues*(idx+pow5[i]) : entryValues*(idx+pow5[i])+entryValues]
			for v := range d {
				d[v] = min(d[v], up[v]+1)
			}
		}
		for v := range d {
			m, p := v/2, v%2
			if int(most[2*idx+p]) >= m {
				d[v] = 0
			}
		}
	}

	table := make([]uint64, size)
	for idx := range table {
		var x uint64
		for v, d := range dist[entryValues*idx : entryValues*idx+entryValues] {
			x |= uint64(min(d, valueCap)) << (4 * v)
		}
		table[idx] = x
	}
	return table
}

// plusMeld adds one meld to a count of melds, keeping -1 (no pair) and the cap.
func plusMeld(m int8) int8 {
	if m < 0 || m >= maxMelds {
		return m
	}
	return m + 1
}

// decode writes the n base-5 digits of idx into h.
func decode(idx, n int, h *[suitKinds]int) {
	for i := 0; i < n; i++ {
		h[i] = idx % 5
		idx /= 5
	}
}
