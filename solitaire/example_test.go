package solitaire_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// Deal game 1 of the tiny8 layout, draw it, and play the first legal
// match.
func Example() {
	l, _ := layouts.Builtin("tiny8")
	g, err := solitaire.Compile(l)
	if err != nil {
		fmt.Println(err)
		return
	}
	b, err := solitaire.NewBoard(g, solitaire.PCG{Seed: 0}.Deal(1, g.N, nil))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Print(b.Picture(solitaire.FaceLabels))
	moves := b.Matches(nil)
	fmt.Println("matches:", moves)
	b.Play(moves[0])
	fmt.Println("free after", moves[0], "are", b.Free().AppendTo(nil))
	// Output:
	// level 0: 6 tiles, 6 on the board, 2 free
	// [2m] 1m  2m  1m  1m [2m]
	// level 1: 2 tiles, 2 on the board, 2 free
	//       [2m]    [1m]
	// matches: [0-5 0-6 5-6]
	// free after 0-5 are [6 7]
}

func ExampleVerify() {
	l, _ := layouts.Builtin("tiny8")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.NewBoard(g, solitaire.MJSolver{}.Deal(1, g.N, nil))
	fmt.Print(b.Picture(solitaire.FaceLabels))
	fmt.Print(b.Picture(solitaire.SlotLabels))
	fmt.Println(solitaire.Verify(b, []solitaire.Move{{5, 7}, {0, 4}, {3, 6}, {1, 2}}))
	fmt.Println(solitaire.Verify(b, []solitaire.Move{{5, 7}, {0, 4}, {1, 2}, {3, 6}}))
	fmt.Println(solitaire.Verify(b, []solitaire.Move{{5, 7}, {0, 4}}))
	// Output:
	// level 0: 6 tiles, 6 on the board, 2 free
	// [2m] 2m  2m  1m  2m [1m]
	// level 1: 2 tiles, 2 on the board, 2 free
	//       [1m]    [1m]
	// level 0: 6 tiles, 6 on the board, 2 free
	// [ 0]  1   2   3   4 [ 5]
	// level 1: 2 tiles, 2 on the board, 2 free
	//       [ 6]    [ 7]
	// <nil>
	// solitaire: move 3 (1-2): tile 1 (2m) is not free
	// solitaire: 4 tiles left on the board after 2 moves
}

// Save a game in progress as a board file and read it back.
func ExampleBoard_WriteTo() {
	l, _ := layouts.Builtin("tiny8")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.NewBoard(g, solitaire.MJSolver{}.Deal(1, g.N, nil))
	b.Play(solitaire.Move{5, 7})
	var file strings.Builder
	b.WriteTo(&file)
	fmt.Print(file.String())
	c, err := solitaire.ReadBoard(strings.NewReader(file.String()), "g1.board", nil)
	fmt.Println(c.Remaining(), "tiles left,", err)
	// Output:
	// mjsolve board 1
	// layout tiny8
	// tiles 8
	// geometry 66daa49f225515e2
	// faces 2m 2m 2m 1m 2m 1m 1m 1m
	// removed 5 7
	// 6 tiles left, <nil>
}

// Save a dealt board to a board file with a comment, and read it back.
func ExampleWriteBoardFile() {
	dir, _ := os.MkdirTemp("", "board")
	defer os.RemoveAll(dir)
	name := filepath.Join(dir, "g1.board")
	l, _ := layouts.Builtin("tiny8")
	g, _ := solitaire.Compile(l)
	b, _ := solitaire.DealBoard(g, solitaire.MJSolver{}, 1)
	if err := solitaire.WriteBoardFile(name, b, "tiny8 game 1", nil); err != nil {
		fmt.Println(err)
		return
	}
	c, err := solitaire.ReadBoardFile(name, nil)
	fmt.Println(c.Remaining(), "tiles,", err)
	_, err = solitaire.ReadBoardFile(dir, nil)
	fmt.Println(err != nil)
	// Output:
	// 8 tiles, <nil>
	// true
}

// Read a board file whose layout is looked up among a fixed set of
// layouts only, never as a file.
func ExampleReadBoardWith() {
	mine := map[string]*layouts.Layout{}
	mine["tiny8"], _ = layouts.Builtin("tiny8")
	find := func(name string) (*layouts.Layout, error) {
		if l, ok := mine[name]; ok {
			return l, nil
		}
		return nil, fmt.Errorf("no layout %q here", name)
	}
	text := "mjsolve board 1\nlayout tiny8\ntiles 8\nfaces 1m 2m 2m 2m 2m 1m 1m 1m\nremoved 0 7\n"
	b, err := solitaire.ReadBoardWith(strings.NewReader(text), "g.board", find)
	fmt.Println(b.Remaining(), "tiles,", err)
	_, err = solitaire.ReadBoardWith(strings.NewReader(strings.Replace(text, "tiny8", "/etc/passwd", 1)), "g.board", find)
	fmt.Println(err)
	// Output:
	// 6 tiles, <nil>
	// solitaire: g.board:2: no layout "/etc/passwd" here
}
