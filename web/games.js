// The games against the perfect player: heap sums, Wythoff, Toe-Tac-Tics and
// Domineering.  Every value comes from cgt's SQL functions (cgt.rows/value).
'use strict';

window.CGT_GAMES = window.CGT_GAMES || [];
const $ = (id) => document.getElementById(id);

// Shows a game's state line; data-over marks a finished game for the tests.
function setStatus(id, text, over) {
  const s = $(id);
  s.textContent = text;
  if (over) s.dataset.over = over; else delete s.dataset.over;
}

// A number as cgt returns it (an INTEGER or a REAL; text such as
// '9007199254740993/2' past a double) as a JavaScript number.
function dyadic(text) {
  const [a, b] = String(text).split('/');
  return Number(a) / (b === undefined ? 1 : Number(b));
}

// The engine's choice for side ('L' or 'R') among options [{key, value}]
// (values in cgt's notation): a winning move if any, then the best mean,
// then the hottest, then the first.  Returns the chosen option, with the
// per-option facts ({wins, mean, temp}) filled in for the hints.
function partizanFacts(options, log) {
  if (!options.length) return;
  const values = options.map((o, i) => `(${i}, ${lit(o.value)})`).join(', ');
  const rows = cgt.rows(`WITH o(i, v) AS (VALUES ${values})
SELECT i, cg_le(0, v), cg_le(v, 0), cg_mean(v), cg_temperature(v) FROM o ORDER BY i;`, log);
  for (const [i, geq, leq, mean, temp] of rows)
    Object.assign(options[i], {leftWins: !!geq, rightWins: !!leq, mean: dyadic(mean), temp: dyadic(temp)});
}
// Shows the thermograph of value (cg_thermograph_svg) in box when hints are on.
function showThermograph(box, value, log) {
  box.innerHTML = hintsOn() && value !== null ? cgt.value(`SELECT cg_thermograph_svg(${lit(value)});`, log) : '';
}

function partizanChoice(side, options) {
  const sign = side === 'L' ? 1 : -1;
  const wins = (o) => (side === 'L' ? o.leftWins : o.rightWins);
  let best = null;
  for (const o of options) {
    if (!best) { best = o; continue; }
    const key = (x) => [wins(x) ? 1 : 0, sign * x.mean, x.temp];
    const a = key(o), b = key(best);
    for (let k = 0; k < 3; k++) {
      if (a[k] !== b[k]) { if (a[k] > b[k]) best = o; break; }
    }
  }
  return best;
}
function otherSide(side) { return side === 'L' ? 'R' : 'L'; }

// ---------------------------------------------------------------- heap sums
const heapGame = {heaps: [], yourTurn: true, over: false, options: []};

function heapRead() {
  const heaps = [];
  for (const line of $('heap-spec').value.split('\n')) {
    const m = line.trim().match(/^(.*\S)\s+(\d+)$/);
    if (!m) continue;
    heaps.push({rule: m[1], n: Math.min(Number(m[2]), 30)});
  }
  return heaps;
}

function heapGrundyTerm(rule, n) { return `heap_grundy(${lit(rule)}, ${n})`; }

// Every move of the sum with the nim-sum it leaves (SQL: game_graph for the
// options of one heap, heap_grundy and nim_sum for the values).
function heapAnalyse() {
  const log = $('heap-log');
  const g = heapGame;
  g.options = [];
  g.heaps.forEach((h, i) => {
    h.grundy = cgt.value(`SELECT ${heapGrundyTerm(h.rule, h.n)};`, log);
    if (h.n === 0) return;
    const rows = cgt.rows(`SELECT DISTINCT dst FROM game_graph(${lit(h.rule)}, '${h.n}') WHERE src = '${h.n}';`, log);
    for (const [dst] of rows) g.options.push({heap: i, dst, parts: dst === '0' ? [] : dst.split(',').map(Number)});
  });
  g.total = cgt.value(`SELECT nim_sum(0, ${g.heaps.map((h) => heapGrundyTerm(h.rule, h.n)).join(', ') || 0});`, log);
  if (!g.options.length) return;
  const rowsSql = g.options.map((o, k) => {
    const terms = g.heaps.filter((_, i) => i !== o.heap).map((h) => heapGrundyTerm(h.rule, h.n));
    for (const p of o.parts) terms.push(heapGrundyTerm(g.heaps[o.heap].rule, p));
    return `(${k}, nim_sum(0, ${terms.join(', ') || 0}))`;
  }).join(',\n  ');
  for (const [k, v] of cgt.rows(`SELECT * FROM (VALUES ${rowsSql});`, log)) g.options[k].after = v;
}

