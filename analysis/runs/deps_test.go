package job

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestImportersNamedInDoc: the package doc says which packages import job
// ("nothing imports it but ..."); every package of the module that does is
// named there, so the doc stays true as packages are added.
func TestImportersNamedInDoc(t *testing.T) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command to list the packages")
	}
	out, err := exec.Command(goCmd, "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "../...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	_, where, _ := strings.Cut(string(doc), "# Where it sits")
	where, _, _ = strings.Cut(where, "# The main job")
	const module = "github.com/mjsolve/mjsolve/"
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || !strings.Contains(" "+strings.Join(f[1:], " ")+" ", " "+module+"job ") {
			continue
		}
		n++
		if name := strings.TrimPrefix(f[0], module); !strings.Contains(where, name) {
			t.Errorf("%s imports job, but the doc's \"Where it sits\" does not name it", name)
		}
	}
	if n == 0 {
		t.Error("no importer of job found")
	}
}
