package solitaire

import (
	"fmt"
	"slices"
	"strings"
)

// Labels chooses what Picture writes on each tile.
type Labels int

const (
	FaceLabels Labels = iota // two-character face names: 1m, E, fl, se
	SlotLabels               // slot numbers, as in moves and board files
)

// Picture draws b as text, level by level, bottom first. Every half-tile
// step is two characters, so a tile takes four ("[1m]"), and every
// half-tile row that holds the top edge of some tile of the layout is one
// line. Free tiles are in brackets, other tiles on the board in spaces, and
// removed tiles are drawn as " .. ". With SlotLabels on a layout of more
// than 100 tiles a half-tile step is three characters ("[ 105]"). Each
// level starts with a line "level Z: T tiles, P on the board, F free".
func (b *Board) Picture(labels Labels) string {
	slots := b.Geo.Layout.Slots
	if len(slots) == 0 {
		return ""
	}
	minX, maxX, levels := slots[0].X, slots[0].X, 0
	var rows []int
	for _, s := range slots {
		minX, maxX, levels = min(minX, s.X), max(maxX, s.X), max(levels, s.Z+1)
		rows = append(rows, s.Y)
	}
	slices.Sort(rows)
	rows = slices.Compact(rows)
	step := 2 // characters per half-tile step
	if labels == SlotLabels && len(slots) > 100 {
		step = 3
	}
	width := step * (maxX - minX + 2)
	removed := " " + strings.Repeat(" ", step-2) + ".." + " "
	free := b.Free()

	var sb strings.Builder
	grid := make([][]byte, len(rows))
	for z := range levels {
		for r := range grid {
			grid[r] = append(grid[r][:0], strings.Repeat(" ", width)...)
		}
		tiles, on, nfree := 0, 0, 0
		for i, s := range slots {
			if s.Z != z {
				continue
			}
			tiles++
			cell := removed
			if b.Present.Has(i) {
				on++
				label := b.Groups[i].Short()
				if labels == SlotLabels {
					label = fmt.Sprintf("%*d", 2*step-2, i)
				}
				if free.Has(i) {
					nfree++
					cell = "[" + label + "]"
				} else {
					cell = " " + label + " "
				}
			}
			r, _ := slices.BinarySearch(rows, s.Y)
			copy(grid[r][step*(s.X-minX):], cell)
		}
		fmt.Fprintf(&sb, "level %d: %s, %d on the board, %d free\n", z, plural(tiles, "tile"), on, nfree)
		for _, line := range grid {
			if l := strings.TrimRight(string(line), " "); l != "" {
				sb.WriteString(l)
				sb.WriteByte('\n')
			}
		}
	}
	return sb.String()
}

// plural writes n and the noun, with an s unless n is 1.
func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
