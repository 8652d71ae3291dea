package runs

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

func TestSelectLayouts(t *testing.T) {
	f := &layouts.Finder{}
	list := f.List()
	names := func(es []layouts.Entry) string {
		var s []string
		for _, e := range es {
			s = append(s, e.Name+":"+e.Source)
		}
		return strings.Join(s, " ")
	}
	for _, tc := range []struct{ sel, want string }{
		{"all", names(list)},
		{"turtle*", "turtle:builtin turtle40:builtin"},
		{"t?ny8", "tiny8:builtin"},
		{"ends10, tiny8,ends10", "ends10:builtin tiny8:builtin"},
	} {
		got, err := SelectLayouts(tc.sel, list, f.Find)
		if err != nil || names(got) != tc.want {
			t.Errorf("SelectLayouts(%q) = %s, %v; want %s", tc.sel, names(got), err, tc.want)
		}
	}
	for _, tc := range []struct{ sel, want string }{
		{"", "no layouts selected"},
		{"nope/*", `no layout matches "nope/*"`},
		{"tur[", `bad layout pattern "tur["`},
		{"tiny8,,ends10", "empty name"},
		{"tiny8,nope", `unknown layout "nope"`},
	} {
		_, err := SelectLayouts(tc.sel, list, f.Find)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("SelectLayouts(%q): %v, want %q", tc.sel, err, tc.want)
		}
	}
}

func TestRecordFileName(t *testing.T) {
	for in, want := range map[string]string{
		"turtle":            "turtle.jsonl.zst",
		"xmahjongg/default": "xmahjongg-default.jsonl.zst",
		"gnome/Big Hole":    "gnome-Big-Hole.jsonl.zst",
		"../x":              "x.jsonl.zst",
		"./mine.lay":        "mine.lay.jsonl.zst",
		"/usr/share/x/ox":   "usr-share-x-ox.jsonl.zst",
		"-":                 "layout.jsonl.zst",
	} {
		if got := RecordFileName(in); got != want {
			t.Errorf("RecordFileName(%q) = %q, want %q", in, got, want)
		}
	}
}

// surveyEntries is tiny8, an odd layout (ends10 without its last tile) and
// turtle40.
func surveyEntries(t *testing.T) []layouts.Entry {
	odd := builtin(t, "ends10").Clone()
	odd.Name = "odd9"
	odd.Slots = odd.Slots[:9]
	return []layouts.Entry{
		{Name: "tiny8", Source: layouts.SourceBuiltin, Layout: builtin(t, "tiny8")},
		{Name: "odd9", Source: layouts.SourceFile, Layout: odd},
		{Name: "big", Source: layouts.SourceFile, Err: errors.New("layouts: big has 146 tiles; at most 144 (one deck) are supported")},
		{Name: "turtle40", Source: layouts.SourceBuiltin, Layout: builtin(t, "turtle40")},
	}
}

func TestSurvey(t *testing.T) {
	// Each usable layout's report is the main job's on it alone; unusable
	// layouts are rows that say why; the directory gets one record file per
	// usable layout, which a resumed survey reads back without solving.
	dir := filepath.Join(t.TempDir(), "out")
	var last SurveyProgress
	calls := 0
	ss := SurveySpec{Entries: surveyEntries(t), Spec: Spec{First: 1, Boards: 30, Workers: 2}, Dir: dir,
		OnProgress: func(p SurveyProgress) { last = p; calls++ }}
	res, err := Survey(context.Background(), ss)
	if err != nil || res.Interrupted || len(res.Rows) != 4 {
		t.Fatalf("Survey: %+v, %v", res, err)
	}
	if calls == 0 || last.Done != 60 || last.Total != 60 || last.Layout != "turtle40" || last.Index != 2 || last.Of != 2 {
		t.Errorf("last progress %+v after %d calls", last, calls)
	}
	if r := res.Rows[1]; r.Unusable != "layout odd9 has an odd number of tiles (9)" || r.Report != nil || r.File != "" || r.Tiles != 9 {
		t.Errorf("odd row %+v", r)
	}
	if r := res.Rows[2]; !strings.Contains(r.Unusable, "146 tiles") || r.Report != nil {
		t.Errorf("big row %+v", r)
	}
	for _, i := range []int{0, 3} {
		r := res.Rows[i]
		j, err := Prepare(Spec{Layout: ss.Entries[i].Layout, First: 1, Boards: 30, Workers: 1})
		if err != nil {
			t.Fatal(err)
		}
		alone, err := j.Run(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if r.Report == nil || r.Report.Boards != 30 || r.Report.Impossible != alone.Summary.Impossible ||
			r.Report.Winnable != alone.Summary.Winnable || r.File != filepath.Join(dir, r.Name+".jsonl.zst") {
			t.Errorf("row %s: %+v, alone %+v", r.Name, r.Report, alone.Summary)
		}
		if _, err := os.Stat(r.File); err != nil {
			t.Errorf("row %s: %v", r.Name, err)
		}
	}
	var buf bytes.Buffer
	if err := WriteSurveyText(&buf, res.Rows); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	if strings.Count(text, "\n") != 5 || !strings.Contains(text, "unusable: layout odd9 has an odd number of tiles (9)") ||
		!strings.HasPrefix(text, "layout  ") {
		t.Errorf("table:\n%s", text)
	}

	// Without resume, the existing files are refused before anything runs.
	_, err = Survey(context.Background(), ss)
	var ex *ExistsError
	if !errors.As(err, &ex) || !errors.Is(err, os.ErrExist) || ex.File != filepath.Join(dir, "tiny8.jsonl.zst") {
		t.Errorf("second survey: %v", err)
	}
	ss.Resume = true
	again, err := Survey(context.Background(), ss)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 3} {
		a, b := again.Rows[i].Report, res.Rows[i].Report
		if a.Solved != 0 || a.FromFile != 30 || a.Impossible != b.Impossible {
			t.Errorf("resumed row %d: %+v", i, a)
		}
	}
}