function heapApply(o) {
  const h = heapGame.heaps[o.heap];
  const parts = o.parts.map((n) => ({rule: h.rule, n}));
  heapGame.heaps.splice(o.heap, 1, ...(parts.length ? parts : [{rule: h.rule, n: 0}]));
  heapGame.heaps = heapGame.heaps.filter((x) => x.n > 0);
  heapAnalyse();
}

function heapEngine() {
  const opts = heapGame.options;
  const left = (o) => o.parts.reduce((a, b) => a + b, 0);
  const best = opts.find((o) => o.after === 0) ||
    opts.reduce((a, o) => (left(o) > left(a) ? o : a), opts[0]);
  heapApply(best);
  heapGame.last = 'Engine took heap ' + (best.heap + 1) + ' to ' + (best.parts.join(' + ') || 'nothing') + '. ';
  heapGame.yourTurn = true;
}

function heapDraw() {
  const g = heapGame, board = $('heap-board');
  board.textContent = '';
  const hints = hintsOn();
  if (!g.options.length) {
    g.over = true;
    setStatus('heap-status', (g.last || '') + (g.yourTurn ? 'You cannot move: the engine wins.' : 'The engine cannot move: you win!'),
      g.yourTurn ? 'engine' : 'you');
  } else {
    setStatus('heap-status', (g.last || '') + 'Your move.' +
      (hints ? ` Nim-sum ${g.total}: ${g.total ? 'you can win (green moves)' : 'every move loses against perfect play'}.` : ''));
  }
  g.heaps.forEach((h, i) => {
    const row = el('div', {class: 'heap'},
      el('div', {class: 'heap-title'}, `heap ${i + 1}: ${h.rule}, ${h.n} counters` + (hints ? ` — value *${h.grundy}` : '')),
      el('div', {class: 'counters'}, '● '.repeat(h.n)));
    const moves = el('div', {class: 'moves'});
    for (const o of g.options.filter((x) => x.heap === i)) {
      const label = '→ ' + (o.parts.join(' + ') || 'nothing');
      const b = el('button', {'data-heap': i, 'data-dst': o.dst, class: hints ? (o.after === 0 ? 'win' : 'lose') : '',
        title: `leaves nim-sum ${o.after}`}, label + (hints ? ` (*${o.after})` : ''));
      b.onclick = () => {
        if (!g.yourTurn || g.over) return;
        heapApply(o);
        g.last = '';
        g.yourTurn = false;
        if (g.options.length) heapEngine();
        heapDraw();
      };
      moves.append(b);
    }
    row.append(moves);
    board.append(row);
  });
}

function heapNew(engineFirst) {
  Object.assign(heapGame, {heaps: heapRead(), yourTurn: true, over: false, last: ''});
  try {
    heapAnalyse();
    if (engineFirst && heapGame.options.length) heapEngine();
    heapDraw();
  } catch (e) {
    setStatus('heap-status', e.message, 'error');
  }
}

// ---------------------------------------------------------------- Wythoff
const wy = {a: 0, b: 0, yourTurn: true, moves: []};

function wyAnalyse() {
  const {a, b} = wy;
  wy.moves = cgt.rows(`WITH RECURSIVE k(k) AS (SELECT 1 UNION ALL SELECT k + 1 FROM k WHERE k < max(${a}, ${b})),
  m(x, y) AS (SELECT ${a} - k, ${b} FROM k WHERE k <= ${a} UNION ALL SELECT ${a}, ${b} - k FROM k WHERE k <= ${b}
              UNION ALL SELECT ${a} - k, ${b} - k FROM k WHERE k <= min(${a}, ${b}))
SELECT x, y, wythoff_outcome(x, y), wythoff_grundy(x, y) FROM m;`, $('wy-log'));
  wy.grundy = cgt.value(`SELECT wythoff_grundy(${a}, ${b});`, $('wy-log'));
}

