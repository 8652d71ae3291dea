package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOutEmptyOrDirectory: --out "" is an error, not a run that writes nothing,
// and --out DIR for one layout says it is a directory instead of suggesting
// --resume.
func TestOutEmptyOrDirectory(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--out", ""}, "mjsolve: --out: give a file name (or leave --out out to write no records)\n"},
		{[]string{"--out", dir}, "mjsolve: --out " + dir + ": is a directory; give a record file name (a directory is for several layouts: --layout all, a glob or a comma list)\n"},
		{[]string{"--out", dir, "--resume"}, "mjsolve: --out " + dir + ": is a directory; give a record file name (a directory is for several layouts: --layout all, a glob or a comma list)\n"},
	} {
		args := append([]string{"solitaire", "--layout", "tiny8", "--boards", "3"}, c.args...)
		code, out, errOut := runCmd(t, "", args...)
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Errorf("files written: %v", ents)
	}
}

// TestSaveAndPNGKeepExistingFiles: --save and --png refuse to replace a file
// unless --force, like --out; "" is an error; --png wants a .png name.svg.
func TestSaveAndPNGKeepExistingFiles(t *testing.T) {
	dir := t.TempDir()
	board := filepath.Join(dir, "g.board")
	pic := filepath.Join(dir, "t.png")
	for _, name := range []string{board, pic} {
		os.WriteFile(name, []byte("keep me\n"), 0o644)
	}
	svg := filepath.Join(dir, "t.svg")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solitaire", "show", "--layout", "tiny8", "--save", board}, "mjsolve: --save " + board + " already exists: add --force to replace it, or remove it\n"},
		{[]string{"layouts", "show", "tiny8", "--png", pic}, "mjsolve: --png " + pic + " already exists: add --force to replace it, or remove it\n"},
		{[]string{"layouts", "show", "tiny8", "--png", svg}, "mjsolve: --png " + svg + ": the picture is a PNG; give a name ending in .png\n"},
		{[]string{"solitaire", "show", "--layout", "tiny8", "--save", ""}, "mjsolve: --save: give a file name\n"},
		{[]string{"layouts", "show", "tiny8", "--png", ""}, "mjsolve: --png: give a file name\n"},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
	for _, name := range []string{board, pic} {
		if data, _ := os.ReadFile(name); string(data) != "keep me\n" {
			t.Errorf("%s was replaced", name)
		}
	}
	if _, err := os.Stat(svg); err == nil {
		t.Errorf("%s written", svg)
	}
	if code, _, errOut := runCmd(t, "", "solitaire", "show", "--layout", "tiny8", "--save", board, "--force"); code != 0 {
		t.Errorf("--save --force: %s", errOut)
	}
	if code, _, errOut := runCmd(t, "", "layouts", "show", "tiny8", "--png", pic, "--force"); code != 0 {
		t.Errorf("--png --force: %s", errOut)
	}
	for _, name := range []string{board, pic} {
		if data, _ := os.ReadFile(name); string(data) == "keep me\n" {
			t.Errorf("%s not replaced with --force", name)
		}
	}
}

// TestEmptyFileNamesRefused: an empty name given to a flag that writes a
// file is a one-line error, exit 2, with nothing run or written, as --out
// "" of the main job is (docs/nopeek.md: solitaire play "behaves as the main job").
// solitaire play --out "", --plot "" (play and several layouts) and analysis
// merge -o "" are refused too, so that a script whose variable is empty
// gets an error, not exit 0 and no file.
func TestEmptyFileNamesRefused(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	rec := filepath.Join(dir, "r.jsonl")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "3", "--out", rec); code != 0 {
		t.Fatal(errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"solitaire", "play", "--layout", "tiny8", "--boards", "3", "--out", ""}, "mjsolve: --out: give a file name (or leave --out out to write no records)\n"},
		{[]string{"solitaire", "play", "--layout", "tiny8", "--boards", "3", "--plot", ""}, "mjsolve: --plot: give a file name (or leave --plot out to draw nothing)\n"},
		{[]string{"solitaire", "--layout", "tiny8,ends10", "--boards", "3", "--plot", ""}, "mjsolve: --plot: give a file name (or leave --plot out to draw nothing)\n"},
		{[]string{"analysis", "merge", rec, "-o", ""}, "mjsolve: -o: give a file name (or leave -o out to write no records)\n"},
		{[]string{"analysis", "merge", rec, "--out", ""}, "mjsolve: -o: give a file name (or leave -o out to write no records)\n"},
	} {
		code, out, errOut := runCmd(t, "", c.args...)
		if code != exitBadInput || out != "" || errOut != c.want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want %q", c.args, code, out, errOut, c.want)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files written: %v", ents)
	}
}

