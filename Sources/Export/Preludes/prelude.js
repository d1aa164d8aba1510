'use strict';
// Exported by `frp export --to rxjs`. Runs with RxJS 7 on Node's module path:
//   NODE_PATH=/usr/share/nodejs node THIS_FILE.js
// Each `expect` of the script is one TestScheduler run (frp runs each on its own),
// compared as `frp test` compares: frame, kind and value of every event.
const { TestScheduler } = require('rxjs/testing');
const { /* the rxjs names the file calls */ } = require('rxjs');

// A record's own field: not one every object inherits (`constructor`).
const own = (x, k) => Object.prototype.hasOwnProperty.call(x, k);
// frp's == is deep (records regardless of field order), + joins texts and lists,
// / and % by zero fail, `matches` matches the whole text.
const deepEqual = (a, b, same) => {
  if (same(a, b)) return true;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((x, i) => deepEqual(x, b[i], same));
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length && keys.every((k) => own(b, k) && deepEqual(a[k], b[k], same));
  }
  return false;
};
const eq = (a, b) => deepEqual(a, b, (x, y) => x === y);
const add = (a, b) => Array.isArray(a) ? a.concat(b) : a + b;
const div = (a, b) => { if (b === 0) throw 'division by zero'; return a / b; };
const rem = (a, b) => { if (b === 0) throw 'remainder of a division by zero'; return a % b; };
// frp's `matches` takes linear time; V8's own engine backtracks (`(a+)+b` on "aaa…a!"
// would not end), so a match that backtracks too long goes to V8's linear engine.
require('v8').setFlagsFromString('--enable-experimental-regexp-engine-on-excessive-backtracks');
const matches = (text, pattern) => new RegExp('^(?:' + pattern + ')$').test(text);
// A value as frp prints it: `{a: 1, b: "x"}`, whole numbers without a fraction, nan.
const text = (v) => {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'number') return Number.isNaN(v) ? 'nan' : v === Infinity ? 'infinity' : v === -Infinity ? '-infinity' : String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(text).join(', ') + ']';
  if (typeof v === 'object') return '{' + Object.keys(v).map((k) => k + ': ' + text(v[k])).join(', ') + '}';
  return String(v);
};
// `model.a.b := v`: a copy of the record with that field set.
const setIn = (record, path, value) => path.length === 0 ? value
  : { ...record, [path[0]]: setIn((record ?? {})[path[0]], path.slice(1), value) };
const finalized = (label) => () => console.log(`  ${label}: finalized`);
const logged = (label) => ({
  next: (v) => console.log(`  ${label}: next ${JSON.stringify(v)}`),
  error: (e) => console.log(`  ${label}: error ${e}`),
  complete: () => console.log(`  ${label}: completed`),
});
const fn = {
  length: (x) => typeof x === 'object' && x !== null && !Array.isArray(x) ? Object.keys(x).length : [...x].length,
  number: (x) => Number(x),
  string: (x) => typeof x === 'string' ? x : text(x),
  contains: (x, item) => Array.isArray(x) ? x.some((y) => eq(y, item)) : typeof x === 'string' ? x.includes(item) : own(x, item),
  has: (x, name) => x !== null && typeof x === 'object' && own(x, name) && x[name] !== undefined && x[name] !== null,
  own: (x, name) => x !== null && typeof x === 'object' && own(x, name) ? x[name] : undefined,
  first: (list) => list.length ? list[0] : null,
  last: (list) => list.length ? list[list.length - 1] : null,
  slice: (x, from, to) => x.slice(from, to),
  sum: (list) => list.reduce((a, b) => a + b, 0),
  join: (list, separator = '') => list.map((x) => typeof x === 'string' ? x : text(x)).join(separator),
  keys: (record) => Object.keys(record),
  where: (list, field, value) => list.filter((x) => eq(x[field], value)),
  find: (list, field, value) => list.find((x) => eq(x[field], value)),
  each: (list, make) => list.map(make),
  keep: (list, condition) => list.filter(condition),
  raise: (message) => { throw message; },
};

// frp actions, when the script has one
let passed = 0, failed = 0;
// A pipeline's head that may be a signal (a window, a group) or a value.
const signalOf = (v) => isObservable(v) ? v : of(v);
const message = (e) => e instanceof Error ? e.message : String(e);
// frp's event records (`materialize`, `dematerialize`) from RxJS's Notifications and back.
const eventRecord = (n) => n.kind === 'N' ? { kind: 'next', value: n.value }
  : n.kind === 'E' ? { kind: 'error', error: message(n.error) } : { kind: 'completed' };
const eventNotification = (r) => r.kind === 'next' ? { kind: 'N', value: r.value ?? null }
  : r.kind === 'error' ? { kind: 'E', error: r.error ?? 'error' } : { kind: 'C' };
const sameEvents = (actual, expected) => actual.length === expected.length && actual.every((a, i) => {
  const b = expected[i];
  if (a.frame !== b.frame || a.notification.kind !== b.notification.kind) return false;
  // frp has no undefined: a field JavaScript does not find is frp's null here.
  if (a.notification.kind === 'N') return deepEqual(a.notification.value, b.notification.value, (x, y) => Object.is(x ?? null, y ?? null));
  if (a.notification.kind === 'E') return message(a.notification.error) === message(b.notification.error);
  return true;
});
const shown = (events) => events.map(({ frame, notification: n }) =>
  `${frame}ms ${n.kind === 'N' ? 'next ' + JSON.stringify(n.value) : n.kind === 'E' ? 'error ' + JSON.stringify(message(n.error)) : 'completed'}`).join(', ');
// One expect: `until` is where frp test stops looking (the marble's width, or 1,000
// frames after its last mark).
function expectMarble(line, title, make, marble, values, error, until) {
  const scheduler = new TestScheduler((actual, expected) => {
    if (sameEvents(actual, expected)) {
      passed++;
      console.log(`✓ line ${line}: ${title}`);
    } else {
      failed++;
      console.log(`✗ line ${line}: ${title}\n    expected: ${shown(expected)}\n    actual:   ${shown(actual)}`);
    }
  });
  scheduler.run((helpers) => {
    helpers.expectObservable(make(helpers), '^ ' + (until - 1) + 'ms !').toBe(marble, values, error);
  });
}
// One run, printed as `frp run --virtual` prints it: each event at its time, for at
// most a minute of virtual time (RxJS's TestScheduler cannot tell that nothing more
// can happen, as frp can, so a source that never ends is cut there).
function showRun(line, title, make) {
  const scheduler = new TestScheduler((actual) => {
    console.log(`» ${title}`);
    for (const { frame, notification: n } of actual) {
      const time = frame < 1000 ? `${frame}ms` : `${frame / 1000}s`;
      const event = n.kind === 'N' ? `next ${text(n.value)}` : n.kind === 'E' ? `error ${JSON.stringify(message(n.error))}` : 'completed';
      console.log(`${time.padStart(9)}  ${event}`);
    }
  });
  scheduler.run((helpers) => { helpers.expectObservable(make(helpers), '^ 59999ms !').toBe(''); });
}
process.on('exit', () => {
  console.log(`${passed} passed, ${failed} failed`);
  if (failed > 0) process.exitCode = 1;
});