function wyMove(x, y) { wy.a = x; wy.b = y; wyAnalyse(); }

function wyEngine() {
  const m = wy.moves.find((r) => r[2] === 'P') ||
    wy.moves.reduce((best, r) => (r[0] + r[1] > best[0] + best[1] ? r : best), wy.moves[0]);
  wyMove(m[0], m[1]);
  wy.last = `Engine moved to (${m[0]}, ${m[1]}). `;
  wy.yourTurn = true;
}

function wyDraw() {
  const board = $('wy-board'), hints = hintsOn();
  board.textContent = '';
  const over = !wy.moves.length;
  if (over) setStatus('wy-status', (wy.last || '') + (wy.yourTurn ? 'The engine reached (0, 0): it wins.' : 'You reached (0, 0): you win!'), wy.yourTurn ? 'engine' : 'you');
  else setStatus('wy-status', (wy.last || '') + 'Your move.' + (hints ? ` Grundy value ${wy.grundy}: ${wy.grundy ? 'move to a green square to win' : 'every move loses against perfect play'}.` : ''));
  const byCell = new Map(wy.moves.map((r) => [r[0] + ',' + r[1], r]));
  const t = el('table', {class: 'wythoff'});
  for (let y = wy.b0; y >= 0; y--) {
    const tr = el('tr', {}, el('th', {}, y));
    for (let x = 0; x <= wy.a0; x++) {
      const m = byCell.get(x + ',' + y);
      const td = el('td', {'data-x': x, 'data-y': y});
      if (x === wy.a && y === wy.b) td.append('♛');
      if (m) {
        td.classList.add('reach');
        if (hints) { td.classList.add(m[2] === 'P' ? 'win' : 'lose'); td.append(String(m[3])); }
        td.onclick = () => {
          if (!wy.yourTurn || over) return;
          wy.last = '';
          wyMove(x, y);
          wy.yourTurn = false;
          if (wy.moves.length) wyEngine();
          wyDraw();
        };
      }
      tr.append(td);
    }
    t.append(tr);
  }
  t.append(el('tr', {}, el('th', {}, ''), ...Array.from({length: wy.a0 + 1}, (_, x) => el('th', {}, x))));
  board.append(t);
}

function wyNew(engineFirst) {
  const clamp = (v) => Math.max(0, Math.min(30, Number(v) || 0));
  Object.assign(wy, {a: clamp($('wy-a').value), b: clamp($('wy-b').value), yourTurn: true, last: ''});
  wy.a0 = wy.a; wy.b0 = wy.b;
  wyAnalyse();
  if (engineFirst && wy.moves.length) wyEngine();
  wyDraw();
}

// ---------------------------------------------------------------- Toe-Tac-Tics
const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
const ttt = {board: '.........', you: 'L', toMove: 'L', options: []};

function tttOptions(board, side) {
  const mark = side === 'L' ? 'x' : 'o', out = [];
  for (let i = 0; i < 9; i++) {
    if (board[i] !== '.') continue;
    const next = board.slice(0, i) + mark + board.slice(i + 1);
    if (LINES.some((l) => l.every((j) => next[j] === mark))) continue;
    out.push({key: i, board: next});
  }
  return out;
}

function tttAnalyse() {
  const log = $('ttt-log');
  ttt.value = cgt.value(`SELECT surreal_value('toetactics', ${lit(ttt.board)});`, log);
  ttt.options = tttOptions(ttt.board, ttt.toMove);
  if (!ttt.options.length) return;
  const vals = cgt.rows(`SELECT ${ttt.options.map((o) => `surreal_value('toetactics', ${lit(o.board)})`).join(', ')};`, log)[0];
  ttt.options.forEach((o, k) => { o.value = vals[k]; });
  partizanFacts(ttt.options, log);
}