// TestResumeThroughSymlink: --resume of an --out name that is a symbolic
// link continues the file it points to and leaves the link a link. It
// replaced the link with a new regular file holding every record, and the
// linked file (say on a larger disk) kept only the old ones.
func TestResumeThroughSymlink(t *testing.T) {
	dir, disk := t.TempDir(), t.TempDir()
	real := filepath.Join(disk, "t.jsonl.zst")
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "20", "--out", real); code != 0 {
		t.Fatal(errOut)
	}
	link := filepath.Join(dir, "t.jsonl.zst")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	if code, _, errOut := runCmd(t, "", "solitaire", "--layout", "tiny8", "--boards", "30", "--out", link, "--resume"); code != 0 {
		t.Fatal(errOut)
	}
	if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer a link", link)
	}
	code, out, errOut := runCmd(t, "", "analysis", "merge", real)
	if code != 0 || !strings.Contains(out, "\nboards      30\n") {
		t.Errorf("the linked file after the resume: exit %d, %s\n%s", code, errOut, out)
	}
}

// TestOutThroughDanglingSymlink: --out naming a symbolic link to a file not
// made yet (a place set up on another disk before the run) writes that
// file, with or without --resume, and the link stays. Both were refused
// with "already exists", which the file did not.
func TestOutThroughDanglingSymlink(t *testing.T) {
	for _, resume := range []bool{false, true} {
		dir, disk := t.TempDir(), t.TempDir()
		real := filepath.Join(disk, "t.jsonl")
		link := filepath.Join(dir, "t.jsonl")
		if err := os.Symlink(real, link); err != nil {
			t.Skip(err)
		}
		args := []string{"solitaire", "--layout", "tiny8", "--boards", "10", "--out", link}
		if resume {
			args = append(args, "--resume")
		}
		if code, _, errOut := runCmd(t, "", args...); code != 0 {
			t.Errorf("resume %v: exit %d, %s", resume, code, errOut)
			continue
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("resume %v: %s is no longer a link", resume, link)
		}
		if data, err := os.ReadFile(real); err != nil || strings.Count(string(data), "\n") != 11 {
			t.Errorf("resume %v: the linked file: %v, %d lines", resume, err, strings.Count(string(data), "\n"))
		}
	}
}

// TestPlotThroughSymlinkToNoDirectory: --plot naming a symbolic link to a
// file in a directory that does not exist is refused before the run,
// naming that directory, as a plain name there is. It ran, printed the
// table, then failed with "cannot create a file in .".
func TestPlotThroughSymlinkToNoDirectory(t *testing.T) {
	dir := t.TempDir()
	link := filepath.Join(dir, "p.png")
	if err := os.Symlink(filepath.Join(dir, "gone", "p.png"), link); err != nil {
		t.Skip(err)
	}
	want := "mjsolve: --plot " + link + ": no directory " + filepath.Join(dir, "gone") + "\n"
	for _, args := range [][]string{
		{"solitaire", "--layout", "tiny8,tiny8", "--boards", "3", "--plot", link},
		{"solitaire", "play", "--layout", "tiny8", "--boards", "3", "--plot", link},
	} {
		code, out, errOut := runCmd(t, "", args...)
		if code != exitBadInput || out != "" || errOut != want {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, no output, %q", args, code, out, errOut, exitBadInput, want)
		}
	}
}
