package answer

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/mjsolve/mjsolve/tw16"
)

// TablesAnswer is the state of the shanten tables' cache as "mjsolve tw16
// tables" reports it: Action is "loaded", "rebuilt" or "verified".
type TablesAnswer struct {
	Info   tw16.TablesInfo
	Action string
}

// Tables loads the shanten tables and reports on them. As "mjsolve tw16
// tables" does, it gives by default the tables loaded from the cache under
// o, or built (and cached) when it is missing or corrupt; with rebuild the
// tables built afresh and cached under o (an error writing the cache is
// returned with the answer); with verify the cache under o read back and
// compared with a fresh build (an error when it is missing, corrupt or
// different).
func Tables(o tw16.TableOptions, rebuild, verify bool) (*TablesAnswer, error) {
	a := &TablesAnswer{Action: "loaded"}
	var err error
	switch {
	case rebuild && verify:
		return nil, errors.New("answer: tables: rebuild or verify, not both")
	case rebuild:
		o.Rebuild = true
		a.Action, a.Info = "rebuilt", tw16.LoadTables(o).Info()
		err = a.Info.CacheErr // only a write error: a rebuild does not read
	case verify:
		a.Action = "verified"
		a.Info, err = tw16.VerifyTables(o)
	default:
		a.Info = tw16.LoadTables(o).Info()
	}
	return a, err
}

// MarshalJSON writes the path, size, build time and speed, the action,
// whether the tables came from the cache, the load time and a cache error.
func (a *TablesAnswer) MarshalJSON() ([]byte, error) {
	i := &a.Info
	return json.Marshal(struct {
		Path        string  `json:"path"`
		Size        int64   `json:"size"`
		Built       string  `json:"built"`
		BuildMillis float64 `json:"build_ms"`
		Action      string  `json:"action"`
		FromCache   bool    `json:"from_cache"`
		LoadMillis  float64 `json:"load_ms"`
		CacheError  string  `json:"cache_error,omitempty"`
	}{i.Path, i.Size, i.Built.UTC().Format(time.RFC3339), millis(i.BuildTime),
		a.Action, i.FromCache, millis(i.LoadTime), errString(i.CacheErr)})
}

// WriteText writes the cache's path, size ("-" when it could not be
// written) and build, what was done now, and a cache error as a note.
func (a *TablesAnswer) WriteText(w io.Writer) error {
	i := &a.Info
	var b strings.Builder
	fmt.Fprintf(&b, "cache:  %s\n", i.Path)
	if i.Size == 0 && i.CacheErr != nil {
		b.WriteString("size:   - (not written: see the note)\n") // no file of that size
	} else {
		fmt.Fprintf(&b, "size:   %d bytes\n", i.Size)
	}
	fmt.Fprintf(&b, "built:  %s in %s\n", i.Built.UTC().Format("2006-01-02 15:04:05 MST"), i.BuildTime.Round(time.Millisecond))
	switch {
	case a.Action == "verified":
		fmt.Fprintf(&b, "verify: the cache reads back intact and equals a fresh build\n")
	case a.Action == "rebuilt":
		fmt.Fprintf(&b, "now:    rebuilt and cached in %s\n", i.LoadTime.Round(time.Millisecond))
	case i.FromCache:
		fmt.Fprintf(&b, "now:    loaded from the cache in %s\n", i.LoadTime.Round(time.Millisecond))
	default:
		fmt.Fprintf(&b, "now:    built in %s\n", i.LoadTime.Round(time.Millisecond))
	}
	if i.CacheErr != nil {
		fmt.Fprintf(&b, "note:   %s\n", errString(i.CacheErr))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func millis(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// errString is err's message on one line, "" for nil; the errors of an
// errors.Join (a cache that could be neither read nor written) are
// separated by "; ", not run together.
func errString(err error) string {
	if err == nil {
		return ""
	}
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		var msgs []string
		for _, e := range j.Unwrap() {
			msgs = append(msgs, errString(e))
		}
		return strings.Join(msgs, "; ")
	}
	return strings.Join(strings.Fields(err.Error()), " ")
}
