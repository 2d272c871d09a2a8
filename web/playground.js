// The playground's frame: opens SQLite (cgt.js, built from web/cgt_web.c),
// offers db.rows / db.value to the games, and runs the SQL console.
'use strict';

const cgt = {
  module: null,
  // Runs sql (one or more statements); returns the parsed answer of cgtw_exec.
  exec(sql, budgetMs = 20000) {
    const p = this.module.ccall('cgtw_exec', 'number', ['string', 'number'], [sql, budgetMs]);
    const text = this.module.UTF8ToString(p);
    this.module._cgtw_free(p);
    return JSON.parse(text);
  },
  // The rows of the last statement of sql; throws the first error message.
  rows(sql, log) {
    if (log) log.textContent = (sql + '\n\n' + log.textContent).slice(0, 20000);
    const r = this.exec(sql);
    if (r.error) throw new Error(r.error);
    return r.results.length ? r.results[r.results.length - 1].rows : [];
  },
  // The first value of the first row of sql.
  value(sql, log) {
    const rows = this.rows(sql, log);
    return rows.length ? rows[0][0] : null;
  },
};

// A SQL string literal.
function lit(s) { return "'" + String(s).replace(/'/g, "''") + "'"; }

// A DOM element: el('td', {class: 'x'}, child, ...).
function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c instanceof Node ? c : String(c));
  return e;
}

function hintsOn() { return document.getElementById('hints').checked; }

// Tabs: each game draws itself when shown and when hints are switched.
const redraws = {};
function showTab(name) {
  for (const b of document.querySelectorAll('#tabs button')) b.classList.toggle('active', b.dataset.tab === name);
  for (const s of document.querySelectorAll('.tab')) s.classList.toggle('active', s.id === name);
  if (redraws[name]) redraws[name]();
}

// One statement's result as a table.
function resultTable(res) {
  const t = el('table', {class: 'result'});
  t.append(el('tr', {}, ...res.columns.map((c) => el('th', {}, c))));
  for (const row of res.rows)
    t.append(el('tr', {}, ...row.map((v) => el('td', v === null ? {class: 'null'} : {}, v === null ? 'NULL' : v))));
  return t;
}

// Runs the console's SQL and shows per statement a table, "done" or its error.
function runConsole() {
  const out = document.getElementById('results');
  out.textContent = '';
  const r = cgt.exec(document.getElementById('sql').value);
  for (const res of r.results) {
    const div = el('div', {class: 'statement'});
    if (res.error) div.append(el('p', {class: 'error'}, res.error));
    else if (res.columns.length) div.append(resultTable(res));
    else div.append(el('p', {class: 'done'}, 'done'));
    out.append(div);
  }
  if (r.error && !r.results.some((res) => res.error)) out.append(el('p', {class: 'error'}, r.error));
}

// A fresh database with the documentation's tables and the sample data of
// one page (the page of example `skip`, or the last page used), except the
// rows that example `skip` stores itself.
let examplePage = null;
function freshDatabase(skip) {
  cgt.module._cgtw_open();
  const ex = window.CGT_EXAMPLES;
  if (skip !== undefined) examplePage = ex.examples[skip].page;
  if (examplePage === null && ex.examples.length) examplePage = ex.examples[0].page;
  const writes = ex.writes.filter(([i, page]) => i !== skip && page === examplePage).map(([, , sql]) => sql);
  return cgt.exec(ex.schema + '\n' + writes.join('\n')).error;
}

async function start() {
  cgt.module = await CgtModule();
  const setupError = freshDatabase();
  const list = document.getElementById('examples');
  window.CGT_EXAMPLES.examples.forEach((ex, i) => {
    if (i === 0 || window.CGT_EXAMPLES.examples[i - 1].page !== ex.page) list.append(el('li', {class: 'page'}, ex.page));
    const li = el('li', {title: ex.page}, el('a', {href: '#', 'data-example': i, onclick: (e) => {
      e.preventDefault();
      document.getElementById('sql').value = ex.sql;
      freshDatabase(i);
      runConsole();
    }}, ex.title), el('pre', {}, ex.sql.split('\n')[0]));
    list.append(li);
  });
  document.getElementById('run').onclick = runConsole;
  document.getElementById('reset-db').onclick = () => { freshDatabase(); runConsole(); };
  document.getElementById('sql').addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && e.ctrlKey) { e.preventDefault(); runConsole(); }
  });
  for (const b of document.querySelectorAll('#tabs button')) b.onclick = () => showTab(b.dataset.tab);
  document.getElementById('hints').onchange = () => {
    const active = document.querySelector('.tab.active');
    if (redraws[active.id]) redraws[active.id]();
  };
  const version = cgt.value('SELECT cgt_version() || \' on SQLite \' || sqlite_version()');
  document.getElementById('status').textContent = 'Ready: cgt ' + version + (setupError ? ' (setup: ' + setupError + ')' : '') + '.';
  runConsole();
  document.body.dataset.ready = '1';
  for (const init of window.CGT_GAMES || []) init();
}

window.addEventListener('load', start);
