// The "Played hands" tab of the page of "mjsolve serve": open a hand of the
// referee or of self-play (a file from this machine, sent to the server,
// or one of the server's --logs), step through it move by move with every
// hand face up or one seat's view, and see a seat's decisions reviewed.
// Plain JavaScript, no library; kept apart from app.js.
'use strict';

(() => {
  const $ = (id) => document.getElementById(id);

  const rp = {
    hand: null,    // {header, events} as the server sent it
    k: 0,          // events applied
    first: 0,      // events of the deal
    file: null,    // the uploaded file's bytes (for its review)
    log: '',       // or the name of the hand in the logs
    review: null,  // {seat, samples, byN: Map n → decision, seats, decisions}
  };

  // ---- tiles, drawn with letters: they read without CJK fonts ----

  const SUIT = {m: ['crak', 'characters'], p: ['dot', 'dots'], s: ['bam', 'bamboo']};
  const HONOR = [null, ['E', 'wind', 'East wind'], ['S', 'wind', 'South wind'], ['W', 'wind', 'West wind'],
    ['N', 'wind', 'North wind'], ['C', 'red', 'Red dragon'], ['F', 'green', 'Green dragon'], ['P', 'white', 'White dragon']];
  const FLOWER = [null, 'plum', 'orchid', 'mum', 'bamboo', 'spring', 'summer', 'autumn', 'winter'];

  // face returns the drawing of a tile in compact notation ("5p", "1z",
  // "3f"): its main letters, the word under them, a class and a name.
  function face(t) {
    const n = +t[0], s = t[1];
    if (SUIT[s]) return {main: String(n), sub: SUIT[s][0], cls: 's-' + s, name: `${n} of ${SUIT[s][1]}`};
    if (s === 'z' && HONOR[n]) return {main: HONOR[n][0], sub: HONOR[n][1], cls: n <= 4 ? 's-wind' : 's-' + HONOR[n][0], name: HONOR[n][2]};
    if (s === 'f' && FLOWER[n]) return {main: 'F' + n, sub: FLOWER[n], cls: 's-f', name: `flower ${n} (${FLOWER[n]})`};
    return {main: t, sub: '', cls: '', name: t};
  }

  function tileName(t) { return face(t).name; }

  // actionName spells out an action as the review writes it ("discard
  // 4z", "chow 46p", "pass"): "discard North wind", "chow 4 and 6 of dots".
  function actionName(a) {
    const [type, tiles] = a.split(' ');
    if (!tiles) return type;
    const names = [];
    for (const g of tiles.match(/[0-9]+[mpszf]/g) || []) {
      for (const d of g.slice(0, -1)) names.push(tileName(d + g[g.length - 1]));
    }
    return `${type} ${names.join(' and ')}`;
  }

  function tileEl(t, extra) {
    const f = face(t);
    const el = document.createElement('span');
    el.className = 'rp-tile ' + f.cls + (extra ? ' ' + extra : '');
    el.setAttribute('role', 'img');
    el.setAttribute('aria-label', f.name);
    el.title = f.name;
    const m = document.createElement('b');
    m.textContent = f.main;
    const u = document.createElement('small');
    u.textContent = f.sub;
    el.append(m, u);
    return el;
  }

  function backEl() {
    const el = document.createElement('span');
    el.className = 'rp-tile rp-back';
    el.setAttribute('aria-hidden', 'true');
    return el;
  }

  // order sorts tiles of compact notation by suit (wan, tong, tiao,
  // honors, flowers) and number, as the hands are shown.
  const SUIT_ORDER = {m: 0, p: 1, s: 2, z: 3, f: 4};
  const order = (a, b) => (SUIT_ORDER[a.tile[1]] - SUIT_ORDER[b.tile[1]]) || (a.tile[0] - b.tile[0]) || (a.tid - b.tid);

  // ---- the API ----

  async function call(path, opt) {
    const r = await fetch(path, opt);
    let data;
    try {
      data = await r.json();
    } catch (e) {
      data = {error: `${r.status} ${r.statusText}`};
    }
    if (!r.ok) throw new Error(data.error || r.statusText);
    return data;
  }

  function status(msg, kind) {
    const s = $('rp-status');
    s.textContent = msg;
    s.className = kind || '';
  }

  async function openFile() {
    const f = $('rp-file').files[0];
    if (!f) return;
    $('rp-logs').value = '';
    status(`Reading ${f.name}…`);
    try {
      const bytes = await f.arrayBuffer();
      const hand = await call('/api/tw16/hand', {method: 'POST', body: bytes});
      rp.file = bytes;
      rp.log = '';
      show(hand, f.name);
    } catch (e) {
      fail(`${f.name}: ${e.message}`);
    }
  }

  async function openLog() {
    const name = $('rp-logs').value;
    if (!name) return;
    status(`Reading ${name}…`);
    try {
      const hand = await call('/api/tw16/logs/' + encodeURIComponent(name));
      rp.file = null;
      rp.log = name;
      show(hand, name);
    } catch (e) {
      fail(`${name}: ${e.message}`);
    }
  }

  function fail(msg) {
    rp.hand = null;
    $('rp-hand').hidden = true;
    status(msg, 'bad');
  }

  async function listLogs() {
    try {
      const l = await call('/api/tw16/logs');
      const sel = $('rp-logs');
      for (const h of l.hands) {
        const o = document.createElement('option');
        o.value = o.textContent = h.name;
        sel.appendChild(o);
      }
      $('rp-logs-label').hidden = l.hands.length === 0;
    } catch (e) {
      $('rp-logs-label').hidden = true; // the server has no --logs
    }
  }

  // ---- the hand at a move ----

  // state replays the first k events: each seat's concealed tiles, melds,
  // flowers and discards, the wall left and the tile just drawn.
  function state(k) {
    const seats = [1, 2, 3, 4].map(() => ({hand: [], melds: [], flowers: [], river: [], drawn: 0, failed: false}));
    let wall = 0, lastDiscard = null;
    const take = (s, tid) => {
      const i = s.hand.findIndex((x) => x.tid === tid);
      if (i >= 0) return s.hand.splice(i, 1)[0];
      return null;
    };
    const tiles = (e) => (e.tiles || []).map((t, i) => ({tile: t, tid: e.tids[i]}));
    for (const e of rp.hand.events.slice(0, k)) {
      const s = e.seat ? seats[e.seat - 1] : null;
      if (s && e.type !== 'draw') s.drawn = 0;
      switch (e.type) {
        case 'deal': s.hand = tiles(e); break;
        case 'draw': s.hand.push({tile: e.tile, tid: e.tid}); s.drawn = e.tid; break;
        case 'flower': take(s, e.tid); s.flowers.push({tile: e.tile, tid: e.tid}); break;
        case 'discard':
          take(s, e.tid);
          lastDiscard = {tile: e.tile, tid: e.tid, claimed: false, dummy: e.by === 'dummy', n: e.n};
          s.river.push(lastDiscard);
          break;
        case 'chow': case 'pong': case 'kong':
          for (const x of tiles(e)) if (x.tid !== e.tid) take(s, x.tid);
          if (lastDiscard) lastDiscard.claimed = true;
          s.melds.push({type: e.type, tiles: tiles(e), claimed: e.tid, from: e.from});
          break;
        case 'concealed-kong':
          for (const x of tiles(e)) take(s, x.tid);
          s.melds.push({type: e.type, tiles: tiles(e), concealed: true});
          break;
        case 'added-kong': {
          take(s, e.tid);
          const m = s.melds.find((m) => m.type === 'pong' && m.tiles[0].tile === e.tile);
          if (m) { m.type = 'kong'; m.tiles.push({tile: e.tile, tid: e.tid}); }
          break;
        }
        case 'win':
          if (lastDiscard && !e.self_drawn && !e.robbed) lastDiscard.claimed = true;
          if (!e.self_drawn) s.hand.push({tile: e.tile, tid: e.tid}); // the winning tile, shown apart
          s.drawn = e.tid;
          break;
        case 'failure': s.failed = true; break;
      }
      wall = e.wall_left;
    }
    return {seats, wall};
  }

  // ---- describing moves ----

  function seatName(n) {
    const si = (rp.hand.header.seats || []).find((x) => x.seat === n);
    return si ? `seat ${n} (${si.name})` : `seat ${n}`;
  }

  function describe(e) {
    const who = e.seat ? seatName(e.seat) : '';
    const t = e.tile ? tileName(e.tile) : '';
    const meld = () => (e.tiles || []).map((x) => x).join(' ');
    let s;
    switch (e.type) {
      case 'deal': s = `${who} is dealt ${e.tiles.length} tiles`; break;
      case 'draw': s = `${who} draws ${t}` + (e.replacement ? ' (a replacement)' : ''); break;
      case 'flower': s = `${who} sets aside ${t}`; break;
      case 'discard': s = `${who} discards ${t}`; break;
      case 'chow': case 'pong': case 'kong': s = `${who} makes a ${e.type} (${meld()}) of ${t} from ${seatName(e.from)}`; break;
      case 'concealed-kong': s = `${who} declares a concealed kong (${meld()})`; break;
      case 'added-kong': s = `${who} adds ${t} to a pong`; break;
      case 'pass': s = `${who} passes on ${t}` + (e.offered ? ` (could ${e.offered.filter((x) => x !== 'pass').join(', ')})` : ''); break;
      case 'win': s = `${who} wins ` + (e.self_drawn ? 'self-drawn' : e.robbed ? `robbing the kong of ${seatName(e.from)}` : `on the discard of ${seatName(e.from)}`) +
        ` with ${t}: ${e.score.tai} tai, points ${e.points.join(' ')}`; break;
      case 'exhausted': s = 'the wall is exhausted: a drawn hand'; break;
      case 'failure': s = `${who}'s program fails: ${e.why}; the dummy plays on`; break;
      case 'end': s = `the end: points ${e.points.join(' ')}`; break;
      default: s = `${who} ${e.type}`;
    }
    if (e.by === 'dummy') s += ' (the dummy)';
    return s;
  }

  // verdict words the review of the decision event e, '' when it has none.
  function verdict(e) {
    const d = rp.review && rp.review.byN.get(e.n);
    if (!d) return '';
    if (d.agree) return 'the engine agrees';
    return `the engine: ${actionName(d.best)}; cost ${d.cost.toFixed(0)}`;
  }

  // ---- drawing ----

  function row(cls, label) {
    const d = document.createElement('div');
    d.className = 'rp-row ' + cls;
    if (label) {
      const l = document.createElement('span');
      l.className = 'rp-label';
      l.textContent = label;
      d.appendChild(l);
    }
    return d;
  }

  function draw() {
    const h = rp.hand;
    const k = rp.k;
    const {seats, wall} = state(k);
    const view = +$('rp-view').value;
    const next = h.events[k];
    const nextD = next && next.on && rp.review ? rp.review.byN.get(next.n) : null;
    const table = $('rp-table');
    table.replaceChildren();
    const end = h.events[h.events.length - 1];
    for (let i = 0; i < 4; i++) {
      const n = i + 1, s = seats[i];
      const si = (h.header.seats || []).find((x) => x.seat === n) || {};
      const box = document.createElement('section');
      box.className = 'rp-seat' + (next && next.seat === n ? ' rp-to-act' : '') + (rp.review && rp.review.seat === n ? ' rp-reviewed' : '');
      box.setAttribute('aria-label', `Seat ${n}`);
      const head = document.createElement('h3');
      head.textContent = `Seat ${n} · ${si.wind || ''} · ${si.name || '?'}` + (si.player ? ` (player ${si.player})` : '') +
        (h.header.dealer === n ? ' · dealer' : '') + (s.failed ? ' · failed' : '') + (k === h.events.length ? ` · ${end.points[i]} points` : '');
      box.appendChild(head);
      const hidden = view !== 0 && view !== n;
      const hr = row('rp-hand-row', 'hand');
      const held = s.hand.slice().sort(order);
      const drawn = held.findIndex((x) => x.tid === s.drawn);
      let drawnTile = null;
      if (drawn >= 0) drawnTile = held.splice(drawn, 1)[0];
      // The decision next: the tile discarded, and the engine's choice
      // when it differs.
      let engine = '';
      if (nextD && next.seat === n && !nextD.agree && nextD.best.startsWith('discard ')) engine = nextD.best.slice(8);
      const mark = (x) => {
        if (nextD && next.seat === n && next.tid === x.tid) return ' rp-chosen';
        if (engine && x.tile === engine) {
          engine = '';
          return ' rp-engine';
        }
        return '';
      };
      for (const x of held) hr.appendChild(hidden ? backEl() : tileEl(x.tile, mark(x)));
      if (drawnTile) {
        const gap = document.createElement('span');
        gap.className = 'rp-gap';
        hr.appendChild(gap);
        hr.appendChild(hidden ? backEl() : tileEl(drawnTile.tile, 'rp-drawn' + mark(drawnTile)));
      }
      box.appendChild(hr);
      if (s.melds.length || s.flowers.length) {
        const mr = row('rp-melds', 'melds');
        for (const m of s.melds) {
          const g = document.createElement('span');
          g.className = 'rp-meld';
          g.title = m.type + (m.from ? ` from seat ${m.from}` : '');
          for (const x of m.tiles) g.appendChild(m.concealed && hidden ? backEl() : tileEl(x.tile, x.tid === m.claimed ? 'rp-claimed' : ''));
          mr.appendChild(g);
        }
        if (s.flowers.length) {
          const g = document.createElement('span');
          g.className = 'rp-meld';
          for (const x of s.flowers) g.appendChild(tileEl(x.tile));
          mr.appendChild(g);
        }
        box.appendChild(mr);
      }
      const rv = row('rp-river', 'discards');
      s.river.forEach((x, j) => {
        const last = k > 0 && h.events[k - 1].type === 'discard' && j === s.river.length - 1 && h.events[k - 1].seat === n;
        rv.appendChild(tileEl(x.tile, (x.claimed ? 'rp-taken' : '') + (last ? ' rp-last' : '')));
      });
      if (s.river.length === 0) rv.appendChild(document.createTextNode('—'));
      box.appendChild(rv);
      table.appendChild(box);
    }
    const wallBox = document.createElement('p');
    wallBox.className = 'rp-wall';
    wallBox.textContent = `${wall} tiles left in the wall`;
    table.appendChild(wallBox);

    const last = k > 0 ? h.events[k - 1] : null;
    $('rp-last').textContent = last ? `Move ${last.n}: ${describe(last)}` + (verdict(last) ? ` — ${verdict(last)}` : '') : 'The start.';
    $('rp-next-move').textContent = next ? `Next, move ${next.n}: ${describe(next)}` + (verdict(next) ? ` — ${verdict(next)}` : '') : 'The hand is over.';
    $('rp-slider').value = k;
    $('rp-step').textContent = `move ${k} of ${h.events.length}`;
    $('rp-start').disabled = $('rp-back').disabled = k <= rp.first;
    $('rp-next').disabled = $('rp-end').disabled = k >= h.events.length;
    drawResult(k === h.events.length);
    for (const li of $('rp-moves').children) {
      const on = +li.dataset.n === k;
      li.classList.toggle('rp-current', on);
      if (on) li.setAttribute('aria-current', 'step'); else li.removeAttribute('aria-current');
    }
    // Keep the current move in sight in the list, without scrolling the
    // page.
    const list = $('rp-moves'), cur = list.querySelector('.rp-current');
    if (cur) {
      const top = cur.offsetTop - list.offsetTop, bottom = top + cur.offsetHeight;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
    }
  }

  // drawResult shows the win's itemised tai at the end of the hand.
  function drawResult(atEnd) {
    const out = $('rp-result');
    out.replaceChildren();
    if (!atEnd) return;
    const win = rp.hand.events.find((e) => e.type === 'win');
    const p = document.createElement('p');
    p.className = 'rp-title';
    if (!win) {
      p.textContent = 'A drawn hand: nobody pays.';
      out.appendChild(p);
      return;
    }
    p.textContent = describe(win) + '.';
    out.appendChild(p);
    const total = document.createElement('p');
    total.textContent = `${win.score.tai} tai: ${seatName(win.seat)} collects ${win.score.value} points in all.`;
    out.appendChild(total);
    const t = document.createElement('table');
    const head = t.createTHead().insertRow();
    for (const x of ['Item', 'Count', 'Tai']) {
      const th = document.createElement('th');
      th.textContent = x;
      head.appendChild(th);
    }
    const body = t.createTBody();
    for (const it of win.score.items) {
      const tr = body.insertRow();
      const c = tr.insertCell();
      c.textContent = it.english;
      c.title = `${it.name} (${it.id})`;
      tr.insertCell().textContent = it.count;
      tr.insertCell().textContent = it.tai;
    }
    if (win.score.items.length === 0) {
      const tr = body.insertRow();
      tr.insertCell().textContent = 'no item';
      tr.insertCell().textContent = '';
      tr.insertCell().textContent = '0';
    }
    out.appendChild(t);
  }

  // moves lists every event, each one click (or Enter) away.
  function moves() {
    const ol = $('rp-moves');
    ol.replaceChildren();
    for (const e of rp.hand.events) {
      const li = document.createElement('li');
      li.dataset.n = e.n;
      const b = document.createElement('button');
      b.type = 'button';
      b.className = 'rp-move';
      b.textContent = describe(e);
      b.addEventListener('click', () => go(e.n));
      li.appendChild(b);
      const v = verdict(e);
      if (v) {
        const d = rp.review.byN.get(e.n);
        const span = document.createElement('span');
        span.className = 'rp-verdict ' + (d.agree ? 'rp-agree' : 'rp-cost');
        span.textContent = v;
        li.appendChild(span);
      }
      ol.appendChild(li);
    }
  }

  function go(k) {
    if (!rp.hand) return;
    rp.k = Math.max(rp.first, Math.min(rp.hand.events.length, k));
    draw();
    // A button disabled under the focus (Next at the end) hands it to the
    // hand, where the arrow keys go on working.
    if (document.activeElement && document.activeElement.disabled) $('rp-hand').focus();
  }

  function show(hand, name) {
    rp.hand = hand;
    rp.review = null;
    rp.first = hand.events.filter((e) => e.type === 'deal').length;
    rp.k = rp.first;
    const hd = hand.header;
    $('rp-title').textContent = `${name}: hand ${hd.hand} (${hd.source}), ${hd.round} round, seat ${hd.dealer} deals; ` +
      `${hand.events[hand.events.length - 1].result}`;
    const sl = $('rp-slider');
    sl.min = rp.first;
    sl.max = hand.events.length;
    $('rp-seat').value = '0';
    $('rp-review').replaceChildren();
    $('rp-hand').hidden = false;
    moves();
    draw();
    status(`${name}: ${hand.events.length} moves. Step with the buttons, the slider or the arrow keys.`, 'good');
  }

  // ---- the review ----

  async function reviewSeat() {
    const seat = +$('rp-seat').value;
    const out = $('rp-review');
    out.replaceChildren();
    rp.review = null;
    if (!seat || !rp.hand) {
      moves();
      draw();
      return;
    }
    const p = document.createElement('p');
    p.textContent = `Reviewing seat ${seat}'s decisions…`;
    out.appendChild(p);
    try {
      const q = `?seat=${seat}`;
      const r = rp.log ? await call('/api/tw16/logs/' + encodeURIComponent(rp.log) + '/review' + q)
        : await call('/api/tw16/hand/review' + q, {method: 'POST', body: rp.file});
      if (+$('rp-seat').value !== seat) return; // another seat was chosen meanwhile
      rp.review = {seat, samples: r.samples, byN: new Map(r.decisions.map((d) => [d.n, d])), seats: r.seats, decisions: r.decisions};
      drawReview();
      moves();
      draw();
    } catch (e) {
      p.textContent = `Review: ${e.message}`;
      p.className = 'bad';
    }
  }

  function drawReview() {
    const out = $('rp-review');
    out.replaceChildren();
    const r = rp.review;
    const s = r.seats[0] || {decisions: 0, agreed: 0, cost: 0, dummy: 0};
    const p = document.createElement('p');
    p.className = 'rp-title';
    p.textContent = `Seat ${r.seat} (${s.name}): ${s.decisions} decisions reviewed at ${r.samples} samples, ` +
      `the engine agrees with ${s.agreed}; estimated cost ${s.cost.toFixed(0)} points` + (s.failed ? `; the program failed, the dummy made ${s.dummy} moves` : '') + '.';
    out.appendChild(p);
    const worst = r.decisions.filter((d) => !d.agree && d.cost > 0).sort((a, b) => b.cost - a.cost || a.n - b.n).slice(0, 5);
    if (worst.length === 0) return;
    const h = document.createElement('h3');
    h.textContent = 'Worst decisions';
    out.appendChild(h);
    const ul = document.createElement('ul');
    ul.className = 'rp-worst';
    for (const d of worst) {
      const li = document.createElement('li');
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = `Move ${d.n}: cost ${d.cost.toFixed(0)} — ${actionName(d.chosen)}; the engine: ${actionName(d.best)}`;
      b.title = d.position;
      b.addEventListener('click', () => { go(d.n - 1); $('rp-hand').focus(); });
      li.appendChild(b);
      ul.appendChild(li);
    }
    out.appendChild(ul);
  }

  // ---- keys ----

  function keys(ev) {
    if (!rp.hand || ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const tag = ev.target.tagName;
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return; // the slider has its own keys
    let k = -1;
    switch (ev.key) {
      case 'ArrowRight': k = rp.k + 1; break;
      case 'ArrowLeft': k = rp.k - 1; break;
      case 'Home': k = rp.first; break;
      case 'End': k = rp.hand.events.length; break;
      case 'PageDown': k = rp.k + 10; break;
      case 'PageUp': k = rp.k - 10; break;
      default: return;
    }
    ev.preventDefault();
    go(k);
  }

  function start() {
    $('rp-file').addEventListener('change', openFile);
    $('rp-logs').addEventListener('change', openLog);
    $('rp-start').addEventListener('click', () => go(rp.first));
    $('rp-back').addEventListener('click', () => go(rp.k - 1));
    $('rp-next').addEventListener('click', () => go(rp.k + 1));
    $('rp-end').addEventListener('click', () => go(rp.hand.events.length));
    $('rp-slider').addEventListener('input', () => go(+$('rp-slider').value));
    $('rp-view').addEventListener('change', () => rp.hand && draw());
    $('rp-seat').addEventListener('change', reviewSeat);
    $('rp-hand').addEventListener('keydown', keys);
    listLogs();
  }

  start();
})();
