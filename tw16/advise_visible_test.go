package tw16

import (
	"testing"

	"github.com/mjsolve/mjsolve"
)

// Without visible counts the advice counts the concealed part before the
// discard as seen, the discarded tile included (it is on the table): the
// same answer as with visible set to the part.
func TestAdviseNilVisibleSeesTheDiscard(t *testing.T) {
	h := mjsolve.MustParseCounts("111m222p333s444z55z66z7z")
	claims := ThesisWeights()
	for _, cw := range []*ClaimWeights{nil, &claims} {
		own := h
		withNil, err := Advise(h, nil, cw)
		if err != nil {
			t.Fatal(err)
		}
		withOwn, err := Advise(h, &own, cw)
		if err != nil {
			t.Fatal(err)
		}
		a, b := withNil.Discards(), withOwn.Discards()
		if len(a) != len(b) {
			t.Fatalf("%d discards with nil, %d with the part", len(a), len(b))
		}
		for i := range a {
			if a[i] != b[i] {
				t.Errorf("claims %v: discard %d with nil visible %v %+v, with the part %v %+v", cw != nil, i, a[i].Kind, a[i].Effective, b[i].Kind, b[i].Effective)
			}
		}
		// Discarding 5z leaves one 5z in hand and one on the table: 2 left.
		for _, d := range a {
			if d.Kind == mjsolve.Kind(31) && d.Effective.Remaining[31] != 2 {
				t.Errorf("claims %v: after discarding 5z, %d 5z left, want 2", cw != nil, d.Effective.Remaining[31])
			}
		}
		_, bd, err := BestDiscard(h, nil, cw)
		if err != nil {
			t.Fatal(err)
		}
		_, bo, err := BestDiscard(h, &own, cw)
		if err != nil {
			t.Fatal(err)
		}
		if bd != bo {
			t.Errorf("claims %v: BestDiscard with nil visible %v %+v, with the part %v %+v", cw != nil, bd.Kind, bd.Effective, bo.Kind, bo.Effective)
		}
	}
	// A hand where the best discard's own kind stays effective: 22234m,
	// discard 4m (2223m waits on 1m, 3m and 4m). "2223m", here before, has
	// 4 tiles: both calls failed and the zero discards compared equal.
	h = mjsolve.MustParseCounts("22234m")
	own := h
	_, bd, err := BestDiscard(h, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	_, bo, err := BestDiscard(h, &own, nil)
	if err != nil {
		t.Fatal(err)
	}
	if bd.Kind != mjsolve.Kind(3) || !bd.Effective.Kinds.Has(bd.Kind) {
		t.Errorf("22234m: the best discard is %v, effective %v; want 4m, among them", bd.Kind, bd.Effective.Kinds)
	}
	if bd != bo {
		t.Errorf("22234m: BestDiscard with nil visible %v %+v, with the part %v %+v", bd.Kind, bd.Effective, bo.Kind, bo.Effective)
	}
}
