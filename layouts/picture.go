package layouts

import (
	"bufio"
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"slices"
)

// Pictures returns a text picture of each level of l, from level 0 up. A
// picture is one string per row of half-tile cells, a tile drawn as "[]" on
// both rows it covers and empty cells as spaces (trailing spaces trimmed).
// Every level is drawn over the same area, the smallest box around the
// whole layout, so the pictures line up. A level without tiles has no rows.
// Layouts with overlapping tiles or too far apart to draw give nil.
func Pictures(l *Layout) [][]string {
	n := l.Normalize()
	if checkSlots(n.Slots) != nil {
		return nil
	}
	// Keep the levels where they are: only X and Y are translated.
	minZ := corner(l.Slots).Z
	for i := range n.Slots {
		n.Slots[i].Z += minZ
	}
	width, height := extent(n)
	grids := levelGrids(n, width, height, ' ')
	out := make([][]string, len(grids))
	for z, rows := range grids {
		for _, r := range rows {
			out[z] = append(out[z], string(bytes.TrimRight(r, " ")))
		}
	}
	return out
}

// WritePictures writes the text pictures of l's levels to w, each under a
// line "level Z: N tiles".
func WritePictures(w io.Writer, l *Layout) error {
	if err := checkSlots(l.Slots); err != nil {
		return inputErrorf("%s: %w", l.label(), err)
	}
	bw := bufio.NewWriter(w)
	per := l.TilesPerLevel()
	for z, rows := range Pictures(l) {
		if len(rows) == 0 {
			continue
		}
		fmt.Fprintf(bw, "level %d: %d %s\n", z, per[z], plural(per[z], "tile", "tiles"))
		for _, r := range rows {
			fmt.Fprintln(bw, r)
		}
	}
	return bw.Flush()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Sizes of the PNG picture, in pixels.
const (
	pngCellW  = 14 // half a tile's width
	pngCellH  = 18 // half a tile's height
	pngDepth  = 5  // how far each level is shifted up and to the left
	pngMargin = 12
)

// levelColors shade the tiles by level, from the table up: warm ivory at
// the bottom to light blue at the top, so stacks are visible.
var levelColors = []color.RGBA{
	{0xe8, 0xdc, 0xc0, 0xff},
	{0xd8, 0xe6, 0xb8, 0xff},
	{0xb8, 0xe0, 0xc8, 0xff},
	{0xb4, 0xd4, 0xe8, 0xff},
	{0xc8, 0xc0, 0xec, 0xff},
	{0xe8, 0xbc, 0xd8, 0xff},
	{0xf0, 0xc8, 0xa8, 0xff},
}

// Image draws l as seen from above and slightly from the lower right: each
// tile a rectangle with a darker edge below and to the right, each level
// shifted up and to the left and shaded in its own colour. Tiles free at
// the start get a dark outline. Layouts with overlapping tiles or too far
// apart to draw give nil.
func Image(l *Layout) *image.RGBA {
	n := l.Normalize()
	if checkSlots(n.Slots) != nil {
		return nil
	}
	width, height := extent(n)
	levels := max(n.Levels(), 1)
	shift := pngDepth * (levels - 1)
	w := 2*pngMargin + width*pngCellW + shift + pngDepth
	h := 2*pngMargin + height*pngCellH + shift + pngDepth
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Bounds(), &image.Uniform{color.RGBA{0x2f, 0x5d, 0x3a, 0xff}}, image.Point{}, draw.Src)

	free := n.Relations().Free()
	order := make([]int, len(n.Slots))
	for i := range order {
		order[i] = i
	}
	// Painter's order: lower levels first; on a level, top to bottom and
	// left to right, so a tile hides its neighbours' edges behind it.
	slices.SortFunc(order, func(a, b int) int { return compareSlots(n.Slots[a], n.Slots[b]) })
	edge := color.RGBA{0x40, 0x38, 0x30, 0xff}
	for _, i := range order {
		s := n.Slots[i]
		x0 := pngMargin + shift + s.X*pngCellW - s.Z*pngDepth
		y0 := pngMargin + shift + s.Y*pngCellH - s.Z*pngDepth
		face := image.Rect(x0, y0, x0+2*pngCellW-1, y0+2*pngCellH-1)
		c := levelColors[s.Z%len(levelColors)]
		side := color.RGBA{c.R / 2, c.G / 2, c.B / 2, 0xff}
		draw.Draw(img, face.Add(image.Pt(pngDepth, pngDepth)), &image.Uniform{side}, image.Point{}, draw.Src)
		draw.Draw(img, face, &image.Uniform{edge}, image.Point{}, draw.Src)
		inset := 1
		if free[i] {
			inset = 2
			draw.Draw(img, face, &image.Uniform{color.RGBA{0x10, 0x10, 0x10, 0xff}}, image.Point{}, draw.Src)
		}
		draw.Draw(img, face.Inset(inset), &image.Uniform{c}, image.Point{}, draw.Src)
	}
	return img
}

// WritePNG writes Image(l) to w as a PNG.
func WritePNG(w io.Writer, l *Layout) error {
	if err := checkSlots(l.Slots); err != nil {
		return inputErrorf("%s: %w", l.label(), err)
	}
	if err := png.Encode(w, Image(l)); err != nil {
		return inputErrorf("%w", err)
	}
	return nil
}
