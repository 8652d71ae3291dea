// The page of "mjsolve serve": deal or paste a board, play it, ask for hints,
// watch a solution; analyse a Taiwanese hand. Plain JavaScript, no library.
'use strict';

const $ = (id) => document.getElementById(id);
const SVG = 'http://www.w3.org/2000/svg';

// Drawing: a half-tile step is UX by UY pixels (a tile is two steps each
// way); each level is shifted up and to the left by LIFT, and a tile's
// edge shows DEPTH pixels below and to its right.
const UX = 19, UY = 25, LIFT = 5, DEPTH = 4, PAD = 8;

const state = {
  board: null,     // the board as the server sent it (slots, faces, ...)
  rel: null,       // covers, left, right of every slot
  base: [],        // present at load: true for each tile on the board
  history: [],     // moves played since then: [a, b] pairs
  present: [],
  selected: -1,
  hint: null,      // [a, b] highlighted
  solution: null,  // {moves, from, verdict, minLeft} shown by the player
  timer: 0,
  tiles: [],       // the <g> of each slot
  busy: false,
};

// ---- the API ----

async function api(path, body) {
  const opt = body === undefined ? {} : {
    method: 'POST',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify(body),
  };
  const r = await fetch(path, opt);
  let data;
  try {
    data = await r.json();
  } catch (e) {
    data = {error: r.status + ' ' + r.statusText};
  }
  if (!r.ok) {
    throw new Error(data.error || r.statusText);
  }
  return data;
}

function setStatus(msg, kind) {
  const s = $('status');
  s.textContent = msg;
  s.className = kind || '';
}

// ---- geometry and play ----

// relations computes, for every slot, the slots that cover it (a higher
// level, |dx| <= 1, |dy| <= 1) and those beside it on its level (dx = -2 and
// +2, |dy| <= 1), as the solver does.
function relations(slots) {
  const n = slots.length;
  const covers = [], left = [], right = [];
  for (let i = 0; i < n; i++) {
    covers.push([]); left.push([]); right.push([]);
    const a = slots[i];
    for (let j = 0; j < n; j++) {
      const b = slots[j];
      const dx = b.x - a.x, dy = b.y - a.y;
      if (dy < -1 || dy > 1) continue;
      if (b.z > a.z && dx >= -1 && dx <= 1) covers[i].push(j);
      else if (b.z === a.z && dx === -2) left[i].push(j);
      else if (b.z === a.z && dx === 2) right[i].push(j);
    }
  }
  return {covers, left, right};
}

function isFree(i) {
  const p = state.present, r = state.rel;
  if (!p[i]) return false;
  const on = (j) => p[j];
  return !r.covers[i].some(on) && (!r.left[i].some(on) || !r.right[i].some(on));
}

function freeTiles() {
  const out = [];
  for (let i = 0; i < state.present.length; i++) if (isFree(i)) out.push(i);
  return out;
}

function countMatches(free) {
  const byFace = new Map();
  for (const i of free) {
    const f = state.board.faces[i];
    byFace.set(f, (byFace.get(f) || 0) + 1);
  }
  let n = 0;
  for (const k of byFace.values()) n += k * (k - 1) / 2;
  return n;
}

function recompute() {
  state.present = state.base.slice();
  for (const [a, b] of state.history) {
    state.present[a] = false;
    state.present[b] = false;
  }
}

function removedSlots() {
  const out = [];
  state.present.forEach((p, i) => { if (!p) out.push(i); });
  return out;
}

// boardRequest is the position to post to /api/hint and /api/solve.
function boardRequest() {
  const b = state.board;
  const req = {faces: b.faces, removed: removedSlots(), geometry: b.geometry};
  if (b.layout) req.layout = b.layout; else req.slots = b.slots;
  return req;
}

// ---- faces ----

