package main

import (
	"fmt"
	"strings"

	"github.com/mjsolve/mjsolve/tw16"
	"github.com/mjsolve/mjsolve/tw16/answer"
	"github.com/spf13/cobra"
)

// addTW16RulesFlags adds the flags that choose the rules of scoring: a
// profile, house tai for items, and 平胡's 門清.
func addTW16RulesFlags(cmd *cobra.Command, q *answer.RulesQuery) {
	fs := cmd.Flags()
	fs.StringVar(&q.Profile, "rules", "competition", "rule profile: competition or common")
	fs.StringArrayVar(&q.Tai, "rule", nil, "house tai of an item, `ITEM=TAI` (e.g. earthly-ready=4, 字一色=8; 0 takes the item out); repeatable, see \"mjsolve tw16 items\"")
	fs.BoolVar(&q.PingHuConcealed, "ping-hu-concealed", false, "平胡 needs a concealed hand (門清)")
	cmd.RegisterFlagCompletionFunc("rules", completeWords(tw16.RuleNames()...))
	cmd.RegisterFlagCompletionFunc("rule", completeItemTai)
}

// completeItemTai offers the items' keys followed by "=", with the table's
// tai and the gloss as the description.
func completeItemTai(_ *cobra.Command, _ []string, toComplete string) ([]cobra.Completion, cobra.ShellCompDirective) {
	var out []cobra.Completion
	for id := range tw16.NumItems {
		if strings.HasPrefix(id.String(), toComplete) {
			out = append(out, cobra.CompletionWithDesc(id.String()+"=", fmt.Sprintf("%s %s, %s", id.Chinese(), id.TaiLabel(id.Tai()), id.English())))
		}
	}
	return out, cobra.ShellCompDirectiveNoSpace | cobra.ShellCompDirectiveNoFileComp
}

// tw16ItemsOptions are the inputs of "mjsolve tw16 items".
type tw16ItemsOptions struct {
	call
	rules answer.RulesQuery
	json  bool
}

// newTW16ItemsCmd lists the scoring items.
func newTW16ItemsCmd() *cobra.Command {
	opts := &tw16ItemsOptions{}
	cmd := &cobra.Command{
		Use:   "items",
		Short: "List the scoring items (台) with their tai under the rules",
		Long: `List the items of the tai table (台數表) that "mjsolve tw16 score" scores, in
the order it lists them: the key (for --rule and --json), the Chinese name, the
tai under the rules ("1 each" counts per dragon triplet, own flower or set of
four flowers; "2N" is per consecutive deal), an English gloss, and the items
not counted with it (不計).

--rules, --rule and --ping-hu-concealed are those of "mjsolve tw16 score":
--rule ITEM=TAI sets the tai of an item (house rules differ), 0 takes it out.`,
		Example: `  mjsolve tw16 items
  mjsolve tw16 items --rule earthly-ready=4 --rule 字一色=8 --json`,
		Args: cobra.NoArgs,
		RunE: runE(&opts.call, opts.run),
	}
	addTW16RulesFlags(cmd, &opts.rules)
	cmd.Flags().BoolVar(&opts.json, "json", false, "print the items as JSON")
	return cmd
}

func (opts *tw16ItemsOptions) run() error {
	r, err := opts.rules.Rules()
	if err != nil {
		return handError(err)
	}
	if opts.json {
		return writeJSON(opts.stdout, answer.Items(&r))
	}
	return answer.WriteItems(opts.stdout, &r)
}
