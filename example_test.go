package mjsolve_test

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
)

func ExampleParseCounts() {
	hand, err := mjsolve.ParseCounts("123m 456p 789s EE C")
	if err != nil {
		panic(err)
	}
	fmt.Println(hand, hand.Total())
	// Output: 123m456p789s115z 12
}

func ExampleKind_Chinese() {
	for _, k := range []mjsolve.Kind{0, 13, 26, mjsolve.East, mjsolve.Green} {
		fmt.Print(k, " ", k.Chinese(), "  ")
	}
	fmt.Println()
	// Output: 1m 一萬  5p 五筒  9s 九條  1z 東  6z 發
}

func ExampleTileOfTID() {
	tile, copy, _ := mjsolve.TileOfTID(243, mjsolve.HonorsICGA)
	fmt.Println(tile, tile.Chinese(), copy)
	// Output: 4s 四條 3
}

// Compact notation round-trips: the letters E S W N C F P read as honors,
// and bonus tiles are written 1f–8f.
func ExampleParseTiles() {
	tiles, err := mjsolve.ParseTiles("123m 55p E S C 7s 5f")
	if err != nil {
		panic(err)
	}
	fmt.Println(tiles, mjsolve.FormatTiles(tiles))
	_, err = mjsolve.ParseTiles("123m 4x")
	fmt.Println(err)
	// Output:
	// [1m 2m 3m 5p 5p 1z 2z 5z 7s 5f] 123m55p125z7s5f
	// mjsolve: unknown suit letter "x" after "4" in "123m 4x"
}