const HONORS = {E: 'East', S: 'South', W: 'West', N: 'North', C: 'Red', F: 'Green', P: 'White'};
const SUITS = {m: 'characters', p: 'dots', s: 'bamboo'};
const SHORT = {m: 'crak', p: 'dot', s: 'bam'};

function faceLabel(f) {
  if (f === 'flower') return {main: '✿', sub: 'flower', cls: 'bonus'};
  if (f === 'season') return {main: '☀', sub: 'season', cls: 'bonus'};
  if (HONORS[f]) {
    const dragon = 'CFP'.includes(f);
    return {main: f, sub: dragon ? HONORS[f].toLowerCase() : 'wind', cls: dragon ? 'dragon-' + f : 'wind'};
  }
  return {main: f[0], sub: SHORT[f[1]], cls: 'suit-' + f[1]};
}

function faceName(f) {
  if (f === 'flower' || f === 'season') return f;
  if (HONORS[f]) return HONORS[f] + (('ESWN').includes(f) ? ' wind' : ' dragon');
  return f[0] + ' of ' + SUITS[f[1]];
}

// ---- drawing ----

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

function drawBoard() {
  const svg = $('board');
  svg.replaceChildren();
  const b = state.board;
  const slots = b.slots;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, maxZ = 0;
  for (const s of slots) {
    minX = Math.min(minX, s.x); minY = Math.min(minY, s.y);
    maxX = Math.max(maxX, s.x); maxY = Math.max(maxY, s.y); maxZ = Math.max(maxZ, s.z);
  }
  const W = 2 * UX, H = 2 * UY;
  const width = (maxX - minX + 2) * UX + maxZ * LIFT + DEPTH + 2 * PAD;
  const height = (maxY - minY + 2) * UY + maxZ * LIFT + DEPTH + 2 * PAD;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.setAttribute('aria-label', `${b.title || b.layout || 'board'}: ${slots.length} tiles`);
  // Bottom level first; on a level, back rows and left tiles first, so
  // that nearer tiles hide the edges of those behind them.
  const order = slots.map((s, i) => i).sort((i, j) =>
    slots[i].z - slots[j].z || slots[i].y - slots[j].y || slots[i].x - slots[j].x);
  state.tiles = new Array(slots.length);
  for (const i of order) {
    const s = slots[i];
    const x = PAD + (s.x - minX) * UX + (maxZ - s.z) * LIFT;
    const y = PAD + (s.y - minY) * UY + (maxZ - s.z) * LIFT;
    const f = b.faces[i];
    const lab = faceLabel(f);
    const g = el('g', {
      class: 'tile ' + lab.cls,
      transform: `translate(${x} ${y})`,
      'data-slot': i,
      'data-face': f,
      role: 'button',
    }, svg);
    el('rect', {class: 'edge', x: DEPTH, y: DEPTH, width: W - 1, height: H - 1, rx: 4}, g);
    el('rect', {class: 'face', x: 0, y: 0, width: W - 1, height: H - 1, rx: 4}, g);
    const t1 = el('text', {class: 'main', x: W / 2, y: H * 0.5}, g);
    t1.textContent = lab.main;
    const t2 = el('text', {class: 'sub', x: W / 2, y: H * 0.82}, g);
    t2.textContent = lab.sub;
    const title = el('title', {}, g);
    title.textContent = `${faceName(f)} (slot ${i}, ${s.x},${s.y},${s.z})`;
    g.addEventListener('click', () => activate(i));
    g.addEventListener('keydown', (ev) => {
      if (ev.key === 'Enter' || ev.key === ' ' || ev.key === 'Spacebar') {
        ev.preventDefault();
        activate(i);
      }
    });
    state.tiles[i] = g;
  }
}