function tttPlay(o) {
  ttt.board = o.board;
  ttt.toMove = otherSide(ttt.toMove);
  tttAnalyse();
}

function tttDraw() {
  const box = $('ttt-board'), hints = hintsOn(), yours = ttt.toMove === ttt.you;
  box.textContent = '';
  box.style.gridTemplateColumns = 'repeat(3, 4.2em)';
  if (!ttt.options.length)
    setStatus('ttt-status', (ttt.last || '') + (yours ? 'You cannot move: the engine wins.' : 'The engine cannot move: you win!'), yours ? 'engine' : 'you');
  else setStatus('ttt-status', (ttt.last || '') + 'Your move.' + (hints ? ` Value ${ttt.value}.` : ''));
  showThermograph($('ttt-thermo'), ttt.value, $('ttt-log'));
  const byCell = new Map(ttt.options.map((o) => [o.key, o]));
  for (let i = 0; i < 9; i++) {
    const o = byCell.get(i);
    const cell = el('div', {class: 'cell', 'data-i': i}, ttt.board[i] === '.' ? '' : ttt.board[i]);
    if (o && yours) {
      cell.classList.add('free');
      if (hints) {
        cell.classList.add((ttt.you === 'L' ? o.leftWins : o.rightWins) ? 'win' : 'lose');
        cell.append(el('small', {}, o.value));
      }
      cell.onclick = () => {
        ttt.last = '';
        tttPlay(o);
        if (ttt.options.length) tttEngine();
        tttDraw();
      };
    }
    box.append(cell);
  }
}

function tttEngine() {
  const o = partizanChoice(ttt.toMove, ttt.options);
  ttt.last = `Engine played ${ttt.toMove === 'L' ? 'x' : 'o'} on square ${o.key + 1} (value after: ${o.value}). `;
  tttPlay(o);
}

function tttNew(engineFirst) {
  ttt.you = $('ttt-side').value;
  ttt.board = '.........';
  ttt.last = '';
  ttt.toMove = engineFirst ? otherSide(ttt.you) : ttt.you;
  tttAnalyse();
  if (engineFirst) tttEngine();
  tttDraw();
}

// ---------------------------------------------------------------- Domineering
const dom = {rows: 4, cols: 4, cells: [], you: 'L', toMove: 'L', options: []};

function domText(cells) {
  const rows = [];
  for (let r = 0; r < dom.rows; r++) rows.push(cells.slice(r * dom.cols, (r + 1) * dom.cols).map((c) => (c === '.' ? '.' : '#')).join(''));
  return rows.join('|');
}

function domOptions(side) {
  const out = [], dr = side === 'L' ? 1 : 0, dc = side === 'L' ? 0 : 1;
  for (let r = 0; r + dr < dom.rows; r++) {
    for (let c = 0; c + dc < dom.cols; c++) {
      const a = r * dom.cols + c, b = (r + dr) * dom.cols + c + dc;
      if (dom.cells[a] !== '.' || dom.cells[b] !== '.') continue;
      const next = dom.cells.slice();
      next[a] = next[b] = side;
      out.push({key: a, other: b, cells: next});
    }
  }
  return out;
}

// Boards of at most VALUE_SQUARES squares are valued (cg_board: values,
// thermograph, every move's value); larger ones, up to 8x8, are answered
// by search (board_winning_moves), each search given SEARCH_MS.
const VALUE_SQUARES = 20, SEARCH_MS = 8000;

// The winning moves of side (their result boards), by search; null when
// the search ran out of its time.
function domWinning(side, log) {
  const sql = `SELECT result FROM board_winning_moves('domineering', ${lit(side)}, ${lit(domText(dom.cells))});`;
  if (log) log.textContent = (sql + '\n\n' + log.textContent).slice(0, 20000);
  const r = cgt.exec(sql, SEARCH_MS);
  if (r.error) {
    if (/interrupted/.test(r.error)) return null;
    throw new Error(r.error);
  }
  return new Set(r.results[r.results.length - 1].rows.map((row) => row[0]));
}

