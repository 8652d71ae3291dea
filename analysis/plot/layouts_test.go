package plot

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/analysis/runs"
)

func TestLayoutRates(t *testing.T) {
	rows := []LayoutRate{
		{Name: "low", Rate: 0.02, Lo: 0.015, Hi: 0.03, Published: 0.0295},
		{Name: "all", Rate: 1, Lo: 0.99, Hi: 1, Published: math.NaN()},
		{Name: "mid", Rate: 0.2, Lo: 0.18, Hi: 0.22, Published: math.NaN()},
	}
	p, err := LayoutRates(rows, "rates")
	if err != nil {
		t.Fatal(err)
	}
	svg := svgText(t, p)
	// Sorted with the highest rate at the top: in the SVG the labels come
	// bottom-up (low, mid, all), and the published mark has its legend.
	il, im, ia := strings.Index(svg, ">low<"), strings.Index(svg, ">mid<"), strings.Index(svg, ">all<")
	if il < 0 || im < 0 || ia < 0 || !(il < im && im < ia) {
		t.Errorf("labels at %d %d %d, want low, mid, all in order", il, im, ia)
	}
	if !strings.Contains(svg, "published (de Bondt)") {
		t.Errorf("no legend for the published rate")
	}
	if rows[0].Name != "low" {
		t.Errorf("the caller's rows were sorted")
	}
	if _, err := LayoutRates(nil, ""); err == nil {
		t.Errorf("no rows accepted")
	}
	if _, err := LayoutRates([]LayoutRate{{Name: "x", Rate: 0.5, Lo: 0.6, Hi: 0.7}}, ""); err == nil {
		t.Errorf("a rate outside its interval accepted")
	}
	if _, err := Render(p, 960, LayoutRatesHeight(3), "png"); err != nil {
		t.Error(err)
	}
}

func TestRenderSurveyRates(t *testing.T) {
	rep := &runs.Report{Winnable: 90, Impossible: 10, Rate: 0.1, CI95: [2]float64{0.05, 0.17}}
	rows := []runs.SurveyRow{{Name: "a", Report: rep}, {Name: "b", Unusable: "odd"}, {Name: "c"}}
	svg, err := RenderSurveyRates(rows, "rates", "svg")
	if err != nil || !strings.Contains(string(svg), ">a<") || strings.Contains(string(svg), ">b<") {
		t.Errorf("svg of %d bytes, %v: want the bar of a only", len(svg), err)
	}
	if _, err := RenderSurveyRates(rows[1:], "rates", "svg"); !errors.Is(err, ErrNoRates) {
		t.Errorf("no decided rows: %v, want ErrNoRates", err)
	}
}
