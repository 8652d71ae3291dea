package layouts

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// GNOME Mahjongg's mahjongg.map holds several <map name=".." scorename="..">
// elements inside <mahjongg>. Coordinates are in tile units, with .5 for
// half a tile, and count the top-left corner of a tile. Tiles are given by
//
//	<tile x y [z]>                 one tile
//	<row y left right [z]>         tiles at x = left, left+1, …, right
//	<column x top bottom [z]>      tiles at y = top, top+1, …, bottom
//	<block left right top bottom [z]>  a rectangle, column by column
//
// with z from the enclosing <layer z=".."> when not given (0 outside a
// layer). Slots keep the order GNOME Mahjongg builds them in. The layout's
// name is the map's scorename (e.g. "ziggurat"), its title the map's name.

// ParseGnome reads the maps of a GNOME Mahjongg map file.
func ParseGnome(r io.Reader, file string) ([]*Layout, error) {
	return parseReader(r, file, parseGnome)
}

type gnomeParser struct {
	file     string
	line     int
	maps     []*Layout
	cur      *Layout
	curLines []int
	inLayer  bool
	layerZ   int
	// openLines[i] is the line of the i-th element of the stack of open
	// elements, for an element found inside a tile element.
	openLines []int
}

func parseGnome(data []byte, file string) ([]*Layout, error) {
	p := &gnomeParser{file: file}
	d := xml.NewDecoder(bytes.NewReader(stripBOM(data)))
	d.Strict = true
	var stack []string
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				return nil, errorf(file, se.Line, "%s", printable(se.Msg))
			}
			return nil, errorf(file, 0, "%s", printable(err.Error()))
		}
		p.line, _ = d.InputPos()
		switch t := tok.(type) {
		case xml.StartElement:
			name := strings.ToLower(t.Name.Local)
			if err := p.start(name, attrMap(t.Attr), stack); err != nil {
				return nil, err
			}
			stack = append(stack, name)
			p.openLines = append(p.openLines, p.line)
		case xml.EndElement:
			name := strings.ToLower(t.Name.Local)
			stack = stack[:len(stack)-1]
			p.openLines = p.openLines[:len(p.openLines)-1]
			switch name {
			case "map":
				if err := checkWithLines(p.cur.Slots, p.curLines, file, gnomeCoords); err != nil {
					return nil, err
				}
				p.maps = append(p.maps, p.cur)
				p.cur, p.curLines = nil, nil
			case "layer":
				p.inLayer, p.layerZ = false, 0
			}
		case xml.CharData:
			if len(bytes.TrimSpace(t)) > 0 && p.cur != nil {
				return nil, p.errorf("unexpected text %q", clip(string(bytes.TrimSpace(t))))
			}
		}
	}
	if len(p.maps) == 0 {
		return nil, errorf(file, 0, "no <map> elements")
	}
	return p.maps, nil
}

func attrMap(attrs []xml.Attr) map[string]string {
	m := make(map[string]string, len(attrs))
	for _, a := range attrs {
		m[strings.ToLower(a.Name.Local)] = a.Value
	}
	return m
}

func (p *gnomeParser) errorf(format string, args ...any) error {
	return errorf(p.file, p.line, format, args...)
}

func (p *gnomeParser) start(name string, attrs map[string]string, stack []string) error {
	parent := ""
	if len(stack) > 0 {
		parent = stack[len(stack)-1]
	}
	switch parent {
	case "tile", "row", "column", "block":
		// A tile element holds nothing: this one lost its "/>".
		return p.errorf("<%s> inside the <%s> of line %d (does that one lack its \"/>\"?)", name, parent, p.openLines[len(p.openLines)-1])
	}
	switch name {
	case "mahjongg":
		if p.cur != nil {
			return p.errorf("<mahjongg> inside a <map>")
		}
		return nil
	case "map":
		if p.cur != nil {
			return p.errorf("<map> inside a <map>")
		}
		title := strings.TrimSpace(attrs["name"])
		short := strings.TrimSpace(attrs["scorename"])
		if short == "" {
			short = strings.ToLower(strings.Join(strings.Fields(title), "-"))
		}
		if short == "" {
			short = fmt.Sprintf("map%d", len(p.maps)+1)
		}
		if title == "" {
			title = short
		}
		p.cur = &Layout{Name: short, Title: title, Source: p.file}
		return nil
	case "layer":
		if parent != "map" {
			return p.errorf("<layer> outside a <map>")
		}
		z, err := p.level(attrs, "z", true)
		if err != nil {
			return err
		}
		p.inLayer, p.layerZ = true, z
		return nil
	case "tile", "row", "column", "block":
		if parent != "map" && parent != "layer" {
			return p.errorf("<%s> outside a <map>", name)
		}
		return p.tiles(name, attrs)
	}
	return p.errorf("unknown element <%s>", name)
}