// refresh updates the tiles' classes, focusability and labels, the counts
// and the buttons from the state.
function refresh() {
  const free = new Set(freeTiles());
  const hint = state.hint || [];
  state.tiles.forEach((g, i) => {
    const on = state.present[i];
    g.classList.toggle('gone', !on);
    g.classList.toggle('free', free.has(i));
    g.classList.toggle('selected', state.selected === i);
    g.classList.toggle('hinted', hint.includes(i));
    if (on && free.has(i)) {
      g.setAttribute('tabindex', '0');
      g.setAttribute('aria-disabled', 'false');
    } else {
      g.setAttribute('tabindex', '-1');
      g.setAttribute('aria-disabled', 'true');
    }
    g.setAttribute('aria-hidden', on ? 'false' : 'true');
    g.setAttribute('aria-label', `${faceName(state.board.faces[i])}, slot ${i}` +
      (free.has(i) ? ', free' : ', blocked') + (state.selected === i ? ', selected' : '') +
      (hint.includes(i) ? ', hinted' : ''));
  });
  const left = state.present.filter(Boolean).length;
  const matches = countMatches([...free]);
  $('counts').textContent = `${left} tiles left, ${free.size} free, ${matches} ${matches === 1 ? 'pair' : 'pairs'} to take`;
  $('undo').disabled = state.history.length === 0;
  $('hint').disabled = left === 0;
  $('fair-hint').disabled = left === 0;
  $('solve').disabled = left === 0;
  return {left, matches};
}

// ---- playing ----

function activate(i) {
  if (!state.present[i]) return;
  if (!isFree(i)) {
    setStatus(`${faceName(state.board.faces[i])} (slot ${i}) is not free.`, 'warn');
    return;
  }
  const sel = state.selected;
  if (sel === i) {
    state.selected = -1;
    setStatus('');
  } else if (sel >= 0 && state.board.faces[sel] === state.board.faces[i]) {
    play([Math.min(sel, i), Math.max(sel, i)]);
    return;
  } else {
    state.selected = i;
    setStatus(`Selected ${faceName(state.board.faces[i])}: pick a free tile of the same face.`);
  }
  refresh();
}

function play(move) {
  const onBoard = boardHasFocus();
  stopPlayer();
  hidePlayer();
  state.history.push(move);
  state.selected = -1;
  state.hint = null;
  recompute();
  const {left, matches} = refresh();
  if (left === 0) setStatus('Cleared: every tile is off the board.', 'good');
  else if (matches === 0) setStatus(`No more pairs to take: ${left} tiles are stuck. Undo, reshuffle, or deal again.`, 'bad');
  else setStatus(`Took ${faceName(state.board.faces[move[0]])} (slots ${move[0]} and ${move[1]}).`);
  if (onBoard) focusNear(move[0]);
  watchCheck();
}

function boardHasFocus() {
  const a = document.activeElement;
  return !!(a && a.closest && a.closest('#board'));
}

// focusNear keeps the keyboard focus on the board after a move played from
// it: on the free tile nearest to the one taken.
function focusNear(near) {
  const free = freeTiles();
  if (free.length) {
    const s = state.board.slots[near];
    free.sort((a, b) => dist(a, s) - dist(b, s));
    state.tiles[free[0]].focus();
  } else {
    $('undo').focus();
  }
}

function dist(i, s) {
  const t = state.board.slots[i];
  return Math.abs(t.x - s.x) + Math.abs(t.y - s.y);
}

function undo() {
  if (!state.history.length) return;
  stopPlayer();
  hidePlayer();
  state.history.pop();
  state.selected = -1;
  state.hint = null;
  recompute();
  refresh();
  setStatus('Undone.');
  watchCheck();
}

