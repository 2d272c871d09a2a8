// A game graph the user draws: stored in cgt_edge / cgt_node as graph
// 'drawn', coloured by cgt_solve, played with a token against the engine,
// which chooses among cgt_options.
'use strict';

const graph = {nodes: [], edges: [], next: 1, mode: 'draw', selected: null,
  token: null, yourTurn: true, over: false, seen: new Map(), solved: new Map(), options: []};
const SVGNS = 'http://www.w3.org/2000/svg';

function svgEl(tag, attrs, text) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

// Writes the drawing to cgt_edge / cgt_node and solves it.
function graphStore() {
  const log = document.getElementById('g-log');
  let sql = "DELETE FROM cgt_edge WHERE graph_id = 'drawn'; DELETE FROM cgt_node WHERE graph_id = 'drawn';\n";
  if (graph.nodes.length) sql += 'INSERT INTO cgt_node VALUES ' + graph.nodes.map((n) => `('drawn', ${n.id})`).join(', ') + ';\n';
  if (graph.edges.length) sql += 'INSERT INTO cgt_edge(graph_id, src, dst) VALUES ' + graph.edges.map(([a, b]) => `('drawn', ${a}, ${b})`).join(', ') + ';\n';
  sql += "SELECT node, grundy, outcome, remoteness FROM cgt_solve('drawn');";
  graph.solved = new Map(cgt.rows(sql, log).map(([node, g, o, r]) => [node, {grundy: g, outcome: o, remoteness: r}]));
}

// The moves from the token with their outcomes (cgt_options) and remoteness.
function graphOptions() {
  graph.options = graph.token === null ? [] : cgt.rows(
    `SELECT dst, outcome, winning, remoteness('drawn', dst) FROM cgt_options('drawn', ${graph.token});`,
    document.getElementById('g-log')).map(([dst, outcome, winning, rem]) => ({dst, outcome, winning, rem}));
}

function nodeAt(id) { return graph.nodes.find((n) => n.id === id); }

// Moves the token; a position met a third time with the same player to move is a draw.
function graphMoveTo(dst) {
  graph.token = dst;
  graph.yourTurn = !graph.yourTurn;
  const key = dst + (graph.yourTurn ? 'y' : 'e');
  graph.seen.set(key, (graph.seen.get(key) || 0) + 1);
  graphOptions();
  if (graph.seen.get(key) >= 3) graph.over = 'draw';
  else if (!graph.options.length) graph.over = graph.yourTurn ? 'engine' : 'you';
}

// The engine: a move to P with the least remoteness, else to D, else to N
// with the greatest remoteness (the slowest loss).
function graphEngine() {
  const o = graph.options, rank = {P: 0, D: 1, N: 2};
  const best = o.slice().sort((a, b) => rank[a.outcome] - rank[b.outcome] ||
    (a.outcome === 'P' ? a.rem - b.rem : b.rem - a.rem))[0];
  graph.last = `Engine moved ${graph.token} → ${best.dst}. `;
  graphMoveTo(best.dst);
}

function graphStatus() {
  const hints = hintsOn();
  let text, over;
  if (graph.mode === 'draw') text = 'Draw mode: ' + graph.nodes.length + ' positions, ' + graph.edges.length + ' moves.';
  else if (graph.token === null) text = 'Play mode: click a position to put the token on it; you move first.';
  else if (graph.over === 'draw') { text = 'Draw by repetition: the token came back to ' + graph.token + ' a third time with the same player to move.'; over = 'draw'; }
  else if (graph.over) { text = graph.over === 'you' ? 'The engine cannot move: you win!' : 'You cannot move: the engine wins.'; over = graph.over; }
  else {
    const s = graph.solved.get(graph.token);
    text = 'Your move from ' + graph.token + '.' + (hints ? ` It is ${s.outcome}: ` + {N: 'move to a P position (bold green) to win.', P: 'every move loses against perfect play.', D: 'keep it a draw by moving to a D position.'}[s.outcome] : '');
  }
  setStatus('g-status', (graph.last || '') + text, over);
}