// level reads an integer level attribute; when it is absent, required
// makes that an error, else the level is the layer's.
func (p *gnomeParser) level(attrs map[string]string, key string, required bool) (int, error) {
	v, ok := attrs[key]
	if !ok {
		if required {
			return 0, p.errorf("missing attribute %s", key)
		}
		return p.layerZ, nil
	}
	z, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil || z < 0 || z > MaxLevel {
		return 0, p.errorf("bad %s=%q (want a level from 0 to %d)", key, v, MaxLevel)
	}
	return z, nil
}

// coord reads a coordinate in tile units (a multiple of 0.5) and returns it
// in half-tile units.
func (p *gnomeParser) coord(attrs map[string]string, key string) (int, error) {
	v, ok := attrs[key]
	if !ok {
		return 0, p.errorf("missing attribute %s", key)
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || math.IsNaN(f) || f < 0 || f > MaxX/2 || f*2 != math.Trunc(f*2) {
		return 0, p.errorf("bad %s=%q (want a multiple of 0.5 from 0 to %d)", key, v, MaxX/2)
	}
	return int(f * 2), nil
}

// gnomeBounds names the attributes that give x1, x2, y1 and y2 (in this
// order) of each element that places tiles.
var gnomeBounds = map[string][4]string{
	"tile":   {"x", "x", "y", "y"},
	"row":    {"left", "right", "y", "y"},
	"column": {"x", "x", "top", "bottom"},
	"block":  {"left", "right", "top", "bottom"},
}

func (p *gnomeParser) tiles(name string, attrs map[string]string) error {
	z, err := p.level(attrs, "z", false)
	if err != nil {
		return err
	}
	var v [4]int
	for i, key := range gnomeBounds[name] {
		if v[i], err = p.coord(attrs, key); err != nil {
			return err
		}
	}
	x1, x2, y1, y2 := v[0], v[1], v[2], v[3]
	if x2 < x1 || y2 < y1 {
		return p.errorf("<%s> ends before it starts (right < left or bottom < top)", name)
	}
	for x := x1; x <= x2; x += 2 {
		for y := y1; y <= y2; y += 2 {
			if len(p.cur.Slots) == maxReadTiles {
				return tooMany(p.file, p.line)
			}
			p.cur.Slots = append(p.cur.Slots, Slot{X: x, Y: y, Z: z})
			p.curLines = append(p.curLines, p.line)
		}
	}
	return nil
}

// gnomeCoords describes a slot in GNOME's tile units.
func gnomeCoords(s Slot) string {
	return fmt.Sprintf("x=%s y=%s z=%d", half(s.X), half(s.Y), s.Z)
}

// half formats a half-tile count in tile units: 3 → "1.5".
func half(v int) string {
	if v%2 == 0 {
		return strconv.Itoa(v / 2)
	}
	return strconv.Itoa(v/2) + ".5"
}

// WriteGnome writes layouts as a GNOME Mahjongg map file, one <map> per
// layout and one <tile> per slot, in order.
func WriteGnome(w io.Writer, ls ...*Layout) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "<mahjongg>")
	for _, l := range ls {
		if err := checkSlots(l.Slots); err != nil {
			return inputErrorf("%s: %w", l.label(), err)
		}
		title := l.Title
		if title == "" {
			title = l.label()
		}
		fmt.Fprintf(bw, "  <map name=\"%s\" scorename=\"%s\">\n", xmlEscape(oneLine(title)), xmlEscape(oneLine(l.label())))
		for _, s := range l.Slots {
			fmt.Fprintf(bw, "    <tile x=\"%s\" y=\"%s\" z=\"%d\"/>\n", half(s.X), half(s.Y), s.Z)
		}
		fmt.Fprintln(bw, "  </map>")
	}
	fmt.Fprintln(bw, "</mahjongg>")
	return bw.Flush()
}

func xmlEscape(s string) string {
	var b strings.Builder
	xml.EscapeText(&b, []byte(s))
	return b.String()
}

// printable makes an XML decoder's message safe to print: the decoder
// quotes bytes of the file as they are, so bytes that are not valid UTF-8
// and characters that are not printable are written as Go escapes (\xff,
// \x01), and a long message is cut at 120 characters.
func printable(msg string) string {
	var b strings.Builder
	for n := 0; msg != ""; n++ {
		if n == 120 {
			b.WriteString("…")
			break
		}
		r, size := utf8.DecodeRuneInString(msg)
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\x%02x", msg[0])
		case !unicode.IsPrint(r):
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		default:
			b.WriteRune(r)
		}
		msg = msg[size:]
	}
	return b.String()
}