async function hint() {
  if (state.busy) return;
  state.busy = true;
  setStatus('Thinking…');
  try {
    const r = await api('/api/hint', boardRequest());
    if (r.verdict === 'winnable' && r.hint) {
      state.hint = r.hint;
      state.selected = -1;
      refresh();
      const [a, b] = r.hint;
      setStatus(`Winnable: take ${faceName(state.board.faces[a])} at slots ${a} and ${b} (the exact hint, which peeks under the tiles).`, 'good');
      state.tiles[a].focus();
    } else if (r.verdict === 'winnable') {
      setStatus('The board is clear.', 'good');
    } else if (r.verdict === 'impossible') {
      let msg = `Lost: no order of play clears these ${r.tiles} tiles`;
      if (r.min_left !== undefined) msg += `; at best ${r.min_left} must remain`;
      setStatus(msg + '.', 'bad');
    } else {
      setStatus(`No answer within ${r.time_limit}.`, 'warn');
    }
  } catch (e) {
    setStatus('Hint failed: ' + e.message, 'bad');
  } finally {
    state.busy = false;
  }
}

// fairHint asks for the pair a player who does not peek would take
// (POST /api/fairhint), and highlights it like a hint.
async function fairHint() {
  if (state.busy) return;
  state.busy = true;
  setStatus('Thinking without peeking…');
  try {
    const r = await api('/api/fairhint', boardRequest());
    if (!r.hint) {
      setStatus(r.tiles === 0 ? 'The board is clear.' : `No pair can be taken: the game is over with ${r.tiles} tiles left.`, 'bad');
      return;
    }
    state.hint = r.hint;
    state.selected = -1;
    refresh();
    const [a, b] = r.hint;
    let msg = `Fair hint (it sees only what you see): take ${faceName(state.board.faces[a])} at slots ${a} and ${b}`;
    if (r.reason === 'cleaning') msg += ', a safe move';
    if (r.reason === 'forced') msg += ', the only pair';
    msg += '.';
    if (r.hidden > 0 && r.samples > 0) {
      msg += ` Of ${r.samples} guesses of the ${r.hidden} hidden faces, ${r.winnable_samples} can still be won, ${r.kept_samples} after this pair.`;
    }
    setStatus(msg, r.kept_samples > 0 || r.hidden === 0 ? 'good' : 'warn');
    state.tiles[a].focus();
  } catch (e) {
    setStatus('Fair hint failed: ' + e.message, 'bad');
  } finally {
    state.busy = false;
  }
}

async function solve() {
  if (state.busy) return;
  state.busy = true;
  setStatus('Solving…');
  try {
    const r = await api('/api/solve', Object.assign(boardRequest(), {min_left: true}));
    if (r.verdict === 'unknown') {
      setStatus(`No answer within ${r.time_limit}.`, 'warn');
      return;
    }
    state.selected = -1;
    state.hint = null;
    state.solution = {moves: r.moves, from: state.history.slice(), verdict: r.verdict, minLeft: r.min_left};
    const slider = $('slider');
    slider.max = r.moves.length;
    slider.value = 0;
    $('player').hidden = r.moves.length === 0;
    showStep(0);
    if (r.verdict === 'winnable') {
      setStatus(`Winnable: a solution of ${r.moves.length} moves. Play it, or move the slider.`, 'good');
      startPlayer();
    } else if (r.min_left !== undefined) {
      setStatus(`Impossible: no order of play clears these ${r.tiles} tiles; at best ${r.min_left} remain, after the ${r.moves.length} moves below.`, 'bad');
    } else {
      setStatus(`Impossible: no order of play clears these ${r.tiles} tiles.`, 'bad');
    }
  } catch (e) {
    setStatus('Solve failed: ' + e.message, 'bad');
  } finally {
    state.busy = false;
  }
}

// showStep shows the position after k moves of the solution.
function showStep(k) {
  const sol = state.solution;
  if (!sol) return;
  showWatch(true);
  state.history = sol.from.concat(sol.moves.slice(0, k));
  state.selected = -1;
  state.hint = k < sol.moves.length ? sol.moves[k] : null;
  recompute();
  refresh();
  $('slider').value = k;
  $('step').textContent = `move ${k} of ${sol.moves.length}`;
  if (k === sol.moves.length && sol.verdict === 'winnable') setStatus('Solved: every tile is off the board.', 'good');
}

