package server

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mjsolve/mjsolve/solitaire"
)

var screenshots = flag.String("screenshots", "", "write the browser test's screenshots to `DIR`")

// requireBrowser makes the browser test fail instead of skipping when
// Chromium is missing (CI sets it).
const requireBrowser = "MJSOLVE_REQUIRE_BROWSER"

// chromium finds Debian's chromium, or skips the test.
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "chromium is not installed (apt-get install chromium): the page is not tested in a browser"
	if os.Getenv(requireBrowser) != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// page drives one tab of a headless Chromium.
type page struct {
	t   *testing.T
	ctx context.Context
	dir string
}

func (p *page) do(steps ...chromedp.Action[chromedp.Void]) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, steps...); err != nil {
		p.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression.
func eval[T any](p *page, expr string) T {
	p.t.Helper()
	v, err := chromedp.Run(p.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// wait waits until a JavaScript expression is true.
func (p *page) wait(expr string) {
	p.t.Helper()
	if _, err := chromedp.Run(p.ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(20*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		status := eval[string](p, `document.getElementById('status').textContent`)
		p.t.Fatalf("waiting for %s: %v (status %q)", expr, err, status)
	}
}

// shot takes a screenshot of the viewport into the -screenshots directory.
func (p *page) shot(name string) {
	p.t.Helper()
	png, err := chromedp.Run(p.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		p.t.Fatal(err)
	}
	if len(png) < 1000 {
		p.t.Fatalf("screenshot %s: %d bytes", name, len(png))
	}
	if err := os.WriteFile(filepath.Join(p.dir, name+".png"), png, 0o644); err != nil {
		p.t.Fatal(err)
	}
}

func (p *page) counts() string {
	return eval[string](p, `document.getElementById('counts').textContent`)
}

// newPage starts a headless Chromium for t (stopped when t ends) and
// returns its tab.
func newPage(t *testing.T) *page {
	exe := chromium(t)
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
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	t.Cleanup(cancelAlloc)
	ctx, cancel := chromedp.NewContext(alloc)
	t.Cleanup(cancel)
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(cancelTime)
	return &page{t: t, ctx: ctx, dir: dir}
}

// TestBrowser plays turtle game 3 in a real browser: dealt with the form, a
// hinted move played by clicking, another by keyboard alone, the solution
// animated and moved to its end; then a hand analysed, a board file pasted,
// a lost position hinted, and the page on a phone-sized screen, opened from
// the address.
func TestBrowser(t *testing.T) {
	_, ts := newTestServer(t, Config{Workers: 2, CacheBytes: 4 << 20})
	p := newPage(t)

	// The page deals game 1 of the turtle; the form deals game 3.
	p.do(chromedp.EmulateViewport(1280, 800), chromedp.Navigate(ts.URL+"/"))

	p.wait(`document.body.dataset.loaded === 'true' && document.getElementById('status').textContent.includes('game 1 ')`)
	p.do(chromedp.SetValue(chromedp.CSS("#game"), "3"), chromedp.Click(chromedp.CSS("#deal-button")))
	p.wait(`document.getElementById('status').textContent.includes('game 3 ')`)
	if u := eval[string](p, `location.search`); u != "?layout=turtle&game=3&deal=pcg&seed=1" {
		t.Errorf("the address after dealing is %q", u)
	}
	if n := eval[int](p, `document.querySelectorAll('#board .tile').length`); n != 144 {
		t.Fatalf("%d tiles drawn, want 144", n)
	}
	if n := eval[int](p, `document.querySelectorAll('#board .tile.free').length`); n != 35 {
		t.Errorf("%d free tiles, want 35", n)
	}
	if c := p.counts(); !strings.HasPrefix(c, "144 tiles left, 35 free") {
		t.Errorf("counts %q", c)
	}
	b := dealt(t, "turtle", 3)
	for _, i := range []int{0, 66, 143} {
		if f := eval[string](p, fmt.Sprintf(`document.querySelector('.tile[data-slot="%d"]').dataset.face`, i)); f != b.Groups[i].String() {
			t.Errorf("slot %d shows %q, want %s", i, f, b.Groups[i])
		}
	}
	if w := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
		t.Errorf("the page is %dpx wider than 1280", w)
	}
	p.shot("1-deal")

	// Hint, then play the hinted pair by clicking.
	p.do(chromedp.Click(chromedp.CSS("#hint")))
	p.wait(`document.querySelectorAll('.tile.hinted').length === 2`)
	hinted := eval[[]int](p, `[...document.querySelectorAll('.tile.hinted')].map(g => +g.dataset.slot).sort((a, b) => a - b)`)
	if len(hinted) != 2 || hinted[0] != 42 || hinted[1] != 143 {
		t.Errorf("hinted %v, want [42 143] (the command's hint for turtle game 3)", hinted)
	}
	if s := eval[string](p, `document.getElementById('status').textContent`); !strings.HasPrefix(s, "Winnable: take") {
		t.Errorf("status %q", s)
	}
	p.shot("2-hint")
	for _, i := range hinted {
		p.do(chromedp.Click(chromedp.CSS(fmt.Sprintf(`.tile[data-slot="%d"]`, i))))
	}
	p.wait(`document.getElementById('counts').textContent.startsWith('142 tiles left')`)
	if n := eval[int](p, `document.querySelectorAll('.tile.gone').length`); n != 2 {
		t.Errorf("%d tiles gone, want 2", n)
	}
	b.Play(solitaire.Move{A: uint8(hinted[0]), B: uint8(hinted[1])})

	// The keyboard alone: Enter on the Hint button, Space on the first
	// hinted tile (which takes the focus), Tab to the second, Enter.
	p.do(chromedp.Focus(chromedp.CSS("#hint")), chromedp.KeyEvent(kb.Enter))
	p.wait(`document.querySelectorAll('.tile.hinted').length === 2`)
	hinted = eval[[]int](p, `[...document.querySelectorAll('.tile.hinted')].map(g => +g.dataset.slot)`)
	first := eval[int](p, `+document.activeElement.dataset.slot`)
	second := hinted[0]
	if second == first {
		second = hinted[1]
	}
	if first != hinted[0] && first != hinted[1] {
		t.Fatalf("the focus is on slot %d, not on a hinted tile %v", first, hinted)
	}
	if err := b.CheckMove(solitaire.Move{A: uint8(min(first, second)), B: uint8(max(first, second))}); err != nil {
		t.Fatalf("hint %v: %v", hinted, err)
	}
	p.do(chromedp.KeyEvent(" "))
	p.wait(fmt.Sprintf(`document.querySelector('.tile[data-slot="%d"]').classList.contains('selected')`, first))
	reached := false
	for range 200 {
		p.do(chromedp.KeyEvent(kb.Tab))
		if eval[string](p, `document.activeElement.dataset.slot || ''`) == fmt.Sprint(second) {
			reached = true
			break
		}
	}
	if !reached {
		t.Fatalf("Tab never reached slot %d", second)
	}
	p.do(chromedp.KeyEvent(kb.Enter))
	p.wait(`document.getElementById('counts').textContent.startsWith('140 tiles left')`)
	if eval[bool](p, `document.activeElement.closest('#board') === null`) {
		t.Error("the focus left the board after a move by keyboard")
	}
	p.shot("3-keyboard")

	// Solve: the solution plays move by move; the slider goes to its end
	// with the End key.
	p.do(chromedp.Click(chromedp.CSS("#solve")))
	p.wait(`!document.getElementById('player').hidden && +document.getElementById('slider').value >= 2`)
	if max := eval[int](p, `+document.getElementById('slider').max`); max != 70 {
		t.Errorf("the solution has %d moves, want 70", max)
	}
	p.shot("4-solving")
	p.do(chromedp.Focus(chromedp.CSS("#slider")), chromedp.KeyEvent(kb.End))
	p.wait(`document.getElementById('counts').textContent.startsWith('0 tiles left')`)
	if s := eval[string](p, `document.getElementById('status').textContent`); !strings.HasPrefix(s, "Solved") {
		t.Errorf("status at the end %q", s)
	}
	if n := eval[int](p, `document.querySelectorAll('.tile:not(.gone)').length`); n != 0 {
		t.Errorf("%d tiles still drawn", n)
	}
	// Undo steps back from the end.
	p.do(chromedp.Click(chromedp.CSS("#undo")))
	p.wait(`document.getElementById('counts').textContent.startsWith('2 tiles left')`)

	// The hand tab, reached with the arrow key from the tab list.
	p.do(chromedp.Focus(chromedp.CSS("#tab-board")), chromedp.KeyEvent(kb.ArrowRight))
	p.wait(`!document.getElementById('panel-hand').hidden && document.getElementById('panel-board').hidden`)
	p.do(
		chromedp.SetValue(chromedp.CSS("#hand"), "123456789p111s23m55z"),
		chromedp.SetValue(chromedp.CSS("#win"), "1m"),
		chromedp.Click(chromedp.CSS("#analyse")),
	)
	p.wait(`document.querySelectorAll('#hand-result table').length === 3`)
	if s := eval[string](p, `document.querySelector('#hand-result .shanten').textContent`); !strings.Contains(s, "shanten 0: tenpai") {
		t.Errorf("shanten line %q", s)
	}
	waits := eval[[]string](p, `[...document.querySelectorAll('#hand-result table:first-of-type tbody tr td:first-child')].map(td => td.textContent)`)
	if len(waits) != 2 || !strings.HasPrefix(waits[0], "1m") || !strings.HasPrefix(waits[1], "4m") {
		t.Errorf("waits %q", waits)
	}
	if s := eval[string](p, `document.querySelectorAll('#hand-result caption')[2].textContent`); !strings.HasPrefix(s, "Score: ") {
		t.Errorf("score caption %q", s)
	}
	p.shot("5-hand")
	// A 17-tile hand gets the discards.
	p.do(chromedp.SetValue(chromedp.CSS("#hand"), "123456789p111s1357m7z"), chromedp.Evaluate[chromedp.Void](`document.getElementById('win').value = ''`), chromedp.Click(chromedp.CSS("#analyse")))
	p.wait(`(document.querySelector('#hand-result caption') || {}).textContent === 'Discards, best first'`)
	if d := eval[string](p, `document.querySelector('#hand-result tbody td').textContent`); !strings.HasPrefix(d, "7z") {
		t.Errorf("best discard %q", d)
	}
	// Bad input is shown, not thrown.
	p.do(chromedp.SetValue(chromedp.CSS("#hand"), "9x"), chromedp.Click(chromedp.CSS("#analyse")))
	p.wait(`document.getElementById('hand-status').textContent.startsWith('hand: ')`)

	// Back on the first tab, a pasted board file of a game in progress.
	small := dealt(t, "tiny8", 3)
	small.Play(small.Matches(nil)[0])
	var file bytes.Buffer
	if _, err := small.WriteTo(&file); err != nil {
		t.Fatal(err)
	}
	p.do(chromedp.Click(chromedp.CSS("#tab-board")), chromedp.Click(chromedp.CSS("#paste summary")),
		chromedp.SetValue(chromedp.CSS("#board-file"), file.String()), chromedp.Click(chromedp.CSS("#load-file")))
	p.wait(`document.getElementById('counts').textContent.startsWith('6 tiles left')`)
	if n := eval[int](p, `document.querySelectorAll('#board .tile').length`); n != 8 {
		t.Errorf("the pasted tiny8 board has %d tiles drawn", n)
	}
	p.do(chromedp.SetValue(chromedp.CSS("#board-file"), "mjsolve board 1\nlayout /etc/passwd\n"), chromedp.Click(chromedp.CSS("#load-file")))
	p.wait(`document.getElementById('status').textContent.startsWith('Board file: file:2: layout: no layout')`)

	// A lost position: the hint says so, with the tiles that must remain
	// (stairs20 game 1 is impossible; at best 4 tiles remain).
	p.do(chromedp.Navigate(ts.URL + "/?layout=stairs20&game=1"))
	p.wait(`document.body.dataset.loaded === 'true'`)
	p.do(chromedp.Click(chromedp.CSS("#hint")))
	p.wait(`document.getElementById('status').textContent === 'Lost: no order of play clears these 20 tiles; at best 4 must remain.'`)

	// An address with a dealer the page does not offer: the server's
	// error is shown, not another deal.
	p.do(chromedp.Navigate(ts.URL + "/?layout=tiny8&game=2&deal=bogus"))
	p.wait(`document.getElementById('status').textContent.startsWith('Deal failed: deal: unknown dealer "bogus"')`)
	// And a layout the server does not have.
	p.do(chromedp.Navigate(ts.URL + "/?layout=nosuch&game=2"))
	p.wait(`document.getElementById('status').textContent.startsWith('Deal failed: layout: no layout "nosuch"')`)

	// A phone: the board fits the width and nothing scrolls sideways; the
	// address opens the deal directly.
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait, chromedp.EmulateTouch),
		chromedp.Navigate(ts.URL+"/?layout=turtle&game=3"))
	p.wait(`document.body.dataset.loaded === 'true'`)
	if w := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
		t.Errorf("on a phone the page is %dpx wider than the screen", w)
	}
	if w := eval[float64](p, `document.getElementById('board').getBoundingClientRect().width`); w > 390 || w < 300 {
		t.Errorf("on a phone the board is %.0fpx wide", w)
	}
	p.do(chromedp.Click(chromedp.CSS("#hint")))
	p.wait(`document.querySelectorAll('.tile.hinted').length === 2`)
	p.shot("6-phone")
	p.do(chromedp.Click(chromedp.CSS("#tab-hand")), chromedp.SetValue(chromedp.CSS("#hand"), "13m568p2479s1257z"),
		chromedp.Click(chromedp.CSS("#claims")), chromedp.Click(chromedp.CSS("#analyse")))
	p.wait(`document.querySelectorAll('#hand-result table').length === 1`)
	if w := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
		t.Errorf("on a phone the hand tab is %dpx wider than the screen", w)
	}
	p.shot("7-phone-hand")
}
