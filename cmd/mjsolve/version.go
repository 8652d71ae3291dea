package main

import (
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=…"; otherwise
// the version comes from the build information (see describeVersion).
var version = ""

func versionString() string {
	info, _ := debug.ReadBuildInfo()
	return fmt.Sprintf("mjsolve %s %s %s/%s", describeVersion(version, info), runtime.Version(), runtime.GOOS, runtime.GOARCH)
}

// describeVersion is mjsolve's version: the one set at link time if any;
// else the module version "go install" or "go build" recorded (a release
// such as v1.2.0, or a pseudo-version naming the commit); else the VCS
// revision of a build that has one but no version (its first 12 hex
// digits, "-dirty" when the tree had changes, and the commit time); else
// "(devel)", for a build without VCS information (go run, -buildvcs=false).
func describeVersion(linked string, info *debug.BuildInfo) string {
	if linked != "" {
		return linked
	}
	if info == nil {
		return "(devel)"
	}
	if v := info.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, at string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev == "" {
		return "(devel)"
	}
	v := rev[:min(len(rev), 12)]
	if dirty {
		v += "-dirty"
	}
	if at != "" {
		v += " (" + at + ")"
	}
	return v
}

func newVersionCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version of mjsolve (also mjsolve --version)",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := fmt.Fprintln(cmd.OutOrStdout(), versionString())
			return err
		},
	}
}