function startPlayer() {
  stopPlayer();
  const slider = $('slider');
  if (+slider.value >= +slider.max) showStep(0);
  $('play').textContent = 'Pause';
  state.timer = setInterval(() => {
    const k = +slider.value + 1;
    if (k > +slider.max) {
      stopPlayer();
      return;
    }
    showStep(k);
  }, 250);
}

function stopPlayer() {
  if (state.timer) clearInterval(state.timer);
  state.timer = 0;
  $('play').textContent = 'Play';
}

function hidePlayer() {
  state.solution = null;
  $('player').hidden = true;
}

// ---- the watch: is the position still winnable? ----
//
// After every move (and undo) the watch asks the server's cached solver
// (/api/hint, within its time limit) whether the position is still
// winnable. A move that turns a winnable position into a lost one is
// flagged at once, with Undo; a lost position offers Undo to the last
// winnable position and a Reshuffle of the tiles left.

const watch = {
  known: new Map(), // position key (the moves played, in order) -> verdict
  gen: 0,           // bumped by each board loaded: late answers of an old board are dropped
};

// positionKey names the position after the first k moves of the history.
function positionKey(k) {
  return state.history.slice(0, k).map((m) => m[0] + '-' + m[1]).join(' ');
}

function watchReset() {
  watch.known = new Map();
  watch.gen++;
  showWatch();
}

// watchKnown records the verdict of the current position, known otherwise
// (a winnable deal, a reshuffle's solution).
function watchKnown(verdict) {
  watch.known.set(positionKey(state.history.length), verdict);
  showWatch();
}

async function watchCheck() {
  const key = positionKey(state.history.length), gen = watch.gen;
  if (!state.board || watch.known.has(key)) {
    showWatch();
    return;
  }
  showWatch();
  try {
    const r = await api('/api/hint', boardRequest());
    if (gen !== watch.gen) return;
    watch.known.set(key, r.verdict);
  } catch (e) {
    return; // a failed check says nothing about the position
  }
  showWatch();
}

// lastWinnable is the number of moves of the history after which the
// position was last known winnable, or -1.
function lastWinnable() {
  for (let k = state.history.length; k >= 0; k--) {
    if (watch.known.get(positionKey(k)) === 'winnable') return k;
  }
  return -1;
}

// showWatch shows what the watch knows of the current position (hidden
// while a solution plays, or when asked).
function showWatch(hide) {
  const k = state.history.length;
  const now = watch.known.get(positionKey(k));
  const before = k > 0 ? watch.known.get(positionKey(k - 1)) : undefined;
  const left = state.present.filter(Boolean).length;
  const box = $('watch');
  box.hidden = !!hide || !state.board || left === 0 || state.solution !== null;
  let text = '', kind = '';
  if (now === undefined) text = 'Checking whether the position is still winnable…';
  else if (now === 'winnable') [text, kind] = ['Still winnable.', 'good'];
  else if (now === 'unknown') [text, kind] = ['No answer within the time limit: the position may or may not be winnable.', 'warn'];
  else if (before === 'winnable') [text, kind] = ['This move lost the game: no order of play clears the board any more. Undo it.', 'bad'];
  else [text, kind] = ['This position is lost: no order of play clears the board.', 'bad'];
  $('watch-text').textContent = text;
  box.className = kind;
  box.dataset.verdict = now || 'pending';
  const lost = now === 'impossible';
  const back = lastWinnable();
  $('undo-lost').hidden = !(lost && before === 'winnable');
  $('undo-winnable').hidden = !(lost && back >= 0 && back < k - 1);
  $('reshuffle').hidden = !lost;
}

// undoTo takes back the moves after the first k.
function undoTo(k) {
  if (k < 0 || k >= state.history.length) return;
  stopPlayer();
  hidePlayer();
  state.history = state.history.slice(0, k);
  state.selected = -1;
  state.hint = null;
  recompute();
  refresh();
  setStatus(k === 0 ? 'Back to the start.' : `Back to the position after move ${k}.`);
  watchCheck();
}

