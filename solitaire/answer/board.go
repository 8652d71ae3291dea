package answer

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mjsolve/mjsolve/layouts"
	"github.com/mjsolve/mjsolve/solitaire"
)

// BoardChoice is a board as a person names it.
//
// It is game Game of the layout named Layout, dealt by the dealer named
// Deal with Seed, or the board file File, as the one-board commands
// ("mjsolve solitaire show", "solve" and "hint") take it.
type BoardChoice struct {
	Layout string
	Game   uint64
	Deal   string // "pcg" or "mjsolver" (see solitaire.DealerByName); "" is "pcg"
	Seed   uint64
	// File, when not empty, is a board file read instead of dealing.
	File string
	// Given lists the deal's fields that a person gave ("layout", "game",
	// "deal", "seed"): with a File they are an error, and so is a seed
	// given to the mjsolver dealer, which has none.
	Given []string
}

// Board returns the chosen board and says where it comes from ("from
// FILE", "game 7, deal pcg seed 1").
//
// It looks layouts up with f (nil: the built-ins and the games installed
// under "/", as [layouts.Find]). A bad field
// is a *solitaire.InputError naming it: "file" (a board file and deal fields
// given together), "deal" (an unknown dealer), "seed" (a seed given to the
// mjsolver dealer) or "game" (a game the dealer does not have; it wraps the
// *solitaire.GameRangeError). A layout that is not found, and a board file
// that does not read, give the errors of [layouts.Finder.Find] and
// [solitaire.ReadBoardFile]; a bad deal wraps [ErrBadDeal].
func (c BoardChoice) Board(f *layouts.Finder) (*solitaire.Board, string, error) {
	if c.File != "" {
		if len(c.Given) > 0 {
			return nil, "", &solitaire.InputError{Pkg: "solitaire", Field: "file", Msg: "cannot be combined with " + strings.Join(c.Given, ", ")}
		}
		b, err := solitaire.ReadBoardFile(c.File, f)
		if err != nil {
			return nil, "", err
		}
		return b, "from " + c.File, nil
	}
	dealer, err := solitaire.DealerField(c.Deal, c.Seed)
	if err != nil {
		return nil, "", err
	}
	if _, ok := dealer.(solitaire.MJSolver); ok && slices.Contains(c.Given, "seed") {
		return nil, "", &solitaire.InputError{Pkg: "solitaire", Field: "seed", Msg: "applies to the pcg dealer only"}
	}
	if err := solitaire.CheckGame(dealer, c.Game); err != nil {
		var gr *solitaire.GameRangeError
		if errors.As(err, &gr) {
			return nil, "", &solitaire.InputError{Pkg: "solitaire", Field: "game", Msg: fmt.Sprintf("the %s dealer has games 0 to %d", gr.Dealer, gr.Last), Err: err}
		}
		return nil, "", err
	}
	find := layouts.Find
	if f != nil {
		find = f.Find
	}
	l, err := find(c.Layout)
	if err != nil {
		return nil, "", err
	}
	return Deal(l, dealer, c.Game)
}
