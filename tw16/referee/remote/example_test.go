package remote_test

import (
	"context"
	"fmt"
	"net"
	"time"

	"github.com/mjsolve/mjsolve/tw16/referee"
	"github.com/mjsolve/mjsolve/tw16/referee/remote"
)

// A match with one seat played through a wrapper (here on the same
// machine, over loopback) and three local programs.
func Example() {
	const token = "alice-secret-token-0001"
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	srv, err := remote.NewServer(l, remote.ServerOptions{Seats: []remote.SeatToken{{Name: "alice", Token: token}}})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer srv.Close("the match is over")

	// On alice's machine: the wrapper runs her program.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go remote.RunWrapper(ctx, remote.WrapperOptions{Addr: srv.Addr().String(), Token: token, Command: "../testdata/draw-discard.sh"})

	if err := srv.WaitAll(ctx, time.Minute); err != nil {
		fmt.Println(err)
		return
	}
	o := referee.Options{Hands: 4, Seed: 5, MoveTime: time.Minute}
	o.Players[0] = referee.Player{Name: "alice", Remote: srv.Seat("alice")}
	for p := 1; p < 4; p++ {
		o.Players[p] = referee.Player{Name: fmt.Sprint("local", p), Command: "../testdata/draw-discard.sh"}
	}
	tab, err := referee.Run(ctx, o)
	if err != nil {
		fmt.Println(err)
		return
	}
	st := tab.Player(0)
	fmt.Printf("%d hands; %s: %d failures, %d drawn\n", tab.Hands(), st.Name, st.Failures, st.Drawn)
	// Output: 4 hands; alice: 0 failures, 4 drawn
}
