package main

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/mjsolve/mjsolve/analysis"
	"github.com/mjsolve/mjsolve/analysis/runs"
	"github.com/mjsolve/mjsolve/internal/atomicfile"
)

// newAnalysisCmd is the "analysis" command group: work on result files.
func newAnalysisCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "analysis",
		Short: "Combine and summarise result files of many boards",
	}
	cmd.AddCommand(newAnalysisMergeCmd())
	cmd.AddCommand(newAnalysisPlotCmd())
	return cmd
}

// analysisMergeOptions are the flags of "analysis merge".
type analysisMergeOptions struct {
	call
	json bool
	out  string
}

func newAnalysisMergeCmd() *cobra.Command {
	o := &analysisMergeOptions{}
	cmd := &cobra.Command{
		Use:   "merge FILE...",
		Short: "Summarise per-board record files (shards or overlapping runs) of one layout, deal and seed",
		Long: `Read record files written by "mjsolve solitaire --out" for the same layout,
deal, seed and per-board timeout (for example the shards of --shard i/n, plain
or .zst) and print the summary of all their games, as the main job does. A
game found in several files counts once (the first record is kept); files that
disagree on a decided game are an error.

With -o OUT the merged records are also written to OUT (zstd-compressed when
it ends in .zst): the merged header, then every game once (the record
counted) in game order, so that merged shards equal one long run record for
record. OUT is written whole or not at all, and may be one of the inputs.`,
		Example: `  mjsolve analysis merge part1.jsonl.zst part2.jsonl.zst --json
  mjsolve analysis merge part*.jsonl.zst -o all.jsonl.zst`,
		Args: someArgs("one or more record FILEs written by 'mjsolve solitaire --out'"),
		RunE: runE(&o.call, o.run),
	}
	cmd.Flags().BoolVar(&o.json, "json", false, "print the summary as one JSON object")
	cmd.Flags().StringVarP(&o.out, "out", "o", "", "also write the merged records to `OUT` (.zst: compressed)")
	cmd.MarkFlagFilename("out", "zst", "jsonl")
	return cmd
}

func (o *analysisMergeOptions) run() error {
	if o.cmd.Flags().Changed("out") && o.out == "" {
		return errors.New("-o: give a file name (or leave -o out to write no records)")
	}
	var m *analysis.MergeResult
	err := atomicfile.CheckTarget(o.out)
	switch {
	case o.out == "":
		m, err = analysis.MergeFiles(o.ctx, o.args)
	case err == nil:
		m, err = analysis.MergeFile(o.ctx, o.args, o.out)
	}
	if errors.Is(err, context.Canceled) {
		if o.out != "" {
			fmt.Fprintf(o.stderr, "mjsolve: interrupted: -o %s not written\n", o.out)
		} else {
			fmt.Fprintln(o.stderr, "mjsolve: interrupted")
		}
		return errInterrupted
	}
	if err != nil {
		return fileError("-o", o.out, err)
	}
	return failure(writeReport(o.stdout, o.json, runs.NewMergeReport(m)))
}
