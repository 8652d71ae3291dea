package mjsolve

import (
	"strings"
	"testing"
)

func TestTIDExamples(t *testing.T) {
	tests := []struct {
		tid   int
		order HonorOrder
		tile  string
		copy  int
	}{
		{110, HonorsICGA, "1m", 0},
		{193, HonorsICGA, "9m", 3},
		{210, HonorsICGA, "1s", 0}, // 2xx is 條 (sou)
		{352, HonorsICGA, "5p", 2}, // 3xx is 筒 (pin)
		{410, HonorsICGA, "1z", 0},
		{420, HonorsICGA, "3z", 0}, // ICGA: 42x West
		{430, HonorsICGA, "2z", 0}, // ICGA: 43x South
		{420, HonorsMJTalk, "2z", 0},
		{430, HonorsMJTalk, "3z", 0},
		{450, HonorsICGA, "5z", 0},
		{473, HonorsICGA, "7z", 3},
		{10, HonorsICGA, "5f", 0}, // spring
		{40, HonorsICGA, "8f", 0}, // winter
		{50, HonorsICGA, "1f", 0}, // plum
		{80, HonorsICGA, "4f", 0}, // bamboo
	}
	for _, tt := range tests {
		tile, copy, err := TileOfTID(tt.tid, tt.order)
		if err != nil || tile.String() != tt.tile || copy != tt.copy {
			t.Errorf("TileOfTID(%d, %v) = %v, %d, %v; want %s, %d", tt.tid, tt.order, tile, copy, err, tt.tile, tt.copy)
		}
	}
}

func TestTIDRoundTripAndErrors(t *testing.T) {
	for _, o := range []HonorOrder{HonorsICGA, HonorsMJTalk} {
		seen := map[int]bool{}
		for tile := Tile(0); tile < NumTiles; tile++ {
			copies := 4
			if tile.IsBonus() {
				copies = 1
			}
			for c := range copies {
				tid, err := TIDOf(tile, c, o)
				if err != nil {
					t.Fatalf("TIDOf(%v, %d): %v", tile, c, err)
				}
				if seen[tid] {
					t.Fatalf("TID %d used twice", tid)
				}
				seen[tid] = true
				back, bc, err := TileOfTID(tid, o)
				if err != nil || back != tile || bc != c {
					t.Fatalf("TID %d decodes to %v %d %v, want %v %d", tid, back, bc, err, tile, c)
				}
			}
		}
		if len(seen) != 34*4+8 {
			t.Errorf("%d TIDs, want 144", len(seen))
		}
		// Every other number in range is rejected.
		for tid := -5; tid < 600; tid++ {
			if _, _, err := TileOfTID(tid, o); (err == nil) != seen[tid] {
				t.Errorf("TileOfTID(%d) error = %v", tid, err)
			}
		}
	}
	if _, _, err := TileOfTID(194, HonorsICGA); err == nil || !strings.Contains(err.Error(), "TID 194") {
		t.Errorf("error %v should name TID 194", err)
	}
	if _, err := TIDOf(BonusTile(Plum), 1, HonorsICGA); err == nil {
		t.Error("second copy of a bonus tile accepted")
	}
}

func FuzzTileOfTID(f *testing.F) {
	for _, tid := range []int{110, 473, 10, 80, 0, 194, 480, -1} {
		f.Add(tid)
	}
	f.Fuzz(func(t *testing.T, tid int) {
		for _, o := range []HonorOrder{HonorsICGA, HonorsMJTalk} {
			tile, c, err := TileOfTID(tid, o)
			if err != nil {
				continue
			}
			back, err := TIDOf(tile, c, o)
			if err != nil || back != tid {
				t.Fatalf("TID %d → %v %d → %d, %v", tid, tile, c, back, err)
			}
		}
	})
}