function domAnalyse() {
  const log = $('dom-log');
  dom.options = domOptions(dom.toMove);
  dom.search = dom.rows * dom.cols > VALUE_SQUARES;
  if (dom.search) {   /* who wins each move, by search, when hints ask for it */
    dom.value = null;
    const wins = dom.options.length && hintsOn() && dom.toMove === dom.you ? domWinning(dom.toMove, log) : null;
    dom.searched = wins !== null;
    for (const o of dom.options) {
      const w = wins ? wins.has(domText(o.cells)) : undefined;
      Object.assign(o, {value: w === undefined ? '?' : w ? 'wins' : 'loses', leftWins: w && dom.toMove === 'L', rightWins: w && dom.toMove === 'R'});
    }
    return;
  }
  dom.value = cgt.value(`SELECT cg_board('domineering', ${lit(domText(dom.cells))});`, log);
  if (!dom.options.length) return;
  const vals = cgt.rows(`SELECT ${dom.options.map((o) => `cg_board('domineering', ${lit(domText(o.cells))})`).join(', ')};`, log)[0];
  dom.options.forEach((o, k) => { o.value = vals[k]; });
  partizanFacts(dom.options, log);
}

function domPlay(o) {
  dom.cells = o.cells;
  dom.toMove = otherSide(dom.toMove);
  domAnalyse();
}

// The engine's move on a large board: the first winning move the search
// finds; when there is none, or the search runs out of its time, the move
// that takes most of the opponent's places and fewest of its own.
function domSearchChoice() {
  const log = $('dom-log'), side = dom.toMove;
  const sql = `SELECT result FROM board_winning_moves('domineering', ${lit(side)}, ${lit(domText(dom.cells))}) LIMIT 1;`;
  log.textContent = (sql + '\n\n' + log.textContent).slice(0, 20000);
  const r = cgt.exec(sql, SEARCH_MS);
  if (r.error && !/interrupted/.test(r.error)) throw new Error(r.error);
  const rows = r.error ? [] : r.results[r.results.length - 1].rows;
  if (rows.length) return {o: dom.options.find((x) => domText(x.cells) === rows[0][0]), why: 'a winning move, found by search'};
  const free = (i, j) => i >= 0 && j >= 0 && i < dom.rows && j < dom.cols && dom.cells[i * dom.cols + j] === '.';
  let best = null, bestScore = -1e9;
  for (const o of dom.options) {
    let score = 0;
    for (const sq of [o.key, o.other]) {
      const i = Math.floor(sq / dom.cols), j = sq % dom.cols;
      score += side === 'L' ? 2 * (free(i, j - 1) + free(i, j + 1)) - (free(i - 1, j) + free(i + 1, j))
                            : 2 * (free(i - 1, j) + free(i + 1, j)) - (free(i, j - 1) + free(i, j + 1));
    }
    if (score > bestScore) best = o, bestScore = score;
  }
  return {o: best, why: r.error ? 'the search ran out of time: a move that blocks most' : 'every move loses: a move that blocks most'};
}

function domEngine() {
  const rc = (i) => `(${Math.floor(i / dom.cols) + 1}, ${i % dom.cols + 1})`;
  if (dom.search) {
    const {o, why} = domSearchChoice();
    dom.last = `Engine covered ${rc(o.key)}–${rc(o.other)} (${why}). `;
    domPlay(o);
    return;
  }
  const o = partizanChoice(dom.toMove, dom.options);
  dom.last = `Engine covered ${rc(o.key)}–${rc(o.other)} (value after: ${o.value}). `;
  domPlay(o);
}

