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