// reshuffle asks the server for a winnable rearrangement of the tiles left
// (the removed ones stay) and plays on from it.
async function reshuffle() {
  if (state.busy) return;
  state.busy = true;
  setStatus('Reshuffling…');
  try {
    const b = await api('/api/reshuffle', boardRequest());
    load(b, `Reshuffled: the ${b.faces.length - b.removed.length} tiles left rearranged so that the position is winnable` +
      (b.uniform ? ` (a uniform draw, ${b.tries} tried).` : ' (built: random draws were not winnable).'));
    watchKnown('winnable');
  } catch (e) {
    setStatus('Reshuffle failed: ' + e.message, 'bad');
  } finally {
    state.busy = false;
  }
}

// ---- loading boards ----

function load(board, about) {
  stopPlayer();
  hidePlayer();
  state.board = board;
  state.rel = relations(board.slots);
  state.base = board.slots.map(() => true);
  for (const i of board.removed || []) state.base[i] = false;
  state.history = [];
  state.selected = -1;
  state.hint = null;
  recompute();
  drawBoard();
  refresh();
  document.body.dataset.loaded = 'true';
  setStatus(about);
  watchReset();
  watchCheck();
}

async function deal(ev) {
  if (ev) ev.preventDefault();
  const p = new URLSearchParams();
  p.set('layout', $('layout').value);
  p.set('game', $('game').value || '1');
  p.set('deal', $('deal').value);
  if ($('deal').value !== 'mjsolver') p.set('seed', $('seed').value || '1');
  const want = $('want').value;
  const q = new URLSearchParams(p);
  if (want === 'winnable') q.set('winnable', 'true');
  else if (want) q.set('difficulty', want);
  if (want) setStatus(`Looking for a ${want === 'winnable' ? 'winnable' : want + ' winnable'} deal…`);
  try {
    const b = await api('/api/deal?' + q);
    let about = `${b.title || b.layout}, game ${b.game} (deal ${b.deal}${b.seed !== undefined ? ' seed ' + b.seed : ''})`;
    if (b.winnable) {
      about += b.band ? `: winnable, ${b.band} (${difficultyText(b.difficulty)})` : ': winnable';
      about += b.tried > 1 ? `, found after ${b.tried} games.` : '.';
      $('game').value = b.game;
      p.set('game', b.game);
    } else {
      about += '.';
    }
    load(b, about);
    if (b.winnable) watchKnown('winnable');
    history.replaceState(null, '', '/?' + p);
  } catch (e) {
    setStatus('Deal failed: ' + e.message, 'bad');
  }
}

// difficultyText describes a deal's difficulty as the server measured it:
// the share of random playouts that cleared it.
function difficultyText(d) {
  if (!d) return '';
  if (d.clears > 0) return `${(100 * d.clears / d.playouts).toFixed(1)}% of random playouts clear it`;
  return `no random playout of ${d.playouts} clears it`;
}

async function loadFile() {
  try {
    const b = await api('/api/board', {file: $('board-file').value});
    load(b, `${b.title || b.layout}: board file loaded, ${b.removed.length} tiles already taken.`);
  } catch (e) {
    setStatus('Board file: ' + e.message, 'bad');
  }
}

// choose selects value in sel, adding it as an option when the list does
// not offer it: an address's unknown layout or dealer is sent as it is, for
// the server to say what is wrong with it.
function choose(sel, value) {
  sel.value = value;
  if (sel.value !== value) {
    const o = document.createElement('option');
    o.value = o.textContent = value;
    sel.appendChild(o);
    sel.value = value;
  }
}

