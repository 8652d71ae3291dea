package gametest

import "testing"

// recorder captures how Missing ends a test.
type recorder struct {
	testing.TB
	skipped, failed bool
	msg             string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Skip(args ...any)                  { r.skipped = true; r.msg = args[0].(string) }
func (r *recorder) Fatalf(format string, args ...any) { r.failed = true; r.msg = format }

func TestMissingSkipsOrFails(t *testing.T) {
	t.Setenv(EnvRequire, "")
	r := &recorder{}
	Missing(r, "no %s here", "xmahjongg")
	if !r.skipped || r.failed || r.msg != "no xmahjongg here" {
		t.Errorf("without %s: skipped %v failed %v msg %q", EnvRequire, r.skipped, r.failed, r.msg)
	}
	t.Setenv(EnvRequire, "1")
	r = &recorder{}
	Missing(r, "no %s here", "xmahjongg")
	if r.skipped || !r.failed {
		t.Errorf("with %s: skipped %v failed %v", EnvRequire, r.skipped, r.failed)
	}
}

func TestRequired(t *testing.T) {
	for v, want := range map[string]bool{"": false, "0": false, "false": false, "FALSE": false, "1": true, "true": true, "yes": true} {
		t.Setenv(EnvRequire, v)
		if got := Required(); got != want {
			t.Errorf("%s=%q: Required() = %v, want %v", EnvRequire, v, got, want)
		}
	}
}