function domDraw() {
  const box = $('dom-board'), hints = hintsOn(), yours = dom.toMove === dom.you;
  box.textContent = '';
  box.style.gridTemplateColumns = `repeat(${dom.cols}, 3.2em)`;
  if (!dom.options.length)
    setStatus('dom-status', (dom.last || '') + (yours ? 'You cannot place a domino: the engine wins.' : 'The engine cannot place a domino: you win!'), yours ? 'engine' : 'you');
  else if (dom.search)
    setStatus('dom-status', (dom.last || '') + 'Your move.' + (hints ? (dom.searched ? ' Green squares start a winning move (by search).' : ' The search for winning moves ran out of time.') : ''));
  else setStatus('dom-status', (dom.last || '') + 'Your move.' + (hints ? ` Value ${dom.value}; green squares start a winning move.` : ''));
  showThermograph($('dom-thermo'), dom.value, $('dom-log'));
  const byAnchor = new Map(dom.options.map((o) => [o.key, o]));
  const byOther = new Map(dom.options.map((o) => [o.other, o]));
  for (let i = 0; i < dom.cells.length; i++) {
    const c = dom.cells[i];
    const cell = el('div', {class: 'cell ' + (c === '.' ? 'free' : 'dom' + c), 'data-i': i});
    const o = byAnchor.get(i) || byOther.get(i);
    if (c === '.' && o && yours) {
      const a = byAnchor.get(i);
      if (hints && a && a.value !== '?') {
        cell.classList.add((dom.you === 'L' ? a.leftWins : a.rightWins) ? 'win' : 'lose');
        cell.append(el('small', {}, a.value.length <= 9 ? a.value : a.value.slice(0, 7) + '…'));
        cell.title = 'value after this move: ' + a.value;
      }
      cell.onclick = () => {
        dom.last = '';
        domPlay(o);
        if (dom.options.length) domEngine();
        domDraw();
      };
    }
    box.append(cell);
  }
  const list = $('dom-hints');
  list.textContent = '';
  if (hints && yours) {
    const rc = (i) => `(${Math.floor(i / dom.cols) + 1}, ${i % dom.cols + 1})`;
    for (const o of dom.options)
      list.append(el('li', {class: (dom.you === 'L' ? o.leftWins : o.rightWins) ? 'win' : 'lose'},
        `${rc(o.key)}–${rc(o.other)} → ${o.value}`));
  }
}

function domNew(engineFirst) {
  const clamp = (v) => Math.max(1, Math.min(8, Number(v) || 1));   /* past 20 squares, by search */
  Object.assign(dom, {rows: clamp($('dom-rows').value), cols: clamp($('dom-cols').value), you: $('dom-side').value, last: ''});
  dom.cells = Array(dom.rows * dom.cols).fill('.');
  dom.toMove = engineFirst ? otherSide(dom.you) : dom.you;
  try {
    domAnalyse();
    if (engineFirst && dom.options.length) domEngine();
    domDraw();
  } catch (e) {
    setStatus('dom-status', e.message, 'error');
  }
}

// A game's handlers, guarded: an error (such as a bad rule) shows in its status line.
function guarded(statusId, f) {
  return (...args) => { try { f(...args); } catch (e) { setStatus(statusId, e.message, 'error'); } };
}

window.CGT_GAMES.push(() => {
  $('heap-new').onclick = guarded('heap-status', () => heapNew(false));
  $('heap-new-engine').onclick = guarded('heap-status', () => heapNew(true));
  $('wy-new').onclick = guarded('wy-status', () => wyNew(false));
  $('wy-new-engine').onclick = guarded('wy-status', () => wyNew(true));
  $('ttt-new').onclick = guarded('ttt-status', () => tttNew(false));
  $('ttt-new-engine').onclick = guarded('ttt-status', () => tttNew(true));
  $('dom-new').onclick = guarded('dom-status', () => domNew(false));
  $('dom-new-engine').onclick = guarded('dom-status', () => domNew(true));
  redraws.heaps = guarded('heap-status', () => (heapGame.heaps.length ? heapDraw() : heapNew(false)));
  redraws.wythoff = guarded('wy-status', () => (wy.a0 !== undefined ? wyDraw() : wyNew(false)));
  redraws.toetactics = guarded('ttt-status', () => (ttt.value !== undefined ? tttDraw() : tttNew(false)));
  redraws.domineering = guarded('dom-status', () => (dom.value !== undefined ? domDraw() : domNew(false)));
});
