package analysis

import (
	"os/exec"
	"strings"
	"testing"
)

// A program that imports analysis to run or merge boards must not pull in
// the plotting (gonum, fonts, PDF): that lives in analysis/plot.
func TestNoPlottingDependencies(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the dependencies")
	}
	out, err := exec.Command(goCmd, "list", "-deps", ".").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		for _, bad := range []string{"gonum.org/", "go-fonts", "go-pdf", "go-latex", "freetype", "golang.org/x/image"} {
			if strings.Contains(p, bad) {
				t.Errorf("analysis depends on %s", p)
			}
		}
	}
}
