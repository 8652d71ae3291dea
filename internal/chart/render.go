package chart

import (
	"bytes"
	"fmt"
	"image"
	"math"
	"strings"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// Render renders p at w×h pixels (at 96 dots per inch, so w×h points
// times 4/3 for the vector formats) in format "png", "svg" or "pdf". Text
// and lines grow with the picture: a picture twice 960×600 each way draws
// everything twice as large, as if at 192 dots per inch (no smaller than
// 3/4 for small pictures).
func Render(p *gplot.Plot, w, h int, format string) ([]byte, error) {
	return render(w, h, format, p.Draw)
}

// RenderGrid renders plots as a grid, as Render renders one plot.
//
// rows[i][j] is drawn in row i and column j, each its share of a w×h
// picture; a nil plot leaves its cell blank.
func RenderGrid(rows [][]*gplot.Plot, w, h int, format string) ([]byte, error) {
	if len(rows) == 0 || len(rows[0]) == 0 {
		return nil, fmt.Errorf("analysis: plot: no plots to render")
	}
	return render(w, h, format, func(dc draw.Canvas) {
		tiles := draw.Tiles{Rows: len(rows), Cols: len(rows[0]), PadX: vg.Millimeter, PadY: vg.Millimeter,
			PadTop: vg.Millimeter, PadBottom: vg.Millimeter, PadLeft: vg.Millimeter, PadRight: vg.Millimeter}
		cells := gplot.Align(rows, tiles, dc)
		for i, row := range rows {
			for j, p := range row {
				if p != nil {
					p.Draw(cells[i][j])
				}
			}
		}
	})
}

// render draws with drawFn on a w×h picture in format (see Render).
func render(w, h int, format string, drawFn func(draw.Canvas)) (data []byte, err error) {
	defer func() {
		// vgpdf reports a font it cannot embed (it writes the font to a
		// temporary directory first, which fails on a full disk) with
		// log.Panicf: an error, not a crash.
		if r := recover(); r != nil {
			msg, ok := r.(string)
			if !ok || !strings.HasPrefix(msg, "vgpdf: ") {
				panic(r)
			}
			data, err = nil, fmt.Errorf("analysis: plot: %s", msg)
		}
	}()
	switch format {
	case "png", "svg", "pdf":
	default:
		return nil, fmt.Errorf("analysis: plot: unknown format %q (want png, svg or pdf)", format)
	}
	if w < MinSide || h < MinSide || w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("analysis: plot: size %dx%d is not between %d and %d pixels a side", w, h, MinSide, MaxSide)
	}
	dpi := int(math.Round(96 * drawScale(w, h)))
	s := vg.Length(dpi) / 96
	width, height := vg.Length(w)*vg.Inch/96, vg.Length(h)*vg.Inch/96
	var c vg.CanvasWriterTo
	if format == "png" {
		// Rendered at a higher resolution, text stays sharp.
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		c = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseImage(img), vgimg.UseDPI(dpi))}
	} else {
		if c, err = draw.NewFormattedCanvas(width, height, format); err != nil {
			return nil, fmt.Errorf("analysis: plot: %w", err)
		}
		c.Scale(float64(s), float64(s))
	}
	drawFn(draw.NewCanvas(c, width/s, height/s))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return nil, fmt.Errorf("analysis: plot: %w", err)
	}
	return buf.Bytes(), nil
}

// drawScale is how much larger than at 960×600 text and lines are drawn on
// a w×h picture: as much as the picture grows in its tighter direction, at
// least 3/4.
func drawScale(w, h int) float64 {
	return max(min(float64(w)/960, float64(h)/600), 0.75)
}