async function fillLayouts() {
  const sel = $('layout');
  const want = sel.value;
  try {
    const r = await api('/api/layouts');
    sel.replaceChildren();
    for (const l of r.layouts) {
      if (l.error) continue;
      const o = document.createElement('option');
      o.value = l.name;
      o.textContent = l.title && l.title.toLowerCase() !== l.name.toLowerCase() ? `${l.name} (${l.title}, ${l.tiles})` : `${l.name} (${l.tiles})`;
      sel.appendChild(o);
    }
    choose(sel, want);
  } catch (e) {
    setStatus('Layouts: ' + e.message, 'bad');
  }
}

// ---- tabs ----

function selectTab(tab) {
  for (const t of document.querySelectorAll('[role=tab]')) {
    const on = t === tab;
    t.setAttribute('aria-selected', on ? 'true' : 'false');
    t.tabIndex = on ? 0 : -1;
    $(t.getAttribute('aria-controls')).hidden = !on;
  }
  tab.focus();
}

function setupTabs() {
  const tabs = [...document.querySelectorAll('[role=tab]')];
  tabs.forEach((t, k) => {
    t.addEventListener('click', () => selectTab(t));
    t.addEventListener('keydown', (ev) => {
      let n = -1;
      if (ev.key === 'ArrowRight') n = (k + 1) % tabs.length;
      else if (ev.key === 'ArrowLeft') n = (k + tabs.length - 1) % tabs.length;
      else if (ev.key === 'Home') n = 0;
      else if (ev.key === 'End') n = tabs.length - 1;
      if (n >= 0) {
        ev.preventDefault();
        selectTab(tabs[n]);
      }
    });
  });
}

// ---- the hand ----

function cell(tr, text, tag) {
  const c = document.createElement(tag || 'td');
  c.textContent = text;
  tr.appendChild(c);
  return c;
}

function table(caption, head, rows) {
  const t = document.createElement('table');
  const cap = document.createElement('caption');
  cap.textContent = caption;
  t.appendChild(cap);
  const thead = t.createTHead().insertRow();
  for (const h of head) cell(thead, h, 'th');
  const body = t.createTBody();
  for (const r of rows) {
    const tr = body.insertRow();
    for (const v of r) cell(tr, v);
  }
  return t;
}

function para(text, cls) {
  const p = document.createElement('p');
  p.textContent = text;
  if (cls) p.className = cls;
  return p;
}

function shantenText(n) {
  if (n === -1) return '-1: complete';
  if (n === 0) return '0: tenpai (ready)';
  return `${n} (${n} from ready)`;
}

