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
// else the module version the build recorded (a release such as v1.2.0, or
// since Go 1.24 a pseudo-version naming the commit, "+dirty" when the tree
// had changes, whenever the build stamps VCS information); else "(devel)",
// for a build without it (-buildvcs=false, or go run).
func describeVersion(linked string, info *debug.BuildInfo) string {
	switch {
	case linked != "":
		return linked
	case info == nil || info.Main.Version == "":
		return "(devel)"
	}
	return info.Main.Version
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
