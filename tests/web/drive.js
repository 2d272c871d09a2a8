// Drives the playground (dist/web) in headless Chromium with puppeteer-core
// and prints TAP.  Run by tests/web/90_web.t, which serves dist/web and passes:
//   CGT_WEB_URL       the page's address
//   CGT_WEB_SHOTS     a directory for screenshots
//   CGT_WEB_QUERY     a console query, and CGT_WEB_NATIVE its answer from the
//                     native extension (rows of |-joined columns)
//   CGT_WEB_GRAPH     the drawn graph's solution from the native extension
//                     (node|outcome lines), CGT_WEB_EXAMPLE the example graph's
'use strict';
const puppeteer = require('puppeteer-core');

let n = 0, failed = 0;
function ok(pass, name, diag) {
  n++;
  if (!pass) failed++;
  console.log(`${pass ? 'ok' : 'not ok'} ${n} - ${name}`);
  if (!pass && diag !== undefined) console.log(String(diag).replace(/^/gm, '#   '));
}
function is(got, want, name) { ok(got === want, name, `got:\n${got}\nexpected:\n${want}`); }

const status = (page, id) => page.$eval('#' + id, (e) => ({text: e.textContent, over: e.dataset.over || ''}));

// Plays a heap game from the spec; the player clicks the hinted winning moves
// when `best`, else moves that leave a non-zero nim-sum when there are any.
// Returns the statuses seen at the player's turns and the end.
async function playHeaps(page, spec, best) {
  await page.$eval('#heap-spec', (e, v) => { e.value = v; }, spec);
  await page.click('#heap-new');
  const seen = [];
  for (let turn = 0; turn < 60; turn++) {
    const s = await status(page, 'heap-status');
    seen.push(s);
    if (s.over) return seen;
    const pick = await page.$(best ? '#heap-board button.win' : '#heap-board button.lose') || await page.$('#heap-board .moves button');
    await pick.click();
  }
  return seen;
}

// The documented answers of an example's statements (null where none is
// given), split as web/examples.py and tests/repo/45_readme.t split them.
function expected(sql) {
  const out = [];
  for (const line of sql.split('\n')) {
    const [body, ...rest] = line.split('--');
    const comment = rest.join('--').trim();
    const want = comment.startsWith('→') ? comment.slice(1).trim() : comment.startsWith('error:') ? comment : null;
    if (!body.trim() && want !== null && out.length) out[out.length - 1] = want;
    else if (body.trimEnd().endsWith(';')) out.push(want);
  }
  return out;
}

