package server

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/mjsolve/mjsolve/solitaire"
	"github.com/mjsolve/mjsolve/solver"
)

// losingMove finds a winnable turtle40 game and a first move that loses
// it, and a second legal move after that one.
func losingMove(t *testing.T) (uint64, solitaire.Move, solitaire.Move) {
	for game := uint64(1); game < 200; game++ {
		b := dealt(t, "turtle40", game)
		s := solver.New(b.Geo)
		if s.Solve(context.Background(), b, solver.Options{}).Verdict != solver.Winnable {
			continue
		}
		for _, m := range b.Matches(nil) {
			c := b.Clone()
			c.Play(m)
			if s.Solve(context.Background(), c, solver.Options{}).Verdict != solver.Impossible {
				continue
			}
			if next := c.Matches(nil); len(next) > 0 {
				return game, m, next[0]
			}
		}
	}
	t.Fatal("no turtle40 game with a losing first move")
	return 0, solitaire.Move{}, solitaire.Move{}
}

// TestBrowserWatch: after every move the page knows whether the position
// is still winnable. A losing move is flagged at once and undone; a lost
// position is taken back to the last winnable one, and reshuffled; a new
// game of a chosen difficulty is dealt winnable. On a desktop screen and
// a phone.
func TestBrowserWatch(t *testing.T) {
	_, ts := newTestServer(t, Config{Workers: 2, CacheBytes: 4 << 20})
	p := newPage(t)
	game, lose, next := losingMove(t)
	verdict := `document.getElementById('watch').dataset.verdict`
	click := func(m solitaire.Move) {
		p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`.tile[data-slot="%d"]`, m.A))), chromedp.Click(chromedp.CSS(fmt.Sprintf(`.tile[data-slot="%d"]`, m.B))))
	}
	for _, vp := range []struct {
		name string
		w, h int64
	}{{"desktop", 1280, 800}, {"phone", 390, 844}} {
		if vp.name == "phone" {
			p.do(chromedp.EmulateViewport(vp.w, vp.h, chromedp.EmulateMobile, chromedp.EmulatePortrait, chromedp.EmulateTouch))
		} else {
			p.do(chromedp.EmulateViewport(vp.w, vp.h))
		}
		p.do(chromedp.Navigate(fmt.Sprintf("%s/?layout=turtle40&game=%d", ts.URL, game)))
		p.wait(`document.body.dataset.loaded === 'true'`)
		p.wait(verdict + ` === 'winnable'`)
		if s := eval[string](p, `document.getElementById('watch-text').textContent`); s != "Still winnable." {
			t.Errorf("%s: watch %q at the start", vp.name, s)
		}

		// The losing move: flagged at once, with Undo.
		click(lose)
		p.wait(verdict + ` === 'impossible'`)
		if s := eval[string](p, `document.getElementById('watch-text').textContent`); !strings.HasPrefix(s, "This move lost the game") {
			t.Errorf("%s: watch after the losing move %q", vp.name, s)
		}
		if eval[bool](p, `document.getElementById('undo-lost').hidden || document.getElementById('reshuffle').hidden`) {
			t.Errorf("%s: no Undo or Reshuffle offered after the losing move", vp.name)
		}
		if w := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
			t.Errorf("%s: the page is %dpx wider than the screen", vp.name, w)
		}
		p.shot("watch-lost-" + vp.name)
		p.do(chromedp.Click(chromedp.CSS("#undo-lost")))
		p.wait(`document.getElementById('counts').textContent.startsWith('40 tiles left') && ` + verdict + ` === 'winnable'`)

		// Lost two moves deep: back to the last winnable position.
		click(lose)
		p.wait(verdict + ` === 'impossible'`)
		click(next)
		p.wait(`document.getElementById('counts').textContent.startsWith('36 tiles left') && ` + verdict + ` === 'impossible'`)
		if s := eval[string](p, `document.getElementById('watch-text').textContent`); !strings.HasPrefix(s, "This position is lost") {
			t.Errorf("%s: watch two moves after %q", vp.name, s)
		}
		p.do(chromedp.Click(chromedp.CSS("#undo-winnable")))
		p.wait(`document.getElementById('counts').textContent.startsWith('40 tiles left') && ` + verdict + ` === 'winnable'`)

		// Reshuffle a lost position: the removed tiles stay, the tiles left
		// are rearranged, winnable.
		click(lose)
		p.wait(verdict + ` === 'impossible'`)
		p.do(chromedp.Click(chromedp.CSS("#reshuffle")))
		p.wait(`document.getElementById('status').textContent.startsWith('Reshuffled: the 38 tiles left')`)
		p.wait(verdict + ` === 'winnable'`)
		gone := eval[[]int](p, `[...document.querySelectorAll('.tile.gone')].map(g => +g.dataset.slot).sort((a, b) => a - b)`)
		if len(gone) != 2 || gone[0] != int(lose.A) || gone[1] != int(lose.B) {
			t.Errorf("%s: after the reshuffle slots %v are gone, want %v", vp.name, gone, lose)
		}
		p.shot("watch-reshuffled-" + vp.name)
	}

	// A new game of a chosen difficulty.
	p.do(chromedp.SetValue(chromedp.CSS("#want"), "hard"), chromedp.Click(chromedp.CSS("#deal-button")))
	p.wait(`document.getElementById('status').textContent.includes(': winnable, hard (')`)
	p.wait(verdict + ` === 'winnable'`)
	g := eval[string](p, `document.getElementById('game').value`)
	var k uint64
	fmt.Sscan(g, &k)
	b := dealt(t, "turtle40", k)
	if r := solver.Solve(context.Background(), b, solver.Options{}); r.Verdict != solver.Winnable {
		t.Errorf("the hard deal, game %d, is %v", k, r.Verdict)
	}
	p.shot("watch-hard-deal")
}
