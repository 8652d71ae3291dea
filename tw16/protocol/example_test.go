package protocol_test

import (
	"fmt"

	"github.com/mjsolve/mjsolve"
	"github.com/mjsolve/mjsolve/tw16/protocol"
)

func ExampleParseMessage() {
	m, err := protocol.ParseMessage("/eat 4 280 271 292")
	if err != nil {
		fmt.Println(err)
		return
	}
	claimed, _, _ := m.Tiles[1].Tile(mjsolve.HonorsICGA)
	fmt.Println(m.Op, "by seat", m.Seat, "claiming", claimed)

	_, err = protocol.ParseMessage("/mo 414")
	fmt.Println(err)
	// Output:
	// /eat by seat 4 claiming 7s
	// protocol: "/mo 414": field 2: not a tile id
}

func ExampleReply_Append() {
	r := protocol.Reply{Op: protocol.OpGong, Gong: protocol.GongMeld}
	r.SetCards(110, 112, 113)
	line, err := r.Append(nil)
	fmt.Printf("%s %v\n", line, err)
	// Output:
	// /gong 4 110 112 113 <nil>
}
