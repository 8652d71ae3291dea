package main

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode"
)

// docFile is one page of the documentation: its path from the root of
// the repository and its text.
type docFile struct {
	name, text string
}

// docFiles reads README.md and every page under docs/ (the generated
// command reference included), in a fixed order.
func docFiles(t *testing.T) []docFile {
	t.Helper()
	names := []string{"README.md"}
	err := filepath.WalkDir("../../docs", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
			rel, _ := filepath.Rel("../..", p)
			names = append(names, filepath.ToSlash(rel))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(names[1:])
	var files []docFile
	for _, n := range names {
		b, err := os.ReadFile(filepath.Join("../..", n))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, docFile{n, string(b)})
	}
	if len(files) < 8 {
		t.Fatalf("found %d pages of documentation: %v", len(files), names)
	}
	return files
}

// readDocs is the text of README.md and the pages under docs/ together,
// for the tests that look for an example wherever it is.
func readDocs(t *testing.T) string {
	t.Helper()
	var b strings.Builder
	for _, f := range docFiles(t) {
		b.WriteString(f.text)
		b.WriteString("\n")
	}
	return b.String()
}

// outsideCode returns the lines of a page that are not in fenced code
// blocks, with inline code spans blanked, each with its line number.
func outsideCode(text string) map[int]string {
	lines := map[int]string{}
	fence := ""
	for i, l := range strings.Split(text, "\n") {
		trimmed := strings.TrimSpace(l)
		if fence != "" {
			if strings.HasPrefix(trimmed, fence) {
				fence = ""
			}
			continue
		}
		if strings.HasPrefix(trimmed, "```") || strings.HasPrefix(trimmed, "~~~") {
			fence = trimmed[:3]
			continue
		}
		lines[i+1] = inlineCode.ReplaceAllStringFunc(l, func(s string) string { return strings.Repeat(" ", len(s)) })
	}
	return lines
}

var (
	inlineCode  = regexp.MustCompile("`[^`]*`")
	mdLink      = regexp.MustCompile(`\]\(([^)\s]*)(?:\s+"[^"]*")?\)`)
	mdRefLink   = regexp.MustCompile(`^\s*\[[^\]]+\]:\s+(\S+)`)
	headingLine = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*\s*$`)
	htmlAnchor  = regexp.MustCompile(`<a\s+(?:id|name)="([^"]+)"`)
	linkText    = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
)

// githubAnchor is the anchor GitHub gives a heading: the heading's text
// as rendered (code spans, emphasis and links reduced to their text),
// lower case, with every character that is not a letter, a mark, a digit,
// a space, "-" or "_" removed and the spaces made "-".
func githubAnchor(heading string) string {
	text := linkText.ReplaceAllString(heading, "$1")
	text = strings.NewReplacer("`", "", "**", "", "__", "").Replace(text)
	text = regexp.MustCompile(`<[^>]*>`).ReplaceAllString(text, "")
	var b strings.Builder
	for _, r := range strings.ToLower(text) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsNumber(r) || unicode.In(r, unicode.Mn, unicode.Mc):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// anchors lists the anchors of a page: one per heading (a repeated one
// gets "-1", "-2", … as on GitHub) and the explicit <a id="…">s.
func anchors(text string) map[string]bool {
	set := map[string]bool{}
	seen := map[string]int{}
	lines := outsideCodeRaw(text)
	for _, l := range lines {
		if m := headingLine.FindStringSubmatch(l); m != nil {
			a := githubAnchor(m[1])
			if n := seen[a]; n > 0 {
				seen[a] = n + 1
				a = fmt.Sprintf("%s-%d", a, n)
			} else {
				seen[a] = 1
			}
			set[a] = true
		}
		for _, m := range htmlAnchor.FindAllStringSubmatch(l, -1) {
			set[m[1]] = true
		}
	}
	return set
}

// outsideCodeRaw is outsideCode in line order with code spans kept (a
// heading's anchor includes the text of its code spans).
func outsideCodeRaw(text string) []string {
	var out []string
	all := strings.Split(text, "\n")
	keep := outsideCode(text)
	for i, l := range all {
		if _, ok := keep[i+1]; ok {
			out = append(out, l)
		}
	}
	return out
}

// The anchors GitHub makes, for the headings this documentation has.
func TestGithubAnchor(t *testing.T) {
	for h, want := range map[string]string{
		"The solver: is this board winnable?":                 "the-solver-is-this-board-winnable",
		"Difficulty of winnable boards (`--difficulty K`)":    "difficulty-of-winnable-boards---difficulty-k",
		"Scoring a win in tai (台)":                            "scoring-a-win-in-tai-台",
		"Tournaments: the ICGA/TCGA protocol and the referee": "tournaments-the-icgatcga-protocol-and-the-referee",
		"Hand statistics: `mjsolve tw16 stats`":               "hand-statistics-mjsolve-tw16-stats",
		"mjsolve solitaire play":                              "mjsolve-solitaire-play",
		"Options inherited from parent commands":              "options-inherited-from-parent-commands",
		"A [link](x.md) and **bold** text_with_underscores":   "a-link-and-bold-text_with_underscores",
	} {
		if got := githubAnchor(h); got != want {
			t.Errorf("githubAnchor(%q) = %q, want %q", h, got, want)
		}
	}
	got := anchors("# A\n\n## A\n\n```\n# not a heading\n```\n## A\n<a id=\"x\"></a>\n")
	want := map[string]bool{"a": true, "a-1": true, "a-2": true, "x": true}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("anchors = %v, want %v", got, want)
	}
}

// Every relative link and image in README.md and the pages under docs/
// names a file of the repository, and every anchor (#…) one of the
// target page's headings, by GitHub's rules; links in code are not links.
func TestDocLinks(t *testing.T) {
	files := docFiles(t)
	pageAnchors := map[string]map[string]bool{}
	for _, f := range files {
		pageAnchors[f.name] = anchors(f.text)
	}
	checked := 0
	for _, f := range files {
		lines := outsideCode(f.text)
		nums := make([]int, 0, len(lines))
		for n := range lines {
			nums = append(nums, n)
		}
		slices.Sort(nums)
		for _, n := range nums {
			l := lines[n]
			var targets []string
			for _, m := range mdLink.FindAllStringSubmatch(l, -1) {
				targets = append(targets, m[1])
			}
			if m := mdRefLink.FindStringSubmatch(l); m != nil {
				targets = append(targets, m[1])
			}
			for _, target := range targets {
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				checked++
				file, frag, _ := strings.Cut(target, "#")
				dest := f.name
				if file != "" {
					dest = path.Clean(path.Join(path.Dir(f.name), file))
					if strings.HasPrefix(dest, "../") || path.IsAbs(file) {
						t.Errorf("%s:%d: link %s leaves the repository", f.name, n, target)
						continue
					}
					if _, err := os.Stat(filepath.Join("../..", dest)); err != nil {
						t.Errorf("%s:%d: link %s: no file %s", f.name, n, target, dest)
						continue
					}
				}
				if frag == "" {
					continue
				}
				a, ok := pageAnchors[dest]
				if !ok {
					t.Errorf("%s:%d: link %s: anchor into %s, which is not a page of the documentation", f.name, n, target, dest)
				} else if !a[frag] {
					t.Errorf("%s:%d: link %s: %s has no heading with the anchor #%s", f.name, n, target, dest, frag)
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d relative links found", checked)
	}
}
