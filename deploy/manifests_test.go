// Package deploy holds the files that run mjsolve on clusters (Slurm job
// arrays, Kubernetes Indexed Jobs); its test checks the Kubernetes
// manifests.
package deploy

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// The parts of a Job manifest that matter here.
type job struct {
	APIVersion string `yaml:"apiVersion"`
	Kind       string `yaml:"kind"`
	Metadata   struct {
		Name string `yaml:"name"`
	} `yaml:"metadata"`
	Spec struct {
		CompletionMode string `yaml:"completionMode"`
		Completions    *int   `yaml:"completions"`
		Parallelism    *int   `yaml:"parallelism"`
		Template       struct {
			Spec struct {
				RestartPolicy string `yaml:"restartPolicy"`
				Containers    []struct {
					Name    string   `yaml:"name"`
					Image   string   `yaml:"image"`
					Command []string `yaml:"command"`
					Args    []string `yaml:"args"`
					Env     []struct {
						Name  string `yaml:"name"`
						Value string `yaml:"value"`
					} `yaml:"env"`
					VolumeMounts []struct {
						Name      string `yaml:"name"`
						MountPath string `yaml:"mountPath"`
					} `yaml:"volumeMounts"`
				} `yaml:"containers"`
				Volumes []struct {
					Name string `yaml:"name"`
					PVC  struct {
						ClaimName string `yaml:"claimName"`
					} `yaml:"persistentVolumeClaim"`
				} `yaml:"volumes"`
			} `yaml:"spec"`
		} `yaml:"template"`
	} `yaml:"spec"`
}

func decode(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("kubernetes", name))
	if err != nil {
		t.Fatal(err)
	}
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// The Indexed Job shards by JOB_COMPLETION_INDEX with as many shards as
// completions onto the shared claim, and the merge job merges the parts.
func TestKubernetesIndexedJob(t *testing.T) {
	var j job
	decodeLoose(t, "mjsolve-job.yaml", &j)
	s := j.Spec
	if j.APIVersion != "batch/v1" || j.Kind != "Job" || s.CompletionMode != "Indexed" || s.Completions == nil ||
		s.Parallelism == nil || *s.Parallelism > *s.Completions || s.Template.Spec.RestartPolicy != "Never" {
		t.Fatalf("job %+v", j)
	}
	if len(s.Template.Spec.Containers) != 1 {
		t.Fatalf("%d containers", len(s.Template.Spec.Containers))
	}
	c := s.Template.Spec.Containers[0]
	script := strings.Join(c.Args, " ")
	for _, want := range []string{"$JOB_COMPLETION_INDEX", `--shard "$((JOB_COMPLETION_INDEX + 1))/$MJSOLVE_SHARDS"`,
		"--out \"$part\"", "mjsolve solitaire", "--resume"} {
		if !strings.Contains(script, want) {
			t.Errorf("the container's script lacks %s:\n%s", want, script)
		}
	}
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if env["MJSOLVE_SHARDS"] != strings.TrimSpace(itoa(*s.Completions)) {
		t.Errorf("MJSOLVE_SHARDS %q, completions %d: they must agree", env["MJSOLVE_SHARDS"], *s.Completions)
	}
	for _, k := range []string{"MJSOLVE_LAYOUT", "MJSOLVE_BOARDS", "MJSOLVE_SEED"} {
		if env[k] == "" {
			t.Errorf("no %s", k)
		}
	}
	checkVolume(t, c.VolumeMounts[0].Name, c.VolumeMounts[0].MountPath, s.Template.Spec.Volumes[0].Name, s.Template.Spec.Volumes[0].PVC.ClaimName)

	var m job
	decodeLoose(t, "mjsolve-merge.yaml", &m)
	mc := m.Spec.Template.Spec.Containers[0]
	if m.Kind != "Job" || m.Spec.CompletionMode != "" || !regexp.MustCompile(`mjsolve analysis merge /out/part-\*\.jsonl\.zst -o /out/all\.jsonl\.zst`).MatchString(strings.Join(mc.Args, " ")) {
		t.Errorf("merge job %+v", m)
	}
	checkVolume(t, mc.VolumeMounts[0].Name, mc.VolumeMounts[0].MountPath, m.Spec.Template.Spec.Volumes[0].Name, m.Spec.Template.Spec.Volumes[0].PVC.ClaimName)

	var pvc struct {
		APIVersion string `yaml:"apiVersion"`
		Kind       string `yaml:"kind"`
		Metadata   struct {
			Name string `yaml:"name"`
		} `yaml:"metadata"`
		Spec struct {
			AccessModes []string `yaml:"accessModes"`
			Resources   struct {
				Requests map[string]string `yaml:"requests"`
			} `yaml:"resources"`
		} `yaml:"spec"`
	}
	decode(t, "mjsolve-pvc.yaml", &pvc)
	if pvc.Kind != "PersistentVolumeClaim" || pvc.Metadata.Name != "mjsolve-out" || len(pvc.Spec.AccessModes) != 1 || pvc.Spec.AccessModes[0] != "ReadWriteMany" {
		t.Errorf("claim %+v", pvc)
	}
}

// decodeLoose decodes into j, ignoring fields j does not name (resources,
// backoff limits), after checking the file is YAML at all.
func decodeLoose(t *testing.T, name string, j *job) {
	t.Helper()
	var any map[string]any
	decode(t, name, &any)
	b, err := os.ReadFile(filepath.Join("kubernetes", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := yaml.Unmarshal(b, j); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func checkVolume(t *testing.T, mount, path, volume, claim string) {
	t.Helper()
	if mount != volume || path != "/out" || claim != "mjsolve-out" {
		t.Errorf("volume mount %s at %s, volume %s of claim %s", mount, path, volume, claim)
	}
}

func itoa(n int) string {
	b, _ := yaml.Marshal(n)
	return string(b)
}