function graphDraw() {
  const svg = document.getElementById('g-svg'), hints = hintsOn();
  svg.textContent = '';
  svg.append(svgEl('defs', {}));
  svg.firstChild.innerHTML = '<marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="#555"/></marker>';
  const winning = new Set(graph.options.filter((o) => o.winning).map((o) => o.dst));
  for (const [a, b] of graph.edges) {
    const p = nodeAt(a), q = nodeAt(b);
    const bold = graph.mode === 'play' && hints && graph.yourTurn && a === graph.token && winning.has(b);
    const cls = 'edge' + (bold ? ' winning' : '');
    if (a === b) {
      svg.append(svgEl('path', {class: cls, d: `M ${p.x - 8} ${p.y - 16} C ${p.x - 40} ${p.y - 70}, ${p.x + 40} ${p.y - 70}, ${p.x + 8} ${p.y - 16}`, 'marker-end': 'url(#arrow)'}));
      continue;
    }
    const back = graph.edges.some(([c, d]) => c === b && d === a);
    const dx = q.x - p.x, dy = q.y - p.y, len = Math.hypot(dx, dy) || 1;
    const ox = back ? -dy / len * 8 : 0, oy = back ? dx / len * 8 : 0;   /* two-way moves side by side */
    svg.append(svgEl('line', {class: cls, x1: p.x + dx / len * 20 + ox, y1: p.y + dy / len * 20 + oy,
      x2: q.x - dx / len * 20 + ox, y2: q.y - dy / len * 20 + oy, 'marker-end': 'url(#arrow)'}));
  }
  for (const n of graph.nodes) {
    const s = graph.solved.get(n.id) || {};
    const g = svgEl('g', {class: 'node ' + (s.outcome || '') + (graph.selected === n.id ? ' selected' : ''), 'data-id': n.id});
    g.append(svgEl('circle', {cx: n.x, cy: n.y, r: 19}));
    g.append(svgEl('text', {x: n.x, y: n.y + 5}, n.id));
    if (hints && s.outcome) g.append(svgEl('text', {x: n.x, y: n.y + 34, class: 'label'}, `${s.outcome} g=${s.grundy}` + (s.remoteness === null ? '' : ` r=${s.remoteness}`)));
    if (graph.token === n.id) g.append(svgEl('circle', {cx: n.x, cy: n.y, r: 25, class: 'token'}));
    g.addEventListener('click', (e) => { e.stopPropagation(); graphClickNode(n.id, e.shiftKey); });
    svg.append(g);
  }
  graphStatus();
}

function graphClickNode(id, shift) {
  if (graph.mode === 'draw') {
    if (shift) {
      graph.nodes = graph.nodes.filter((n) => n.id !== id);
      graph.edges = graph.edges.filter(([a, b]) => a !== id && b !== id);
      graph.selected = null;
    } else if (graph.selected === null) {
      graph.selected = id;
    } else {
      if (!graph.edges.some(([a, b]) => a === graph.selected && b === id)) graph.edges.push([graph.selected, id]);
      graph.selected = null;
    }
    graphStore();
  } else if (graph.token === null || graph.over) {
    Object.assign(graph, {token: id, yourTurn: true, over: false, seen: new Map([[id + 'y', 1]]), last: ''});
    graphOptions();
    if (!graph.options.length) graph.over = 'engine';
  } else if (graph.yourTurn && graph.options.some((o) => o.dst === id)) {
    graph.last = '';
    graphMoveTo(id);
    if (!graph.over) graphEngine();
  }
  graphDraw();
}

function graphSetMode(mode) {
  graph.mode = mode;
  graph.selected = null;
  graph.token = null;
  graph.options = [];
  graph.last = '';
  document.getElementById('g-draw').classList.toggle('active', mode === 'draw');
  document.getElementById('g-play').classList.toggle('active', mode === 'play');
  graphDraw();
}

window.CGT_GAMES.push(() => {
  const svg = document.getElementById('g-svg');
  svg.addEventListener('click', guarded('g-status', (e) => {
    if (graph.mode !== 'draw') return;
    const r = svg.getBoundingClientRect();
    graph.nodes.push({id: graph.next++, x: Math.round((e.clientX - r.left) * 640 / r.width), y: Math.round((e.clientY - r.top) * 420 / r.height)});
    graph.selected = null;
    graphStore();
    graphDraw();
  }));
  document.getElementById('g-draw').onclick = () => graphSetMode('draw');
  document.getElementById('g-play').onclick = () => graphSetMode('play');
  document.getElementById('g-clear').onclick = guarded('g-status', () => {
    Object.assign(graph, {nodes: [], edges: [], next: 1});
    graphStore();
    graphSetMode('draw');
  });
  document.getElementById('g-example').onclick = guarded('g-status', () => {
    // A cycle through a position with a move to itself (draws), and a path
    // down to a terminal position: N, P and D all appear.
    const pts = [[110, 100], [300, 100], [490, 100], [490, 340], [300, 340], [300, 210], [110, 230]];
    graph.nodes = pts.map(([x, y], i) => ({id: i + 1, x, y}));
    graph.edges = [[1, 2], [2, 1], [1, 1], [2, 3], [3, 4], [4, 5], [6, 1], [6, 5], [3, 6], [7, 1], [7, 4]];
    graph.next = 8;
    graphStore();
    graphSetMode('draw');
  });
  document.getElementById('g-engine').onclick = guarded('g-status', () => {
    if (graph.mode !== 'play' || graph.token === null || graph.over || !graph.yourTurn) return;
    graph.yourTurn = false;   /* the engine takes the player's turn */
    graphEngine();
    graphDraw();
  });
  redraws.graph = guarded('g-status', () => { graphStore(); graphDraw(); });
});
