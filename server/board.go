package server

import (
	"bufio"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// boardJSON is a board on the wire: what GET /api/deal and POST /api/board
// answer, and what POST /api/solve, /api/hint and /api/board read, so that
// an answer can be posted back as it is.
//
// A request names the layout ("layout", resolved among the server's
// layouts) or gives its slots inline ("slots"), or both (they must agree);
// "faces" gives the face of every slot in slot order and "removed" the slots
// already taken off. "tiles" and "geometry" (the layout's fingerprint), when
// present, are checked against the layout, as in a board file. Instead of
// all that, "file" may hold the text of a board file. "title", "free",
// "game", "deal" and "seed" are answers; a request may carry them: they
// are ignored, but for naming the board in a solve's answer when that game
// deals its faces.
type boardJSON struct {
	Layout   string     `json:"layout,omitempty"`
	Title    string     `json:"title,omitempty"`
	Tiles    int        `json:"tiles,omitempty"`
	Geometry string     `json:"geometry,omitempty"`
	Slots    []slotJSON `json:"slots,omitempty"`
	Faces    []string   `json:"faces,omitempty"`
	Removed  []int      `json:"removed"`
	Free     []int      `json:"free,omitempty"`
	Game     *uint64    `json:"game,omitempty"`
	Deal     string     `json:"deal,omitempty"`
	Seed     *uint64    `json:"seed,omitempty"`
	File     string     `json:"file,omitempty"`
}

// position is a decoded board and the name of its layout.
type position struct {
	board  *solitaire.Board
	layout string // "" for a layout given inline
	title  string
	about  string // where the board comes from, as the command says it
	fp     uint64 // the fingerprint of the layout's geometry
}

// faceGroups maps each group's name as Group.String writes it to the group.
var faceGroups = sync.OnceValue(func() map[string]solitaire.Group {
	m := make(map[string]solitaire.Group, solitaire.NumGroups)
	for g := range solitaire.Group(solitaire.NumGroups) {
		m[g.String()] = g
	}
	return m
})

// maxInlineGeometries bounds the cache of layouts given inline.
const maxInlineGeometries = 64

// decodeBoard checks a board of a request and builds it. Every error is a
// 400 naming the field at fault.
func (s *Server) decodeBoard(in *boardJSON) (*position, error) {
	if in.File != "" {
		if in.Layout != "" || in.Slots != nil || in.Faces != nil || in.Removed != nil || in.Tiles != 0 || in.Geometry != "" {
			return nil, badRequestf("file", "give either a board file or the board's fields (layout, slots, faces, removed), not both")
		}
		return s.readBoardFile(in.File)
	}
	var (
		p   position
		geo *solitaire.Geometry
	)
	switch {
	case in.Layout != "":
		e, g, err := s.layouts.resolve("layout", in.Layout)
		if err != nil {
			return nil, err
		}
		geo, p.layout, p.title, p.fp = g, e.Name, e.Layout.Title, e.fp
		if in.Slots != nil {
			l := inlineLayout(in.Slots)
			if len(l.Slots) != geo.N || l.Fingerprint() != e.fp {
				return nil, badRequestf("slots", "not the slots of layout %s (leave them out, or leave out the layout)", e.Name)
			}
		}
	case in.Slots != nil:
		g, fp, err := s.inlineGeometry(in.Slots)
		if err != nil {
			return nil, err
		}
		geo, p.fp = g, fp
	default:
		return nil, badRequestf("layout", "give a layout name, the slots, or a board file")
	}
	n := geo.N
	if in.Tiles != 0 && in.Tiles != n {
		return nil, badRequestf("tiles", "%d, but the layout has %d tiles", in.Tiles, n)
	}
	if in.Geometry != "" {
		h, err := strconv.ParseUint(in.Geometry, 16, 64)
		if err != nil || len(in.Geometry) != 16 {
			return nil, badRequestf("geometry", "%q is not 16 hexadecimal digits", in.Geometry)
		}
		if h != p.fp {
			return nil, badRequestf("geometry", "the layout's geometry is %016x, not %s: the board was dealt on another layout", p.fp, in.Geometry)
		}
	}
	if len(in.Faces) != n {
		return nil, badRequestf("faces", "%d faces for %d tiles", len(in.Faces), n)
	}
	groups := make([]solitaire.Group, n)
	for i, f := range in.Faces {
		g, ok := faceGroups()[f] // the names the server writes, without ParseGroup's search
		if !ok {
			var err error
			if g, err = solitaire.ParseGroup(f); err != nil {
				return nil, badRequestf(fmt.Sprintf("faces[%d]", i), "unknown face %q", f)
			}
		}
		groups[i] = g
	}
	b, err := solitaire.NewBoard(geo, groups)
	if err != nil {
		return nil, badRequest("faces", err)
	}
	if err := removeTiles(b, in.Removed); err != nil {
		return nil, err
	}
	p.board = b
	p.about = "from the request"
	if in.Game != nil && in.Deal != "" {
		// As dealt by GET /api/deal, unless tiles have gone since.
		if about, ok := dealtAs(b, *in.Game, in.Deal, in.Seed); ok {
			p.about = about
			if len(in.Removed) > 0 {
				p.about += fmt.Sprintf(", %d tiles removed", len(in.Removed))
			}
		}
	}
	return &p, nil
}

// dealtAs names b's deal as the command does ("game 3, deal pcg seed 1")
// when game of the dealer named deal (with seed, 1 when nil, for pcg) deals
// b's faces on its layout; otherwise ok is false: a request's "game",
// "deal" and "seed" are not taken on trust.
func dealtAs(b *solitaire.Board, game uint64, deal string, seed *uint64) (about string, ok bool) {
	sd := uint64(1)
	if seed != nil {
		sd = *seed
	}
	dealer, err := solitaire.DealerByName(deal, sd)
	if err != nil {
		return "", false
	}
	if _, mjs := dealer.(solitaire.MJSolver); mjs && seed != nil {
		return "", false
	}
	// DealBoard checks the game (the mjsolver dealer has 2^32 of them).
	d, err := solitaire.DealBoard(b.Geo, dealer, game)
	if err != nil || !slices.Equal(d.Groups, b.Groups) {
		return "", false
	}
	// The dealer names itself: "pcg seed 1", "mjsolver".
	return fmt.Sprintf("game %d, deal %v", game, dealer), true
}

// removeTiles takes the removed slots off b (see solitaire.Board.RemoveTiles),
// naming the field at fault in a bad request.
func removeTiles(b *solitaire.Board, removed []int) error {
	err := b.RemoveTiles(removed)
	re, ok := errors.AsType[*solitaire.RemovedError](err)
	switch {
	case !ok:
		return err
	case re.Index < 0:
		return badRequestf("removed", "%s", re.Msg)
	}
	return badRequestf(fmt.Sprintf("removed[%d]", re.Index), "%s", re.Msg)
}

// inlineLayout is the layout of slots given in a request.
func inlineLayout(slots []slotJSON) *layouts.Layout {
	l := &layouts.Layout{Name: "inline", Title: "inline", Source: "request", Slots: make([]layouts.Slot, len(slots))}
	for i, s := range slots {
		l.Slots[i] = layouts.Slot{X: s.X, Y: s.Y, Z: s.Z}
	}
	return l
}

// inlineGeometry compiles a layout given by its slots, reusing the
// compilation of an earlier request with the same geometry.
func (s *Server) inlineGeometry(slots []slotJSON) (*solitaire.Geometry, uint64, error) {
	if len(slots) > layouts.MaxTiles {
		return nil, 0, badRequestf("slots", "%d slots; at most %d", len(slots), layouts.MaxTiles)
	}
	l := inlineLayout(slots)
	if err := l.Validate(); err != nil {
		return nil, 0, badRequest("slots", err)
	}
	fp := l.Fingerprint()
	s.inlineMu.Lock()
	g, ok := s.inline[fp]
	s.inlineMu.Unlock()
	if ok && sameSlots(g.Layout.Slots, l.Slots) { // the fingerprint can be forged
		return g, fp, nil
	}
	g, err := solitaire.Compile(l)
	if err != nil {
		return nil, 0, badRequest("slots", err)
	}
	s.inlineMu.Lock()
	if len(s.inline) >= maxInlineGeometries {
		clear(s.inline)
	}
	s.inline[fp] = g
	s.inlineMu.Unlock()
	return g, fp, nil
}

// readBoardFile reads the text of a board file. Its layout must be one of
// the server's layouts, found by name as any request's (a title too) and
// never looked up as a file: the server reads nothing a request names.
func (s *Server) readBoardFile(text string) (*position, error) {
	name, line := boardFileLayout(text)
	if name == "" {
		// No layout line: let the reader say what is wrong.
		_, err := solitaire.ReadBoardWith(strings.NewReader(text), "file", noLayout)
		if err == nil {
			err = fmt.Errorf("no layout line")
		}
		return nil, badRequest("", err)
	}
	e, g, err := s.layouts.resolve(fmt.Sprintf("file:%d: layout", line), name)
	if err != nil {
		return nil, err
	}
	b, err := solitaire.ReadBoardWith(strings.NewReader(text), "file", func(string) (*layouts.Layout, error) { return e.Layout, nil })
	if err != nil {
		return nil, badRequest("", err)
	}
	// Play on the server's compiled geometry (the same slots in the same
	// order), so that solvers and cache keys are shared.
	nb := &solitaire.Board{Geo: g, Groups: b.Groups, Present: b.Present}
	return &position{board: nb, layout: e.Name, title: e.Layout.Title, about: "from a board file", fp: e.fp}, nil
}

// noLayout is the layout lookup of a board file without a layout line,
// which the reader refuses before it looks.
func noLayout(name string) (*layouts.Layout, error) {
	return nil, fmt.Errorf("no layout %q", name)
}

// boardFileLayout returns the layout named by a board file and its line
// number, or "" when there is no layout line. As for the board file reader,
// a comment starts with a word that starts with '#': one inside a word (a
// layout named FILE#NAME) is part of it.
func boardFileLayout(text string) (string, int) {
	sc := bufio.NewScanner(strings.NewReader(text))
	sc.Buffer(make([]byte, 4096), 64<<10)
	for line := 1; sc.Scan(); line++ {
		fields := strings.Fields(sc.Text())
		if i := slices.IndexFunc(fields, func(f string) bool { return f[0] == '#' }); i >= 0 {
			fields = fields[:i]
		}
		if len(fields) >= 2 && fields[0] == "layout" {
			return strings.Join(fields[1:], " "), line
		}
	}
	return "", 0
}

// encodeBoard is the answer for a position: the whole board, with the
// layout's slots and the free tiles, ready to draw and to post back.
func encodeBoard(p *position) *boardJSON {
	b := p.board
	l := b.Geo.Layout
	out := &boardJSON{
		Layout:   p.layout,
		Title:    p.title,
		Tiles:    b.Geo.N,
		Geometry: fmt.Sprintf("%016x", p.fp),
		Slots:    slotsJSON(l),
		Faces:    make([]string, b.Geo.N),
		Removed:  b.Geo.All.AndNot(b.Present).AppendTo(make([]int, 0, b.Geo.N)),
		Free:     b.Free().AppendTo(make([]int, 0, b.Geo.N)),
	}
	for i, g := range b.Groups {
		out.Faces[i] = g.String()
	}
	return out
}
