#!/usr/bin/env node
// Run one RxJS example file in virtual time and print what it logs.
// Usage: NODE_PATH=/usr/share/nodejs node Tests/Import/rxjs_run.js FILE.js
// Output: one line per console.log call, "FRAME JSON", in call order.
'use strict';
const fs = require('fs');
const { TestScheduler } = require('rxjs/testing');

const file = process.argv[2];
if (!file) {
  process.stderr.write('usage: rxjs_run.js FILE.js\n');
  process.exit(2);
}
const source = fs.readFileSync(file, 'utf8');

// import { a, b as c } from 'mod';  ->  const { a, b: c } = require('mod');
const body = source.replace(
  /^[ \t]*import\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2\s*;?/gm,
  (_, names, _q, mod) => {
    const list = names.split(',').map(s => s.trim()).filter(Boolean)
      .map(s => s.replace(/^(\w+)\s+as\s+(\w+)$/, '$1: $2'));
    return `const { ${list.join(', ')} } = require(${JSON.stringify(mod)});`;
  });

const scheduler = new TestScheduler((a, b) => {
  if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error('assertion mismatch');
});

const records = [];
const realLog = console.log;
const fmt = v => (v === undefined ? 'undefined' : JSON.stringify(v));
const record = (...args) => { records.push([scheduler.now(), args.length === 1 ? args[0] : args]); };
try {
  const fn = new Function('require', body);
  // run() calls the callback, then flushes the virtual clock; logging happens
  // during both, so console.log stays replaced until run returns.
  console.log = record;
  try {
    scheduler.run(() => { fn(require); });
  } finally {
    console.log = realLog;
  }
} catch (e) {
  process.stdout.write(`THROWS ${e && e.message !== undefined ? e.message : String(e)}\n`);
  process.exit(1);
}
process.stdout.write(records.map(([t, v]) => `${t} ${fmt(v)}`).join('\n') + (records.length ? '\n' : ''));
