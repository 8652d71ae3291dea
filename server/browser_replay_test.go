package server

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/mjsolve/mjsolve/tw16/bot"
	"github.com/mjsolve/mjsolve/tw16/handlog"
)

// selfPlayLogs plays hands in-process between advice and random players
// and returns the directory of their event forms.
func selfPlayLogs(t testing.TB, hands int) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "logs")
	_, err := bot.SelfPlay(context.Background(), bot.SelfPlayOptions{
		Strategies: [4]string{"advice", "random", "advice", "random"}, Hands: hands, Seed: 2, LogDir: dir,
		Options: bot.Options{Tables: testTables()},
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// wonHand returns the number (from 1) of a hand of dir that a seat won.
func wonHand(t *testing.T, dir string, hands int) int {
	t.Helper()
	for n := 1; n <= hands; n++ {
		f, err := os.Open(filepath.Join(dir, bot.LogName(n)))
		if err != nil {
			t.Fatal(err)
		}
		h, err := handlog.Read(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range h.Events {
			if e.Type == handlog.EventWin && len(e.Score.Items) > 0 {
				return n
			}
		}
	}
	t.Fatal("no hand won with an item")
	return 0
}

// TestBrowserReplay opens played hands in the page's third tab in a real
// browser: a hand uploaded from a file, stepped with the keyboard alone to
// its win (the itemised tai shown), a seat's decisions reviewed and the
// worst one a key away, the other seats' hands hidden in one seat's view,
// a hand of the server's logs, and a damaged file shown as an error; on a
// desktop screen and a phone, nothing wider than the screen.
func TestBrowserReplay(t *testing.T) {
	exe := chromium(t)
	const hands = 8
	logs := selfPlayLogs(t, hands)
	won := wonHand(t, logs, hands)
	_, ts := newTestServer(t, Config{Workers: 2, Logs: logs, ReviewSamples: 32})
	dir := *screenshots
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	upload := filepath.Join(t.TempDir(), "upload")
	if err := os.MkdirAll(upload, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(upload, bot.LogName(won))
	data, err := os.ReadFile(filepath.Join(logs, bot.LogName(won)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, data, 0o644); err != nil {
		t.Fatal(err)
	}
	damaged := filepath.Join(upload, "damaged.jsonl.zst")
	if err := os.WriteFile(damaged, data[:len(data)/2], 0o644); err != nil {
		t.Fatal(err)
	}

	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", true),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
	)
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(alloc)
	defer cancel()
	ctx, cancelTime := context.WithTimeout(ctx, 3*time.Minute)
	defer cancelTime()
	p := &page{t: t, ctx: ctx, dir: dir}
	text := func(id string) string {
		return eval[string](p, fmt.Sprintf(`document.getElementById(%q).textContent`, id))
	}

	// The tab, reached with the arrow keys from the tab list.
	p.do(chromedp.EmulateViewport(1280, 800), chromedp.Navigate(ts.URL+"/"))
	p.wait(`document.body.dataset.loaded === 'true'`)
	p.do(chromedp.Focus(chromedp.CSS("#tab-board")), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	p.wait(`!document.getElementById('panel-replay').hidden && document.getElementById('panel-board').hidden`)
	// The logs are listed.
	p.wait(`!document.getElementById('rp-logs-label').hidden && document.getElementById('rp-logs').options.length === 9`)

	// A hand chosen from this machine's disk.
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#rp-file"), []string{file}))
	p.wait(`!document.getElementById('rp-hand').hidden`)
	if s := text("rp-title"); !strings.Contains(s, fmt.Sprintf("hand %d (selfplay)", won)) || !strings.Contains(s, " wins ") {
		t.Errorf("title %q", s)
	}
	events := eval[int](p, `document.querySelectorAll('#rp-moves li').length`)
	if n := eval[int](p, `document.querySelectorAll('#rp-table .rp-seat').length`); n != 4 {
		t.Fatalf("%d seats drawn", n)
	}
	if n := eval[int](p, `document.querySelectorAll('#rp-table .rp-hand-row .rp-tile').length`); n != 65 {
		t.Errorf("%d tiles in the hands after the deal, want 65", n)
	}
	if s := text("rp-table"); !strings.Contains(s, "dot") || !strings.Contains(s, "71 tiles left in the wall") && !strings.Contains(s, "tiles left in the wall") {
		t.Errorf("the table reads %.200q", s)
	}
	p.shot("r1-opened")

	// The keyboard alone: the arrow keys step the hand, End goes to its
	// end, where the win's items are listed.
	p.do(chromedp.Focus(chromedp.CSS("#rp-hand")), chromedp.KeyEvent(kb.ArrowRight), chromedp.KeyEvent(kb.ArrowRight))
	p.wait(`document.getElementById('rp-slider').value === '6'`)
	p.do(chromedp.KeyEvent(kb.ArrowLeft))
	p.wait(`document.getElementById('rp-slider').value === '5'`)
	for i := 0; i < events && !strings.Contains(text("rp-last"), " wins "); i++ {
		p.do(chromedp.KeyEvent(kb.ArrowRight))
	}
	if s := text("rp-last"); !strings.Contains(s, " wins ") || !strings.Contains(s, "tai") {
		t.Fatalf("stepping to the win: %q", s)
	}
	p.do(chromedp.KeyEvent(kb.End))
	p.wait(`document.querySelectorAll('#rp-result tbody tr').length > 0`)
	if s := text("rp-result"); !strings.Contains(s, " tai: ") || !strings.Contains(s, " points in all.") {
		t.Errorf("the result %q", s)
	}
	p.shot("r2-won")

	// One seat's view: the other hands face down.
	p.do(chromedp.Focus(chromedp.CSS("#rp-view")), chromedp.KeyEvent(kb.ArrowDown))
	p.wait(`document.getElementById('rp-view').value === '1'`)
	if n := eval[int](p, `document.querySelectorAll('#rp-table .rp-seat:first-child .rp-hand-row .rp-back').length`); n != 0 {
		t.Errorf("seat 1 sees %d of its own tiles face down", n)
	}
	if n := eval[int](p, `document.querySelectorAll('#rp-table .rp-seat:nth-child(2) .rp-hand-row .rp-back').length`); n == 0 {
		t.Error("seat 1 sees seat 2's hand")
	}
	p.do(chromedp.KeyEvent(kb.ArrowUp))
	p.wait(`document.getElementById('rp-view').value === '0'`)

	// A seat reviewed (seat 2 plays random: it makes mistakes); the
	// verdicts sit beside the moves and the worst is one key away.
	p.do(chromedp.Focus(chromedp.CSS("#rp-seat")), chromedp.KeyEvent(kb.ArrowDown), chromedp.KeyEvent(kb.ArrowDown))
	p.wait(`document.querySelectorAll('#rp-moves .rp-verdict').length > 0`)
	if s := text("rp-review"); !strings.Contains(s, "Seat 2 (random): ") || !strings.Contains(s, "decisions reviewed at 32 samples") {
		t.Errorf("review %q", s)
	}
	verdicts := eval[int](p, `document.querySelectorAll('#rp-moves .rp-verdict').length`)
	decisions := eval[int](p, `document.querySelectorAll('#rp-moves li').length`)
	if verdicts < 3 || decisions != events {
		t.Errorf("%d verdicts among %d moves", verdicts, decisions)
	}
	worst := eval[int](p, `document.querySelectorAll('.rp-worst button').length`)
	if worst == 0 {
		t.Fatal("no worst decision listed")
	}
	n := eval[int](p, `+document.querySelector('.rp-worst button').textContent.match(/^Move (\d+)/)[1]`)
	// Focused and clicked from the page's own script: the list is drawn
	// afresh when the review answers, and a node chromedp found a moment
	// before can be gone by the time it acts ("Could not find node with
	// given id").
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('.rp-worst button').focus()`), chromedp.KeyEvent(kb.Enter))
	p.wait(fmt.Sprintf(`document.getElementById('rp-slider').value === '%d'`, n-1))
	if s := text("rp-next-move"); !strings.HasPrefix(s, fmt.Sprintf("Next, move %d: seat 2 (random) ", n)) || !strings.Contains(s, "the engine: ") || !strings.Contains(s, "; cost ") {
		t.Errorf("at the worst decision: %q", s)
	}
	if eval[bool](p, `document.activeElement.id !== 'rp-hand'`) {
		t.Error("the focus is not on the hand after the jump")
	}
	if n := eval[int](p, `document.querySelectorAll('#rp-table .rp-chosen').length + document.querySelectorAll('#rp-table .rp-engine').length`); n != 2 {
		t.Errorf("%d tiles marked in the hand: want the tile discarded and the engine's", n)
	}
	p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.getElementById('rp-title').offsetTop - 8)`))
	p.shot("r3-worst")
	p.do(chromedp.KeyEvent(kb.ArrowRight))
	p.wait(fmt.Sprintf(`document.getElementById('rp-slider').value === '%d'`, n))
	if w := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
		t.Errorf("the page is %dpx wider than 1280", w)
	}
	p.shot("r3-review")

	// A hand of the logs, by name.
	p.do(chromedp.SetValue(chromedp.CSS("#rp-logs"), bot.LogName(1)),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('rp-logs').dispatchEvent(new Event('change'))`))
	p.wait(`document.getElementById('rp-title').textContent.startsWith('hand-0001.jsonl.zst: hand 1 (selfplay)')`)

	// A damaged file: a message on the page.
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#rp-file"), []string{damaged}))
	p.wait(`document.getElementById('rp-status').className === 'bad'`)
	if s := text("rp-status"); !strings.HasPrefix(s, "damaged.jsonl.zst: file: ") || !strings.Contains(s, "cut short or damaged") {
		t.Errorf("a damaged file: %q", s)
	}
	if !eval[bool](p, `document.getElementById('rp-hand').hidden`) {
		t.Error("the hand stays shown after a damaged file")
	}

	// A phone.
	p.do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile, chromedp.EmulatePortrait, chromedp.EmulateTouch),
		chromedp.Navigate(ts.URL+"/"))
	p.wait(`document.body.dataset.loaded === 'true'`)
	p.do(chromedp.Click(chromedp.CSS("#tab-replay")))
	p.wait(`!document.getElementById('rp-logs-label').hidden`)
	p.do(chromedp.SetUploadFiles(chromedp.CSS("#rp-file"), []string{file}))
	p.wait(`!document.getElementById('rp-hand').hidden`)
	p.do(chromedp.Click(chromedp.CSS("#rp-next")), chromedp.Click(chromedp.CSS("#rp-next")))
	p.wait(`document.getElementById('rp-slider').value === '6'`)
	if w := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
		t.Errorf("on a phone the page is %dpx wider than the screen", w)
	}
	p.shot("r4-phone")
	p.do(chromedp.SetValue(chromedp.CSS("#rp-seat"), "2"),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('rp-seat').dispatchEvent(new Event('change'))`))
	p.wait(`document.querySelectorAll('.rp-worst button').length > 0`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.querySelector('.rp-worst button').click()`))
	p.wait(`document.getElementById('rp-next-move').textContent.includes('; cost ')`)
	p.do(chromedp.Evaluate[chromedp.Void](`window.scrollTo(0, document.getElementById('rp-next-move').offsetTop - 8)`))
	if w := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
		t.Errorf("on a phone with a review the page is %dpx wider than the screen", w)
	}
	p.shot("r4-phone-review")
	p.do(chromedp.Click(chromedp.CSS("#rp-end")))
	p.wait(`document.querySelectorAll('#rp-result tbody tr').length > 0`)
	p.do(chromedp.Evaluate[chromedp.Void](`document.getElementById('rp-result').scrollIntoView()`))
	if w := eval[int](p, `document.documentElement.scrollWidth - window.innerWidth`); w > 0 {
		t.Errorf("on a phone at the end the page is %dpx wider than the screen", w)
	}
	p.shot("r5-phone-end")
}
