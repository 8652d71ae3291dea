package server

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/mjsolve/mjsolve/solitaire/answer"
)

// TestBrowserFairHint asks the page for the fair hint of turtle game 3
// in a real browser, on a desktop screen and on a phone: the pair is the
// command's (answer.FairHint), highlighted, and the status says that it
// sees only what the player sees, apart from the exact hint, which says
// that it peeks.
func TestBrowserFairHint(t *testing.T) {
	exe := chromium(t)
	_, ts := newTestServer(t, Config{Workers: 2})
	dir := *screenshots
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	defer cancelTime()
	p := &page{t: t, ctx: ctx, dir: dir}

	b := dealt(t, "turtle", 3)
	want, err := answer.FairHint(context.Background(), b)
	if err != nil {
		t.Fatal(err)
	}
	for _, screen := range []struct {
		w, h   int64
		mobile bool
		name   string
	}{{1280, 800, false, "fair-hint-desktop"}, {390, 844, true, "fair-hint-phone"}} {
		opts := []chromedp.EmulateViewportOption{}
		if screen.mobile {
			opts = append(opts, chromedp.EmulateMobile, chromedp.EmulatePortrait, chromedp.EmulateTouch)
		}
		p.do(chromedp.EmulateViewport(screen.w, screen.h, opts...), chromedp.Navigate(ts.URL+"/?layout=turtle&game=3"))
		p.wait(`document.body.dataset.loaded === 'true' && !document.getElementById('fair-hint').disabled`)
		if s := eval[string](p, `document.getElementById('fair-hint').textContent`); s != "Fair hint" {
			t.Errorf("the button says %q", s)
		}
		if s := eval[string](p, `document.getElementById('hint-help').textContent`); !strings.Contains(s, "Hint peeks") || !strings.Contains(s, "Fair hint sees only what you see") {
			t.Errorf("the help says %q", s)
		}
		p.do(chromedp.Click(chromedp.CSS("#fair-hint")))
		p.wait(`document.querySelectorAll('.tile.hinted').length === 2`)
		hinted := eval[[]int](p, `[...document.querySelectorAll('.tile.hinted')].map(g => +g.dataset.slot).sort((a, b) => a - b)`)
		if len(hinted) != 2 || hinted[0] != int(want.Move.A) || hinted[1] != int(want.Move.B) {
			t.Errorf("%s: hinted %v, the command's fair hint is %v", screen.name, hinted, want.Move)
		}
		status := eval[string](p, `document.getElementById('status').textContent`)
		wantStatus := fmt.Sprintf("Fair hint (it sees only what you see): take North wind at slots %d and %d, a safe move. Of %d guesses of the %d hidden faces, %d can still be won, %d after this pair.",
			want.Move.A, want.Move.B, want.Samples, answer.Hidden(b), want.Winnable, want.Kept)
		if status != wantStatus {
			t.Errorf("%s: status %q, want %q", screen.name, status, wantStatus)
		}
		if w := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
			t.Errorf("%s: the page is %dpx wider than the screen", screen.name, w)
		}
		p.shot(screen.name)
		// The exact hint says that it peeks.
		p.do(chromedp.Click(chromedp.CSS("#hint")))
		p.wait(`document.getElementById('status').textContent.startsWith('Winnable: take')`)
		if s := eval[string](p, `document.getElementById('status').textContent`); !strings.HasSuffix(s, "(the exact hint, which peeks under the tiles).") {
			t.Errorf("%s: the exact hint's status %q", screen.name, s)
		}
	}
}
