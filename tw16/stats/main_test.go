package stats

import (
	"os"
	"testing"

	"github.com/mjsolve/mjsolve/tw16"
)

// TestMain builds the tw16 tables in memory, so that the tests read and
// write no cache file in the user's cache directory.
func TestMain(m *testing.M) {
	tw16.SetDefaultTableOptions(tw16.TableOptions{NoCache: true})
	os.Exit(m.Run())
}