async function analyse(ev) {
  if (ev) ev.preventDefault();
  const out = $('hand-result');
  const st = $('hand-status');
  out.replaceChildren();
  st.textContent = 'Analysing…';
  st.className = '';
  const req = {
    hand: $('hand').value,
    melds: $('melds').value,
    concealed_kongs: $('concealed-kongs').value,
    visible: $('visible').value,
    claims: $('claims').checked,
    ligu: $('ligu').checked,
  };
  try {
    const sh = await api('/api/tw16/shanten', req);
    out.appendChild(para(`Hand ${sh.hand}: shanten ${shantenText(sh.shanten)}`, 'shanten'));
    const size = countTiles(sh.hand);
    if (size % 3 === 1) {
      const w = await api('/api/tw16/waits', req);
      if (w.shanten === 0) {
        out.appendChild(table(`Waits: ${w.waits.length} kinds, ${w.remaining} tiles left; single wait: ${w.single ? 'yes' : 'no'}`,
          ['Tile', 'Left', 'Shapes'], w.waits.map((x) => [kindText(x.kind), x.remaining, x.shapes.join(', ')])));
      }
      const e = await api('/api/tw16/effective', req);
      out.appendChild(table(`Effective tiles: ${e.kinds.length} kinds, ${e.count} tiles left` + (req.claims ? `, weighted ${e.weighted}` : ''),
        req.claims ? ['Tile', 'Left', 'Weight'] : ['Tile', 'Left'],
        e.kinds.map((k) => req.claims ? [kindText(k.kind), k.remaining, k.weight] : [kindText(k.kind), k.remaining])));
    } else {
      const a = await api('/api/tw16/advise', req);
      out.appendChild(table('Discards, best first', ['Discard', 'Shanten after', 'Tiles left', 'Effective', 'Tier'],
        a.discards.map((d) => [kindText(d.discard), d.effective.shanten,
          req.claims ? `${d.effective.count} (weighted ${d.effective.weighted})` : d.effective.count,
          d.effective.kinds.map((k) => k.kind).join(' ') || '-', d.tier])));
    }
    if ($('win').value.trim() !== '') {
      const s = await api('/api/tw16/score', {
        hand: req.hand, melds: req.melds, concealed_kongs: req.concealed_kongs,
        win: $('win').value, self_drawn: $('self-drawn').checked, dealer: $('dealer').checked,
        seat: $('seat').value, round: $('round').value, rules: $('rules').value, flowers: $('flowers').value,
      });
      out.appendChild(table(`Score: ${s.tai} tai, ${s.points} points (${s.rules} rules)`, ['Item', 'Tai'],
        s.items.map((it) => [it.english + (it.count > 1 ? ` ×${it.count}` : ''), it.tai])));
      if (s.arrangement) {
        const sets = s.arrangement.sets.map((x) => (x.hand ? x.tiles : `(${x.tiles})`) + (x.win ? '*' : ''));
        out.appendChild(para(`Sets: ${sets.join(' ')} pair ${s.arrangement.pair}; ${s.arrangement.win_tile} completes a ${s.arrangement.wait} wait.`));
      }
    }
    st.textContent = '';
  } catch (e) {
    st.textContent = e.message;
    st.className = 'bad';
  }
}

// kindText writes a kind in compact notation with its name in letters
// ("1m: 1 of characters", "5z: Red dragon"): the Chinese names showed as
// boxes in a browser without CJK fonts.
function kindText(k) {
  const n = +k[0], s = k[1];
  const honors = [null, 'East wind', 'South wind', 'West wind', 'North wind', 'Red dragon', 'Green dragon', 'White dragon'];
  if (s === 'z' && honors[n]) return `${k}: ${honors[n]}`;
  return SUITS[s] ? `${k}: ${n} of ${SUITS[s]}` : k;
}

// countTiles counts the tiles of a hand in compact notation as the server
// wrote it back ("23m123456789p111s55z").
function countTiles(s) {
  return (s.match(/[0-9]/g) || []).length;
}

// ---- start ----

function start() {
  setupTabs();
  $('deal-form').addEventListener('submit', deal);
  $('load-file').addEventListener('click', loadFile);
  $('undo').addEventListener('click', undo);
  $('hint').addEventListener('click', hint);
  $('fair-hint').addEventListener('click', fairHint);
  $('solve').addEventListener('click', solve);
  $('play').addEventListener('click', () => (state.timer ? stopPlayer() : startPlayer()));
  $('slider').addEventListener('input', () => {
    stopPlayer();
    showStep(+$('slider').value);
  });
  $('deal').addEventListener('change', () => { $('seed-label').hidden = $('deal').value === 'mjsolver'; });
  $('undo-lost').addEventListener('click', () => undoTo(state.history.length - 1));
  $('undo-winnable').addEventListener('click', () => undoTo(lastWinnable()));
  $('reshuffle').addEventListener('click', reshuffle);
  $('hand-form').addEventListener('submit', analyse);
  const q = new URLSearchParams(location.search);
  if (q.get('game')) $('game').value = q.get('game');
  if (q.get('deal')) choose($('deal'), q.get('deal'));
  if (q.get('seed')) $('seed').value = q.get('seed');
  $('seed-label').hidden = $('deal').value === 'mjsolver';
  if (q.get('layout')) choose($('layout'), q.get('layout'));
  fillLayouts().then(() => deal());
}

start();
