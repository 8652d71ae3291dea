package tw16_test

import (
	"fmt"
	"os"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16"
)

// Load the tables with a cache directory of one's choosing and analyse with
// them.
func ExampleLoadTables() {
	dir, err := os.MkdirTemp("", "tw16-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	tables := tw16.LoadTables(tw16.TableOptions{CacheDir: dir})
	if err := tables.Info().CacheErr; err != nil {
		fmt.Println(err)
	}

	hand := mjsolve.MustParseCounts("1122m3344p5566s777z1s")
	sh, _ := tables.Shanten(hand)
	fmt.Println("shanten:", sh)
	ligu, _ := tw16.Forms{Ligu: true, Tables: tables}.Shanten(hand)
	fmt.Println("with 嚦咕嚦咕:", ligu)
	w, _ := tables.Waits(mjsolve.MustParseCounts("123456789m123456p1z"), nil)
	fmt.Println("waits:", w.Kinds)
	// Output:
	// shanten: 3
	// with 嚦咕嚦咕: 0
	// waits: 1z
}

// Open the tables without loading them: a bad hand is refused at once, and
// the first good one loads (or builds and caches) them.
func ExampleOpenTables() {
	dir, err := os.MkdirTemp("", "tw16-example")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	tables := tw16.OpenTables(tw16.TableOptions{CacheDir: dir})

	_, err = tables.Waits(mjsolve.MustParseCounts("12m"), nil)
	fmt.Println(err)
	cached, _ := os.ReadDir(dir)
	fmt.Println("files in the cache:", len(cached))

	sh, _ := tables.Shanten(mjsolve.MustParseCounts("123456789m123456p1z"))
	fmt.Println("shanten:", sh)
	cached, _ = os.ReadDir(dir)
	fmt.Println("files in the cache:", len(cached))
	// Output:
	// tw16: hand: waits need a concealed part of 3k+1 tiles (1, 4, … 16), not 2
	// files in the cache: 0
	// shanten: 0
	// files in the cache: 1
}

// Tell, after a run, whether it needed the tables and how they came: a
// command whose every hand was refused loaded none, and has nothing to say
// about the cache.
func ExampleTableSet_Loaded() {
	tables := tw16.OpenTables(tw16.TableOptions{NoCache: true})

	_, err := tables.Shanten(mjsolve.MustParseCounts("123m"))
	fmt.Println(err)
	_, loaded := tables.Loaded()
	fmt.Println("loaded:", loaded)

	sh, _ := tables.Shanten(mjsolve.MustParseCounts("123456789m123456p1z"))
	fmt.Println("shanten:", sh)
	info, loaded := tables.Loaded()
	fmt.Println("loaded:", loaded, "from a cache:", info.FromCache)
	// Output:
	// tw16: hand: a concealed part has 3k+1 or 3k+2 tiles (1, 2, 4, 5, … 16, 17), not 3
	// loaded: false
	// shanten: 0
	// loaded: true from a cache: false
}
