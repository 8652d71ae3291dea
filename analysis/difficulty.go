package analysis

import "math"

// DifficultyBins is the number of bins of [DifficultyStats.Bins]: ten per
// power of ten from 10^−5 to 1.
const DifficultyBins = 50

// DifficultyStats gathers McDonald's difficulty of winnable boards (records
// with playouts): the fraction of uniformly random playouts that cleared
// each board. Its size does not depend on the number of boards.
type DifficultyStats struct {
	Boards   int64 // boards with playouts
	Playouts int64 // playouts in all
	Clears   int64 // playouts that cleared their board
	// Never counts the boards no playout cleared (the hardest; their
	// fraction is below 1/K).
	Never int64
	// FractionSum is the sum over boards of clear/playouts (for the mean
	// of the per-board fractions).
	FractionSum float64
	// Bins counts the boards with a non-zero fraction f by
	// floor(10·log10 f) + DifficultyBins (clamped to the first bin):
	// bin i holds 10^((i−50)/10) <= f < 10^((i−49)/10), and the last bin
	// f = 1.
	Bins [DifficultyBins + 1]int64
}

// DifficultyBin is the bin of a fraction 0 < f <= 1.
func DifficultyBin(f float64) int {
	i := int(math.Floor(10*math.Log10(f)+1e-9)) + DifficultyBins
	return min(max(i, 0), DifficultyBins)
}

// DifficultyBinRange is the range of fractions of bin i.
func DifficultyBinRange(i int) (lo, hi float64) {
	return math.Pow(10, float64(i-DifficultyBins)/10), math.Pow(10, float64(i-DifficultyBins+1)/10)
}

// Add counts one record with playouts.
func (d *DifficultyStats) Add(r Record) {
	if r.Playouts <= 0 {
		return
	}
	d.Boards++
	d.Playouts += r.Playouts
	d.Clears += r.Clear
	if r.Clear == 0 {
		d.Never++
		return
	}
	f := float64(r.Clear) / float64(r.Playouts)
	d.FractionSum += f
	d.Bins[DifficultyBin(f)]++
}

// Merge adds o's counts.
func (d *DifficultyStats) Merge(o *DifficultyStats) {
	d.Boards += o.Boards
	d.Playouts += o.Playouts
	d.Clears += o.Clears
	d.Never += o.Never
	d.FractionSum += o.FractionSum
	for i := range d.Bins {
		d.Bins[i] += o.Bins[i]
	}
}

// Mean is the mean over boards of the fraction of playouts that cleared
// them (0 without boards).
func (d *DifficultyStats) Mean() float64 {
	if d.Boards == 0 {
		return 0
	}
	return d.FractionSum / float64(d.Boards)
}

// Quantile is the q-quantile of the per-board fraction, to the resolution
// of the bins (the geometric middle of the bin; 0 when it falls among the
// never-cleared boards).
func (d *DifficultyStats) Quantile(q float64) float64 {
	if d.Boards == 0 {
		return 0
	}
	rank := int64(math.Ceil(q * float64(d.Boards)))
	rank = max(rank, 1)
	if rank <= d.Never {
		return 0
	}
	seen := d.Never
	for i, c := range d.Bins {
		seen += c
		if seen >= rank {
			if i == DifficultyBins {
				return 1
			}
			lo, hi := DifficultyBinRange(i)
			return math.Sqrt(lo * hi)
		}
	}
	return 1
}
