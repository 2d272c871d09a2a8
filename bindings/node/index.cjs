'use strict';
// sqlite-cgt: cgt, combinatorial game theory inside SQLite, for Node.
//
//   const Database = require('better-sqlite3');
//   const cgt = require('sqlite-cgt');
//   const db = new Database(':memory:');
//   cgt.load(db);
//   db.prepare("SELECT heap_grundy('kayles', 15)").pluck().get();   // 7
//
// load(db) takes a better-sqlite3 Database or a node:sqlite DatabaseSync
// (opened with { allowExtension: true }); getLoadablePath() is the
// library's path for any other way of loading it.  The package holds the
// library for linux-x64 with glibc; elsewhere both are an error naming the
// platform.
const fs = require('node:fs');
const path = require('node:path');

// true when this process runs on glibc (musl's Linux has no glibc
// version); asked once (a report takes milliseconds).
let glibc;
function isGlibc() {
  if (glibc === undefined) {
    const report = process.report && typeof process.report.getReport === 'function' ? process.report.getReport() : null;
    glibc = Boolean(report && report.header && report.header.glibcVersionRuntime);
  }
  return glibc;
}

// The library's path: lib/linux-x64/cgt.so in this package.
function getLoadablePath() {
  const platform = `${process.platform}-${process.arch}`;
  if (platform !== 'linux-x64' || !isGlibc()) {   // (the platform first: no report elsewhere)
    throw new Error(`sqlite-cgt: no library for ${platform}${process.platform === 'linux' ? ' without glibc' : ''}: ` +
      'this package holds one for linux-x64 with glibc only; elsewhere build cgt from its sources (make) ' +
      'and load dist/cgt.so');
  }
  const file = path.join(__dirname, 'lib', 'linux-x64', 'cgt.so');
  if (!fs.existsSync(file)) throw new Error(`sqlite-cgt: the package has lost its library: ${file}`);
  return file;
}

// Loads cgt into db: a better-sqlite3 Database, or a node:sqlite
// DatabaseSync, for which extension loading is enabled for the load only.
function load(db) {
  const file = getLoadablePath();
  if (db && typeof db.enableLoadExtension === 'function') {   // node:sqlite
    try {
      db.enableLoadExtension(true);
    } catch (e) {
      throw new Error('sqlite-cgt: this node:sqlite database does not allow extensions; open it with ' +
        `new DatabaseSync(path, { allowExtension: true }) (${e.message})`);
    }
    try {
      db.loadExtension(file);
    } finally {
      db.enableLoadExtension(false);
    }
    return;
  }
  if (db && typeof db.loadExtension === 'function') {   // better-sqlite3
    db.loadExtension(file);
    return;
  }
  throw new TypeError('sqlite-cgt: load(db) takes a better-sqlite3 Database or a node:sqlite DatabaseSync');
}

module.exports = { getLoadablePath, load };
module.exports.default = module.exports;   // as index.d.ts and index.mjs have it
