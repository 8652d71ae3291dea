package server

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"

	"github.com/mjsolve/mjsolve/internal/input"
	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// layoutIndex holds the layouts a server serves: those its Finder lists
// when the server starts. Requests name layouts, never files, so a client
// cannot make the server read a file of its choosing.
type layoutIndex struct {
	entries []*layoutEntry
}

// layoutEntry is one layout of the index, compiled on first use.
type layoutEntry struct {
	layouts.Entry
	summary layoutSummary
	once    sync.Once
	geo     *solitaire.Geometry
	fp      uint64 // the geometry's fingerprint
	err     error
}

func newLayoutIndex(f *layouts.Finder) *layoutIndex {
	idx := &layoutIndex{}
	for _, e := range f.List() {
		le := &layoutEntry{Entry: e}
		le.summary = summarize(le)
		idx.entries = append(idx.entries, le)
	}
	return idx
}

// geometry returns the compiled layout of e.
func (e *layoutEntry) geometry() (*solitaire.Geometry, error) {
	e.once.Do(func() {
		if e.Err != nil {
			e.err = e.Err
			return
		}
		e.geo, e.err = solitaire.Compile(e.Layout)
		e.fp = e.Layout.Fingerprint()
	})
	return e.geo, e.err
}

// short is the name without its source prefix ("ox" for "xmahjongg/ox").
func (e *layoutEntry) short() string {
	if e.Source == layouts.SourcePath {
		return e.Name
	}
	if i := strings.LastIndexByte(e.Name, '/'); i >= 0 {
		return e.Name[i+1:]
	}
	return e.Name
}

// matches reports whether bare names e: its short name or its title.
func (e *layoutEntry) matches(bare string) bool {
	return strings.EqualFold(e.short(), bare) || (e.Layout != nil && strings.EqualFold(e.Layout.Title, bare))
}

// find resolves a layout name as layouts.Finder.Find does, among the
// indexed layouts only: a built-in ("turtle", "builtin/turtle"), a source
// and a name ("xmahjongg/ox", a GNOME map also by its title), or a bare name
// that one place has (a directory of MJSOLVE_LAYOUT_PATH first, else a
// single installed game). The error is a 404 for an unknown name.
func (idx *layoutIndex) find(name string) (*layoutEntry, error) {
	name = strings.TrimSpace(name)
	if name == "" {
		return nil, badRequestf("", "no layout name given")
	}
	if src, bare, ok := strings.Cut(name, "/"); ok {
		for _, e := range idx.entries {
			if strings.EqualFold(e.Source, src) && e.matches(bare) {
				return e, nil
			}
		}
	} else {
		var found []*layoutEntry
		for _, e := range idx.entries {
			if !e.matches(name) {
				continue
			}
			if e.Source == layouts.SourceBuiltin || e.Source == layouts.SourcePath {
				return e, nil
			}
			found = append(found, e)
		}
		switch len(found) {
		case 1:
			return found[0], nil
		case 0:
		default:
			names := make([]string, len(found))
			for i, e := range found {
				names[i] = e.Name
			}
			return nil, badRequestf("", "%q is ambiguous: say %s", name, strings.Join(names, " or "))
		}
	}
	return nil, &httpError{http.StatusNotFound, fmt.Sprintf("no layout %q (GET /api/layouts lists them)", name)}
}

// resolve is find for a layout named in a request field: an unknown name
// is a 400 naming the field rather than a 404, and the layout must be
// usable.
func (idx *layoutIndex) resolve(field, name string) (*layoutEntry, *solitaire.Geometry, error) {
	e, err := idx.find(name)
	if err != nil {
		return nil, nil, badRequest(field, err)
	}
	g, err := e.geometry()
	if err != nil {
		return nil, nil, badRequestf(field, "layout %s cannot be played: %s", e.Name, input.Message(err))
	}
	return e, g, nil
}