// A screenshot of the page from the top of element `from` to the bottom of `to`.
async function shotBetween(page, from, to, file) {
  const a = await (await page.$(from)).boundingBox(), b = await (await page.$(to)).boundingBox();
  const x = Math.min(a.x, b.x), width = Math.max(a.x + a.width, b.x + b.width) - x;
  await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/${file}`,
    clip: {x, y: a.y, width: Math.min(width, 720), height: b.y + b.height - a.y}});
}

// Whether the page's "error: message" matches a documented one, where "..."
// stands for any text.
function errorMatches(got, want) {
  let at = 0;
  for (const part of want.split('...').map((x) => x.trim()).filter(Boolean)) {
    const k = got.indexOf(part, at);
    if (k < 0) return false;
    at = k + part.length;
  }
  return got.startsWith('error: ');
}

// Clicks the drawn graph's node id.
async function clickNode(page, id) { await page.click(`#g-svg g.node[data-id="${id}"] circle`); }

// Plays a board to the end, clicking at each turn the first square that the
// first matching selector of `choices` finds.
async function playBoard(page, tab, newButton, statusId, choices) {
  await page.click(`#tabs button[data-tab="${tab}"]`);
  await page.click(newButton);
  for (let turn = 0; turn < 40; turn++) {
    const s = await status(page, statusId);
    if (s.over) return s;
    for (const sel of choices) {
      const cell = await page.$(sel);
      if (cell) { await cell.click(); break; }
    }
  }
  return status(page, statusId);
}

(async () => {
  // One process for the browser and the page (--single-process, as headless
  // Chromium runs in serverless hosts): its own processes cost the test
  // 3 of its 14 CPU-seconds in `make test`.
  const browser = await puppeteer.launch({executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true, args: ['--single-process', '--no-zygote', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage']});
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.setViewport({width: 1100, height: 900});
    await page.goto(process.env.CGT_WEB_URL, {waitUntil: 'load'});
    await page.waitForSelector('body[data-ready="1"]', {timeout: 60000});
    ok(true, 'the page loads SQLite with cgt');
    const version = await page.$eval('#status', (e) => e.textContent);
    ok(/Ready: cgt \S+ on SQLite 3\./.test(version), 'the page names cgt and SQLite versions', version);

    // The console: a query compared with the native extension's answer.
    await page.$eval('#sql', (e, v) => { e.value = v; }, process.env.CGT_WEB_QUERY);
    await page.click('#run');
    const table = await page.$$eval('#results table.result tr', (rows) => rows.slice(1).map((r) =>
      Array.from(r.children).map((c) => c.textContent).join('|')).join('\n'));
    const consoleError = await page.$eval('#results', (e) => (e.querySelector('.error') || {}).textContent || '');
    is(table + consoleError, process.env.CGT_WEB_NATIVE, 'a console query answers as the native extension does');
    const exampleCount = await page.$$eval('#examples a', (a) => a.length);
    ok(exampleCount >= 20, `the console lists the documentation's examples (${exampleCount})`);
    await page.click('#examples a[data-example="0"]');
    const firstError = await page.$eval('#results', (e) => (e.querySelector('.error') || {}).textContent || '');
    is(firstError, '', 'the first example runs with one click');
    // Every example of the documentation, clicked in turn, answers what its "-- →" comment says.
    const examples = await page.evaluate(() => window.CGT_EXAMPLES.examples.map((e) => e.sql));
    const wrong = [];
    let checked = 0;
    // (clicked in the page, one call for all: a round trip to Chromium each took seconds in all)
    const shownAll = await page.evaluate((count) => Array.from({length: count}, (_, i) => {
      document.querySelector(`#examples a[data-example="${i}"]`).click();
      return Array.from(document.querySelectorAll('#results > *'), (e) => {
        const t = e.querySelector('table'), err = e.querySelector('.error');
        if (err) return 'error: ' + err.textContent;
        return t ? Array.from(t.querySelectorAll('tr')).slice(1).map((r) =>
          Array.from(r.children).map((c) => c.textContent).join('|')).join(' / ') : null;
      });
    }), examples.length);
    for (let i = 0; i < examples.length; i++) {
      const shown = shownAll[i];
      const wants = expected(examples[i]);
      if (shown.length !== wants.length) wrong.push(`example ${i}: ${shown.length} results for ${wants.length} statements`);
      wants.forEach((want, k) => {
        const got = shown[k] || '';
        if (want === null) {
          if (got.startsWith('error: ')) wrong.push(`example ${i}, statement ${k + 1}: ${got}`);
          return;
        }
        checked++;
        if (want.startsWith('error: ') ? !errorMatches(got, want) : got !== want)
          wrong.push(`example ${i}, statement ${k + 1}: got ${got}, documented ${want}`);
      });
    }
    ok(checked >= 50 && !wrong.length, `every example answers as documented (${checked} results compared)`, wrong.join('\n'));
    const solveExample = await page.evaluate(() => window.CGT_EXAMPLES.examples.findIndex((e) => e.title.startsWith('cgt_solve')));
    await page.click(`#examples a[data-example="${Math.max(solveExample, 0)}"]`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/console.png`});

    // Kayles against the engine, twice: a careless player loses, a hinted one wins.
    await page.click('#tabs button[data-tab="heaps"]');
    await page.click('#hints');
    let seen = await playHeaps(page, 'kayles 5\nkayles 3', false);
    let end = seen[seen.length - 1];
    is(end.over, 'engine', 'Kayles 5+3 played to the end: a careless player loses to the engine');
    ok(seen.slice(1, -1).every((s) => /Nim-sum 0:/.test(s.text)) && seen.length > 2,
      'after each engine move the player faces nim-sum 0', seen.map((s) => s.text).join('\n'));
    await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/kayles-lost.png`});
    seen = await playHeaps(page, 'kayles 5\nkayles 3', true);
    end = seen[seen.length - 1];
    is(end.over, 'you', 'Kayles 5+3 played to the end with the hinted moves: the player wins');
    seen = await playHeaps(page, 'kayles 6\n0.07 7\nsub{1,3,4} 9', true);
    is(seen[0].text.match(/Nim-sum (\d+)/)[1], process.env.CGT_WEB_MIXED,
      'a mixed sum shows the nim-sum of the native heap_grundy values');
    is(seen[seen.length - 1].over, seen[0].text.includes('Nim-sum 0:') ? 'engine' : 'you',
      'the mixed sum ends as its nim-sum says');
    await page.$eval('#heap-spec', (e) => { e.value = 'kayles 5\n0.07 7\nsub{1,3,4} 6'; });
    await page.click('#heap-new');
    await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/heaps.png`});
    await shotBetween(page, '#heap-status', '#heap-board', 'heaps-small.png');

    // A drawn cyclic graph: 1 <-> 2, 2 -> 3 -> 4.
    await page.click('#tabs button[data-tab="graph"]');
    await page.click('#g-clear');
    const box = await (await page.$('#g-svg')).boundingBox();
    for (const [x, y] of [[120, 120], [320, 120], [320, 300], [520, 300]])
      await page.mouse.click(box.x + x * box.width / 640, box.y + y * box.height / 420);
    for (const [a, b] of [[1, 2], [2, 1], [2, 3], [3, 4]]) { await clickNode(page, a); await clickNode(page, b); }
    const colours = await page.$$eval('#g-svg g.node', (gs) => gs.map((g) => g.dataset.id + '|' +
      ['N', 'P', 'D'].filter((c) => g.classList.contains(c)).join('')).join('\n'));
    is(colours, process.env.CGT_WEB_GRAPH, 'the drawn graph is coloured as the native cgt_solve says (draws included)');
    await page.click('#g-play');
    await clickNode(page, 1);
    for (let i = 0; i < 20; i++) {
      if ((await status(page, 'g-status')).over) break;
      await clickNode(page, 2);   /* 1 -> 2; the engine keeps the draw by moving back to 1 */
    }
    let g = await status(page, 'g-status');
    is(g.over, 'draw', 'the cyclic game from 1 ends in a draw by repetition');
    await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/graph-draw.png`});
    await clickNode(page, 2);
    await clickNode(page, 3);   /* 2 -> 3 hands the engine a win: 3 -> 4 */
    g = await status(page, 'g-status');
    is(g.over, 'engine', 'moving from 2 to 3 loses: the engine moves to the terminal 4', g.text);
    await clickNode(page, 3);
    await clickNode(page, 4);
    g = await status(page, 'g-status');
    is(g.over, 'you', 'from 3 the player moves to 4 and wins');
    await page.click('#hints');   /* off */
    await page.click('#hints');   /* on, redraws with labels */
    await clickNode(page, 1);
    await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/graph.png`});
    await shotBetween(page, '#g-status', '#g-svg', 'graph-small.png');

    await page.click('#g-example');
    const example = await page.$$eval('#g-svg g.node', (gs) => gs.map((g) => g.dataset.id + '|' +
      ['N', 'P', 'D'].filter((c) => g.classList.contains(c)).join('')).join('\n'));
    is(example, process.env.CGT_WEB_EXAMPLE, 'the example graph is coloured as the native cgt_solve says');
    await page.click('#g-play');
    await clickNode(page, 7);
    await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/graph-example.png`});
    await shotBetween(page, '#g-status', '#g-svg', 'graph-example-small.png');

    // The partizan boards and Wythoff play to the end.
    let s = await playBoard(page, 'toetactics', '#ttt-new', 'ttt-status', ['#ttt-board .cell.free']);
    ok(s.over === 'you' || s.over === 'engine', 'Toe-Tac-Tics plays to the end', s.text);
    await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/toetactics.png`});
    s = await playBoard(page, 'domineering', '#dom-new', 'dom-status', ['#dom-board .cell.free.lose', '#dom-board .cell.free.win']);
    ok(s.over === 'you' || s.over === 'engine', 'Domineering 4x4 plays to the end', s.text);
    is(s.over, 'engine', 'on 4x4 (value ±{...}, a first-player win) a careless Left loses to the engine');
    await page.click('#dom-new');
    const thermo = await page.$eval('#dom-thermo', (e) => (e.querySelector('svg title') || {}).textContent || '');
    is(thermo, 'thermograph: mean 0, temperature ' + process.env.CGT_WEB_DOMTEMP,
      'with hints, the empty 4x4 Domineering board shows its thermograph (as native cg_thermograph_svg)');
    await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/domineering.png`});
    // Past 20 squares the engine answers by search (board_winning_moves).
    await page.$eval('#dom-rows', (e) => { e.value = '5'; });
    await page.$eval('#dom-cols', (e) => { e.value = '6'; });
    await page.click('#dom-new');
    const searching = (await status(page, 'dom-status')).text;
    ok(/by search/.test(searching), 'on 5x6 the hints come from the search', searching);
    s = await playBoard(page, 'domineering', '#dom-new', 'dom-status', ['#dom-board .cell.free.lose', '#dom-board .cell.free.win', '#dom-board .cell.free']);
    is(s.over, 'engine', 'on 5x6 (Right wins whoever starts) the engine, playing by search, beats Left');
    s = await playBoard(page, 'wythoff', '#wy-new', 'wy-status', ['#wy-board td.reach.lose', '#wy-board td.reach']);
    ok(s.over === 'engine', 'Wythoff 9, 12: a player who avoids the P squares loses to the engine', s.text);
    await page.click('#wy-new');
    await page.screenshot({path: `${process.env.CGT_WEB_SHOTS}/wythoff.png`});
    is(errors.join('\n'), '', 'no script errors on the page');
  } finally {
    await browser.close();
  }
  console.log(`1..${n}`);
  process.exit(failed ? 1 : 0);
})().catch((e) => {
  ok(false, 'the browser run completes', e.stack);
  console.log(`1..${n}`);
  process.exit(1);
});