func TestSurveyInterrupted(t *testing.T) {
	// A cancelled survey keeps the partial layout (marked interrupted) and
	// leaves the later ones unrun.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Survey(ctx, SurveySpec{Entries: surveyEntries(t), Spec: Spec{First: 1, Boards: 100, Workers: 1}})
	if err != nil || !res.Interrupted {
		t.Fatalf("%+v, %v", res, err)
	}
	if r := res.Rows[0].Report; r == nil || !r.Interrupted || r.Boards >= 100 {
		t.Errorf("first row %+v", r)
	}
	if res.Rows[3].Report != nil {
		t.Errorf("a later layout ran: %+v", res.Rows[3].Report)
	}
	var buf bytes.Buffer
	WriteSurveyText(&buf, res.Rows)
	if !strings.Contains(buf.String(), "(interrupted)") || !strings.Contains(buf.String(), "not run (interrupted)") {
		t.Errorf("table:\n%s", buf.String())
	}
}

func TestSurveyJSON(t *testing.T) {
	rows := []SurveyRow{{Name: "xmahjongg/default", Source: "xmahjongg", Tiles: 144, Report: &Report{Layout: "xmahjongg/default", Boards: 5}},
		{Name: "odd9", Source: "file", Tiles: 9, Unusable: "odd"}}
	j0, j1 := rows[0].JSON(), rows[1].JSON()
	if j0.Published == nil || *j0.Published != 0.0295 || j0.Boards != 5 || j1.Published != nil || j1.Report != nil {
		t.Errorf("%+v %+v", j0, j1)
	}
}

func TestSurveyResumeRefusesAnUnfitFileBeforeRunning(t *testing.T) {
	// A later layout's file that cannot be continued (another seed) is
	// refused before the first layout runs, and nothing changes.
	dir := t.TempDir()
	entries := surveyEntries(t)
	ss := SurveySpec{Entries: entries, Spec: Spec{Seed: 1, First: 1, Boards: 10}, Dir: dir}
	if _, err := Survey(context.Background(), ss); err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(dir, "tiny8.jsonl.zst")
	if err := os.Remove(first); err != nil {
		t.Fatal(err)
	}
	later := filepath.Join(dir, "turtle40.jsonl.zst")
	old, err := os.ReadFile(later)
	if err != nil {
		t.Fatal(err)
	}
	ss.Spec.Seed, ss.Resume = 2, true
	_, err = Survey(context.Background(), ss)
	if err == nil || !strings.Contains(err.Error(), "layout turtle40") || !strings.Contains(err.Error(), "seed 1") {
		t.Errorf("resume with another seed: %v", err)
	}
	if _, ok := errors.AsType[*RunError](err); ok {
		t.Errorf("a bad resume is the input's fault, not a run failure: %v", err)
	}
	if _, err := os.Stat(first); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the first layout ran before the refusal: %v", err)
	}
	if now, _ := os.ReadFile(later); !bytes.Equal(now, old) {
		t.Errorf("%s changed", later)
	}
}

func TestSurveyRefusesLayoutsSharingARecordFile(t *testing.T) {
	// "a/b" and "a-b" both map to a-b.jsonl.zst: the survey is refused
	// before anything is made, naming both layouts.
	dir := filepath.Join(t.TempDir(), "out")
	l := builtin(t, "tiny8")
	ss := SurveySpec{Entries: []layouts.Entry{
		{Name: "a/b", Source: layouts.SourceFile, Layout: l},
		{Name: "tiny8", Source: layouts.SourceBuiltin, Layout: l},
		{Name: "a-b", Source: layouts.SourceFile, Layout: l},
	}, Spec: Spec{First: 1, Boards: 4, Workers: 1}, Dir: dir}
	_, err := Survey(context.Background(), ss)
	var fe *solitaire.InputError
	if !errors.As(err, &fe) || fe.Field != "out" ||
		fe.Msg != dir+`: layouts "a/b" and "a-b" would share the record file a-b.jsonl.zst; survey them separately` {
		t.Fatalf("Survey: %v", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("directory made before the refusal: %v", err)
	}
	// Without a directory there are no files to share.
	ss.Dir = ""
	if _, err := Survey(context.Background(), ss); err != nil {
		t.Errorf("Survey without a directory: %v", err)
	}
}