// layoutSummary is one layout of GET /api/layouts.
type layoutSummary struct {
	Name   string `json:"name"`
	Title  string `json:"title,omitempty"`
	Source string `json:"source"`
	File   string `json:"file,omitempty"`
	Tiles  int    `json:"tiles,omitempty"`
	Levels int    `json:"levels,omitempty"`
	Free   int    `json:"free,omitempty"`
	Error  string `json:"error,omitempty"`
}

// slotJSON is a slot in half-tile units: the tile covers x..x+1, y..y+1 on
// level z.
type slotJSON struct {
	X int `json:"x"`
	Y int `json:"y"`
	Z int `json:"z"`
}

// layoutJSON is the answer of GET /api/layouts/{name}.
type layoutJSON struct {
	layoutSummary
	Geometry string     `json:"geometry"`
	Slots    []slotJSON `json:"slots"`
	Floating []int      `json:"floating,omitempty"`
	Notes    []string   `json:"notes,omitempty"`
}

func summarize(e *layoutEntry) layoutSummary {
	s := layoutSummary{Name: e.Name, Source: e.Source, File: e.File}
	if e.Err != nil {
		s.Error = fieldMessage("", input.Message(e.Err))
	}
	if l := e.Layout; l != nil {
		s.Title, s.Tiles, s.Levels = l.Title, l.Len(), l.Levels()
		if s.Error == "" {
			s.Free = l.FreeAtStart()
		}
	}
	return s
}

func slotsJSON(l *layouts.Layout) []slotJSON {
	out := make([]slotJSON, len(l.Slots))
	for i, s := range l.Slots {
		out[i] = slotJSON{s.X, s.Y, s.Z}
	}
	return out
}

func (s *Server) handleLayouts(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	out := struct {
		Layouts []layoutSummary `json:"layouts"`
	}{make([]layoutSummary, 0, len(s.layouts.entries))}
	for _, e := range s.layouts.entries {
		out.Layouts = append(out.Layouts, e.summary)
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleLayout(w http.ResponseWriter, r *http.Request) error {
	if err := noQuery(r); err != nil {
		return err
	}
	e, err := s.layouts.find(r.PathValue("name"))
	if err != nil {
		return err
	}
	if e.Layout == nil {
		return &httpError{http.StatusNotFound, fmt.Sprintf("layout %s cannot be read: %s", e.Name, fieldMessage("", input.Message(e.Err)))}
	}
	writeJSON(w, http.StatusOK, layoutJSON{
		layoutSummary: e.summary,
		Geometry:      fmt.Sprintf("%016x", e.Layout.Fingerprint()),
		Slots:         slotsJSON(e.Layout),
		Floating:      e.Layout.Floating(),
		Notes:         e.Layout.Notes,
	})
	return nil
}

// noQuery refuses query parameters on routes that take none.
func noQuery(r *http.Request) error {
	q, err := query(r)
	if err != nil {
		return err
	}
	for k := range q {
		return badRequestf(k, "unknown parameter")
	}
	return nil
}

// query parses the request's query, refusing what URL.Query would drop
// without a word: a pair with a ';' (not a separator) or a bad %-escape.
// Dropping it would answer another question than the one asked (game 1
// for "game=3;"). The error names the parameter of the pair at fault.
func query(r *http.Request) (url.Values, error) {
	q := url.Values{}
	for pair := range strings.SplitSeq(r.URL.RawQuery, "&") {
		if pair == "" {
			continue
		}
		rawKey, rawValue, _ := strings.Cut(pair, "=")
		key, kerr := url.QueryUnescape(rawKey)
		if kerr != nil {
			key = rawKey
		}
		value, verr := url.QueryUnescape(rawValue)
		switch {
		case strings.Contains(pair, ";"):
			return nil, badRequestf(key, "%q holds a ';', which does not separate parameters", pair)
		case kerr != nil || verr != nil:
			return nil, badRequestf(key, "%q is not a valid query (a bad %%-escape)", pair)
		}
		q[key] = append(q[key], value)
	}
	return q, nil
}
