"""frp against the real RxJS: each case is one pipeline written twice, in frp and in RxJS 7
(Debian's, from `node-inquirer`: scripts/setup-rxjs), and both run in virtual time, frp's
with `frp run --virtual`, RxJS's on `rxjs/testing`'s TestScheduler in run mode (1 frame =
1 ms, as frp's marbles). The test compares every event: its frame, kind and value. A case
is where frp claims RxJS's behaviour: an option, an edge, a tie rule.

Run one: python3 -m pytest -q Tests/RxJS -k repeat
"""
import json
import os
import re
import subprocess
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FRP = ROOT / ".build" / "debug" / "frp"
NODE_PATH = "/usr/share/nodejs"

# (name, frp pipeline, RxJS expression over `cold`, `hot` and the rxjs exports)
CASES = [
    # repeat: N runs in all; a delay; a notifier per run (its number); its end and error.
    ("repeat count", 'cold "--a--b--|" | repeat 2', "cold('--a--b--|').pipe(repeat(2))"),
    ("repeat 0", 'cold "--a--b--|" | repeat 0', "cold('--a--b--|').pipe(repeat(0))"),
    ("repeat error", 'cold "--a--#" | repeat 3', "cold('--a--#').pipe(repeat(3))"),
    ("repeat take", 'cold "-a|" | repeat | take 3', "cold('-a|').pipe(repeat(), take(3))"),
    ("repeat delay", 'cold "-a|" | repeat 3 delay 5ms', "cold('-a|').pipe(repeat({count: 3, delay: 5}))"),
    ("repeat notifier", 'cold "-a|" | repeat 3 delay (timer 2ms)', "cold('-a|').pipe(repeat({count: 3, delay: () => timer(2)}))"),
    ("repeat notifier count", 'cold "-a|" | repeat delay (of it | filter it < 3)',
     "cold('-a|').pipe(repeat({delay: (n) => of(n).pipe(filter(x => x < 3))}))"),
    ("repeat notifier empty", 'cold "-a|" | repeat 3 delay empty', "cold('-a|').pipe(repeat({count: 3, delay: () => EMPTY}))"),
    ("repeat notifier error", 'cold "-a|" | repeat 3 delay (cold "-#" error "stop")',
     "cold('-a|').pipe(repeat({count: 3, delay: () => cold('-#', undefined, 'stop')}))"),
    # retry with a time and with a notifier
    ("retry count", 'cold "-a-#" | retry 2', "cold('-a-#').pipe(retry(2))"),
    ("retry delay", 'cold "-a-#" | retry 1 delay 3ms', "cold('-a-#').pipe(retry({count: 1, delay: 3}))"),
    ("retry notifier", 'cold "-a-#" | retry 2 delay (timer 2ms)', "cold('-a-#').pipe(retry({count: 2, delay: () => timer(2)}))"),
    ("retry notifier count", 'cold "-a-#" | retry delay (of it | filter it <= 2)',
     "cold('-a-#').pipe(retry({delay: (e, n) => of(n).pipe(filter(x => x <= 2))}))"),
    ("retry notifier error", 'cold "-a-#" | retry 3 delay (cold "-#" error "gave up")',
     "cold('-a-#').pipe(retry({count: 3, delay: () => cold('-#', undefined, 'gave up')}))"),
    # throttle's leading and trailing edges
    ("throttle leading", 'hot "abcdefabcdefabcdefabcdefa|" | throttle 5ms', "hot('abcdefabcdefabcdefabcdefa|').pipe(throttleTime(5))"),
    ("throttle trailing", 'hot "abcdefabcdefabcdefabcdefa|" | throttle 5ms trailing true',
     "hot('abcdefabcdefabcdefabcdefa|').pipe(throttleTime(5, undefined, {leading: true, trailing: true}))"),
    ("throttle trailing only", 'cold "-a-b-c---d|" | throttle 3ms leading false trailing true',
     "cold('-a-b-c---d|').pipe(throttleTime(3, undefined, {leading: false, trailing: true}))"),
    ("throttle trailing at the end", 'cold "-ab|" | throttle 5ms trailing true',
     "cold('-ab|').pipe(throttleTime(5, undefined, {leading: true, trailing: true}))"),
    ("throttle trailing error", 'cold "-ab#" | throttle 5ms trailing true',
     "cold('-ab#').pipe(throttleTime(5, undefined, {leading: true, trailing: true}))"),
    ("throttle neither edge", 'cold "-a-b|" | throttle 5ms leading false',
     "cold('-a-b|').pipe(throttleTime(5, undefined, {leading: false, trailing: false}))"),
    # first and last with a default
    ("first default", 'cold "-a-b|" | first it == "z" default "d"', "cold('-a-b|').pipe(first(x => x === 'z', 'd'))"),
    ("first default empty", 'cold "---|" | first default "d"', "cold('---|').pipe(first(undefined, 'd'))"),
    ("first default error", 'cold "--#" | first default "d"', "cold('--#').pipe(first(undefined, 'd'))"),
    ("last default", 'cold "-a-b|" | last it == "z" default "d"', "cold('-a-b|').pipe(last(x => x === 'z', 'd'))"),
    # sharing that never restarts, and sharing that starts with the run
    ("share reset false after the end", 'let once = cold "-a|" | share reset false\nonce | concat once',
     "(() => { const once = cold('-a|').pipe(share({resetOnError: false, resetOnComplete: false, resetOnRefCountZero: false})); "
     "return once.pipe(concatWith(once)); })()"),
    ("share reset false after everyone left", 'let once = cold "-a|" | share reset false\nonce | take 1 | concat once',
     "(() => { const once = cold('-a|').pipe(share({resetOnError: false, resetOnComplete: false, resetOnRefCountZero: false})); "
     "return once.pipe(take(1), concatWith(once)); })()"),
    ("share restarts", 'let again = cold "-a|" | share\nagain | take 1 | concat again',
     "(() => { const again = cold('-a|').pipe(share()); return again.pipe(take(1), concatWith(again)); })()"),
    ("share eager", 'let started = cold "-a-b-c|" | share eager true\ntimer 2ms | switchMap started',
     "(() => { const started = connectable(cold('-a-b-c|')); started.connect(); return timer(2).pipe(switchMap(() => started)); })()"),
    ("replay reset false keeps the error", 'let kept = cold "-a-#" error "boom" | replay 1 reset false\nkept | catch empty | concat kept',
     "(() => { const kept = cold('-a-#', undefined, 'boom').pipe(share({connector: () => new ReplaySubject(1), resetOnError: false, "
     "resetOnComplete: false, resetOnRefCountZero: false})); return kept.pipe(catchError(() => EMPTY), concatWith(kept)); })()"),
    ("replay runs again after an error", 'let rerun = cold "-a-#" error "boom" | replay 1\nrerun | catch empty | concat rerun',
     "(() => { const rerun = cold('-a-#', undefined, 'boom').pipe(shareReplay({bufferSize: 1, refCount: true})); "
     "return rerun.pipe(catchError(() => EMPTY), concatWith(rerun)); })()"),
    ("replay eager", 'let page = cold "-a-b|" | replay 2 eager true\ntimer 2ms | switchMap page',
     "(() => { const page = connectable(cold('-a-b|'), {connector: () => new ReplaySubject(2), resetOnDisconnect: false}); "
     "page.connect(); return timer(2).pipe(switchMap(() => page)); })()"),
    # the three differences issue 30 found
    ("takeLast 0", 'cold "--a--b--|" | takeLast 0', "cold('--a--b--|').pipe(takeLast(0))"),
    ("distinctUntilChanged key of the first value", 'cold "-a-b-|" | distinctUntilChanged raise("boom")',
     "cold('-a-b-|').pipe(distinctUntilChanged(null, () => { throw 'boom'; }))"),
    ("hot sources in creation order", 'let written = hot "--a-----|"\nhot "--b-----|" | merge written',
     "(() => { const written = hot('--a-----|'); return hot('--b-----|').pipe(mergeWith(written)); })()"),
    # conditions, maths and filters by place (Catalogue/Conditions.swift)
    ("defaultIfEmpty empty", 'cold "---|" | defaultIfEmpty "none"', "cold('---|').pipe(defaultIfEmpty('none'))"),
    ("defaultIfEmpty values", 'cold "-a-|" | defaultIfEmpty "none"', "cold('-a-|').pipe(defaultIfEmpty('none'))"),
    ("defaultIfEmpty error", 'cold "--#" | defaultIfEmpty "none"', "cold('--#').pipe(defaultIfEmpty('none'))"),
    ("every false", 'cold "-a-b-c|" {a: 2, b: 3, c: 4} | every it % 2 == 0',
     "cold('-a-b-c|', {a: 2, b: 3, c: 4}).pipe(every((x) => x % 2 === 0))"),
    ("every true", 'cold "-a-b|" {a: 2, b: 4} | every it % 2 == 0', "cold('-a-b|', {a: 2, b: 4}).pipe(every((x) => x % 2 === 0))"),
    ("every empty", 'cold "--|" | every it > 1', "cold('--|').pipe(every((x) => x > 1))"),
    ("isEmpty", 'cold "--a--|" | isEmpty', "cold('--a--|').pipe(isEmpty())"),
    ("isEmpty empty", 'cold "---|" | isEmpty', "cold('---|').pipe(isEmpty())"),
    ("find", 'cold "-a-b-c|" {a: 1, b: 4, c: 6} | find it > 3', "cold('-a-b-c|', {a: 1, b: 4, c: 6}).pipe(find((x) => x > 3))"),
    ("findIndex", 'cold "-a-b-c|" {a: 1, b: 4, c: 6} | findIndex it > 3',
     "cold('-a-b-c|', {a: 1, b: 4, c: 6}).pipe(findIndex((x) => x > 3))"),
    ("findIndex none", 'cold "-a-b|" {a: 1, b: 2} | findIndex it > 3', "cold('-a-b|', {a: 1, b: 2}).pipe(findIndex((x) => x > 3))"),
    ("elementAt", 'cold "-a-b-c|" | elementAt 1', "cold('-a-b-c|').pipe(elementAt(1))"),
    ("elementAt default", 'cold "-a|" | elementAt 3, "z"', "cold('-a|').pipe(elementAt(3, 'z'))"),
    ("ignoreElements", 'cold "-a-b-|" | ignoreElements', "cold('-a-b-|').pipe(ignoreElements())"),
    ("skipLast", 'cold "-a-b-c-d|" | skipLast 2', "cold('-a-b-c-d|').pipe(skipLast(2))"),
    ("skipLast 0", 'cold "-a-b|" | skipLast 0', "cold('-a-b|').pipe(skipLast(0))"),
    ("distinct", 'cold "-a-b-a-c-b|" | distinct', "cold('-a-b-a-c-b|').pipe(distinct())"),
    ("distinct by key", 'cold "-a-b-c|" {a: 1, b: 3, c: 2} | distinct it % 2', "cold('-a-b-c|', {a: 1, b: 3, c: 2}).pipe(distinct((x) => x % 2))"),
    ("toArray", 'cold "-a-b-c|" | toArray | map length(it)', "cold('-a-b-c|').pipe(toArray(), map((x) => x.length))"),
    ("endWith", 'cold "-a-b|" | endWith "x", "y"', "cold('-a-b|').pipe(endWith('x', 'y'))"),
    ("endWith error", 'cold "-a-#" | endWith "x"', "cold('-a-#').pipe(endWith('x'))"),
    ("min", 'cold "-a-b-c|" {a: 3, b: 1, c: 2} | min', "cold('-a-b-c|', {a: 3, b: 1, c: 2}).pipe(min())"),
    ("max", 'cold "-a-b-c|" {a: 3, b: 1, c: 2} | max', "cold('-a-b-c|', {a: 3, b: 1, c: 2}).pipe(max())"),
    ("min by key, ties to the later", 'cold "-a-b-c|" {a: {n: 1, r: 2}, b: {n: 2, r: 1}, c: {n: 3, r: 1}} | min it.r | map it.n',
     "cold('-a-b-c|', {a: {n: 1, r: 2}, b: {n: 2, r: 1}, c: {n: 3, r: 1}}).pipe(min((a, b) => a.r < b.r ? -1 : 1), map((x) => x.n))"),
    ("max by key, ties to the later", 'cold "-a-b-c|" {a: {n: 1, r: 2}, b: {n: 2, r: 5}, c: {n: 3, r: 5}} | max it.r | map it.n',
     "cold('-a-b-c|', {a: {n: 1, r: 2}, b: {n: 2, r: 5}, c: {n: 3, r: 5}}).pipe(max((a, b) => a.r > b.r ? 1 : -1), map((x) => x.n))"),
    ("min of none", 'cold "--|" | min', "cold('--|').pipe(min())"),
    ("race", 'cold "---a-b|" | race (cold "--x-y|")', "cold('---a-b|').pipe(raceWith(cold('--x-y|')))"),
    ("race tie to the source", 'cold "--a|" | race (cold "--x|")', "cold('--a|').pipe(raceWith(cold('--x|')))"),
    ("race won by an end", 'cold "---a|" | race (cold "-|")', "cold('---a|').pipe(raceWith(cold('-|')))"),
    ("forkJoin", 'cold "-a--b|" | forkJoin (cold "--x|"), (cold "-y-z---|") | map join(it, "")',
     "forkJoin([cold('-a--b|'), cold('--x|'), cold('-y-z---|')]).pipe(map((l) => l.join('')))"),
    ("forkJoin of an empty one", 'cold "-a--b|" | forkJoin (cold "--|")', "forkJoin([cold('-a--b|'), cold('--|')])"),
    ("forkJoin error", 'cold "-a--b|" | forkJoin (cold "--#")', "forkJoin([cold('-a--b|'), cold('--#')])"),
    ("skipUntil", 'cold "-a-b-c-d|" | skipUntil (cold "----x|")', "cold('-a-b-c-d|').pipe(skipUntil(cold('----x|')))"),
    ("skipUntil never", 'cold "-a-b|" | skipUntil (cold "-|")', "cold('-a-b|').pipe(skipUntil(cold('-|')))"),
    ("skipUntil at the same frame", 'hot "-a-b-c|" | skipUntil (hot "---x|")', "hot('-a-b-c|').pipe(skipUntil(hot('---x|')))"),
    ("sampleTime", 'cold "-a-b-c---d|" | sampleTime 3ms', "cold('-a-b-c---d|').pipe(sampleTime(3))"),
    ("auditTime", 'cold "-a-b----c--|" | auditTime 3ms', "cold('-a-b----c--|').pipe(auditTime(3))"),
    ("auditTime end in a window", 'cold "-a-b|" | auditTime 5ms', "cold('-a-b|').pipe(auditTime(5))"),
    ("pluck", 'cold "-a-b|" {a: {u: {n: "Ann"}}, b: {u: 1}} | pluck "u", "n" | map it ?? "none"',
     "cold('-a-b|', {a: {u: {n: 'Ann'}}, b: {u: 1}}).pipe(pluck('u', 'n'), map((x) => x ?? 'none'))"),
    ("startWith several", 'cold "-a|" | startWith "x", "y"', "cold('-a|').pipe(startWith('x', 'y'))"),
    # single: the one match at the end; a second fails at once, none at the end (the errors'
    # words differ: each side's error becomes the same text)
    ("single", 'cold "-a-b-c|" {a: 1, b: 2, c: 3} | single it % 2 == 0', "cold('-a-b-c|', {a: 1, b: 2, c: 3}).pipe(single((x) => x % 2 === 0))"),
    ("single too many", 'cold "-a-b-c-|" | single | catch (of "many")', "cold('-a-b-c-|').pipe(single(), catchError(() => of('many')))"),
    ("single none", 'cold "-a-b|" | single it == "z" | catch (of "none")', "cold('-a-b|').pipe(single((x) => x === 'z'), catchError(() => of('none')))"),
    # sequenceEqual: as values come, a difference at once, a longer side, both ended
    ("sequenceEqual", 'cold "-a-b-c|" | sequenceEqual (cold "--a-b-c|")', "cold('-a-b-c|').pipe(sequenceEqual(cold('--a-b-c|')))"),
    ("sequenceEqual differs", 'cold "-a-b|" | sequenceEqual (cold "--a-c-d|")', "cold('-a-b|').pipe(sequenceEqual(cold('--a-c-d|')))"),
    ("sequenceEqual longer", 'cold "-a|" | sequenceEqual (cold "-a-b|")', "cold('-a|').pipe(sequenceEqual(cold('-a-b|')))"),
    ("sequenceEqual shorter other", 'cold "-a-b---|" | sequenceEqual (cold "-a|")', "cold('-a-b---|').pipe(sequenceEqual(cold('-a|')))"),
    ("sequenceEqual records", 'cold "-a|" {a: {n: [1]}} | sequenceEqual (of {n: [1]})', "cold('-a|', {a: {n: [1]}}).pipe(sequenceEqual(of({n: [1]}), (x, y) => JSON.stringify(x) === JSON.stringify(y)))"),
    # distinctUntilKeyChanged by a field, deeply; the …MapTo names
    ("distinctUntilKeyChanged", 'cold "-a-b-c-d|" {a: {n: 1, s: "x"}, b: {n: 1, s: "y"}, c: {n: 2, s: "z"}, d: {n: 1, s: "w"}} | distinctUntilKeyChanged "n" | map it.s',
     "cold('-a-b-c-d|', {a: {n: 1, s: 'x'}, b: {n: 1, s: 'y'}, c: {n: 2, s: 'z'}, d: {n: 1, s: 'w'}}).pipe(distinctUntilKeyChanged('n'), map((x) => x.s))"),
    ("mergeMapTo", 'cold "-a--b|" | mergeMapTo (cold "-x-y|")', "cold('-a--b|').pipe(mergeMapTo(cold('-x-y|')))"),
    ("switchMapTo", 'cold "-a--b|" | switchMapTo (cold "-x-y|")', "cold('-a--b|').pipe(switchMapTo(cold('-x-y|')))"),
    ("concatMapTo", 'cold "-a-b|" | concatMapTo (cold "-x|")', "cold('-a-b|').pipe(concatMapTo(cold('-x|')))"),
    # timeInterval from the subscription for the first value; timestamp on the run's clock
    ("timeInterval", 'cold "-a--b---c|" | timeInterval | map it.value + ":" + string(it.interval)',
     "cold('-a--b---c|').pipe(timeInterval(), map((x) => x.value + ':' + x.interval))"),
    ("timeInterval subscribed late", 'timer 2ms | switchMap (cold "-a--b|" | timeInterval) | map it.interval',
     "timer(2).pipe(switchMap(() => cold('-a--b|').pipe(timeInterval())), map((x) => x.interval))"),
    ("timestamp", 'timer 2ms | switchMap (cold "-a--b|" | timestamp) | map it.value + ":" + string(it.timestamp)',
     "timer(2).pipe(switchMap(() => cold('-a--b|').pipe(timestamp())), map((x) => x.value + ':' + x.timestamp))"),
    # bufferCount is buffer's RxJS name
    ("bufferCount", 'cold "-a-b-c-d-e|" | bufferCount 2, 1 | map join(it, "")', "cold('-a-b-c-d-e|').pipe(bufferCount(2, 1), map((x) => x.join('')))"),
    # a signal of signals flattened: mergeAll (with a limit), concatAll, exhaustAll, switchAll
    ("mergeAll", 'cold "-a--b|" | map (cold "-x-y|" | mapTo it) | mergeAll', "cold('-a--b|').pipe(map((v) => cold('-x-y|').pipe(map(() => v))), mergeAll())"),
    ("mergeAll 1", 'cold "-a-b|" | map (cold "-x-y|" | mapTo it) | mergeAll 1', "cold('-a-b|').pipe(map((v) => cold('-x-y|').pipe(map(() => v))), mergeAll(1))"),
    ("concatAll", 'cold "-a-b|" | map (cold "-x-y|" | mapTo it) | concatAll', "cold('-a-b|').pipe(map((v) => cold('-x-y|').pipe(map(() => v))), concatAll())"),
    ("exhaustAll", 'cold "-a-b---c|" | map (cold "-x-y|" | mapTo it) | exhaustAll', "cold('-a-b---c|').pipe(map((v) => cold('-x-y|').pipe(map(() => v))), exhaustAll())"),
    ("switchAll", 'cold "-a-b|" | map (cold "-x-y|" | mapTo it) | switchAll', "cold('-a-b|').pipe(map((v) => cold('-x-y|').pipe(map(() => v))), switchAll())"),
    ("mergeAll inner error", 'cold "-a--b|" | map (cold "-x#") | mergeAll', "cold('-a--b|').pipe(map(() => cold('-x#')), mergeAll())"),
    # combined once the source has sent them all
    ("combineLatestAll", 'cold "-a-b|" | map (if it == "a" then (cold "-x-y|") else (cold "--z|")) | combineLatestAll | map join(it, "")',
     "cold('-a-b|').pipe(map((v) => v === 'a' ? cold('-x-y|') : cold('--z|')), combineLatestAll(), map((x) => x.join('')))"),
    ("zipAll", 'cold "-a-b|" | map (if it == "a" then (cold "-x-y|") else (cold "--z|")) | zipAll | map join(it, "")',
     "cold('-a-b|').pipe(map((v) => v === 'a' ? cold('-x-y|') : cold('--z|')), zipAll(), map((x) => x.join('')))"),
    ("combineLatestAll empty", 'empty | combineLatestAll', "EMPTY.pipe(combineLatestAll())"),
    # a window or a wait made from each value
    ("throttle by a signal", 'cold "-abc---d-|" | throttle (timer 3ms)', "cold('-abc---d-|').pipe(throttle(() => timer(3)))"),
    ("throttle by a signal trailing", 'cold "-abc---d-|" | throttle (timer 3ms) trailing true',
     "cold('-abc---d-|').pipe(throttle(() => timer(3), {leading: true, trailing: true}))"),
    ("throttle by a signal trailing only", 'cold "-abc---d-|" | throttle (cold "--x|") leading false trailing true',
     "cold('-abc---d-|').pipe(throttle(() => cold('--x|'), {leading: false, trailing: true}))"),
    ("throttle by a silent signal", 'cold "-abc---d-|" | throttle (cold "--|")', "cold('-abc---d-|').pipe(throttle(() => cold('--|')))"),
    ("throttle by a failing signal", 'cold "-abc---d-|" | throttle (cold "--#")', "cold('-abc---d-|').pipe(throttle(() => cold('--#')))"),
    ("audit", 'cold "-a-b----c--|" | audit (cold "--x|")', "cold('-a-b----c--|').pipe(audit(() => cold('--x|')))"),
    ("audit by time", 'cold "-a-b----c--|" | audit 2ms', "cold('-a-b----c--|').pipe(auditTime(2))"),
    ("audit by a silent signal", 'cold "-a-b----c|" | audit (cold "--|")', "cold('-a-b----c|').pipe(audit(() => cold('--|')))"),
    ("audit by a failing signal", 'cold "-a-b----c|" | audit (cold "--#")', "cold('-a-b----c|').pipe(audit(() => cold('--#')))"),
    ("delayWhen", 'cold "-a-b|" {a: 4, b: 1} | delayWhen (if it > 2 then (timer 4ms) else (timer 1ms))',
     "cold('-a-b|', {a: 4, b: 1}).pipe(delayWhen((v) => v > 2 ? timer(4) : timer(1)))"),
    ("delayWhen silent", 'cold "-a-b|" | delayWhen (cold "--|")', "cold('-a-b|').pipe(delayWhen(() => cold('--|')))"),
    ("delayWhen error", 'cold "-a-b|" | delayWhen (cold "-#")', "cold('-a-b|').pipe(delayWhen(() => cold('-#')))"),
    # RAC 2's names
    ("all", 'cold "-a-b|" {a: 2, b: 3} | all it % 2 == 0', "cold('-a-b|', {a: 2, b: 3}).pipe(every((x) => x % 2 === 0))"),
    ("flatten", 'cold "-a-b|" | map (cold "-x|" | mapTo it) | flatten', "cold('-a-b|').pipe(map((v) => cold('-x|').pipe(map(() => v))), mergeAll())"),
    # timer DUE, PERIOD
    ("timer with a period", 'timer 3ms, 2ms | take 4', "timer(3, 2).pipe(take(4))"),
    ("timer with a period at once", 'timer 0ms, 5ms | take 2', "timer(0, 5).pipe(take(2))"),
    # (take 3 there, ending at the tie, makes RxJS 7.5.7's TestScheduler throw "Expected a
    # due immediate or interval")
    ("timer with a period keeps its place", 'timer 2ms, 10ms | merge (timer 7ms | then (timer 15ms | mapTo "t")) | take 4',
     "timer(2, 10).pipe(mergeWith(timer(7).pipe(concatMap(() => timer(15).pipe(map(() => 't'))))), take(4))"),
    ("timer with a period takes its place at its first tick", 'timer 2ms, 10ms | merge (timer 22ms | mapTo "t") | take 4',
     "timer(2, 10).pipe(mergeWith(timer(22).pipe(map(() => 't'))), take(4))"),
    # scan and reduce without a seed: the first value is the first accumulation
    ("scan without a seed", 'cold "-a-b-c|" {a: 1, b: 2, c: 3} | scan acc + it', "cold('-a-b-c|', {a: 1, b: 2, c: 3}).pipe(scan((acc, x) => acc + x))"),
    ("reduce without a seed", 'cold "-a-b-c|" {a: 1, b: 2, c: 3} | reduce acc + it', "cold('-a-b-c|', {a: 1, b: 2, c: 3}).pipe(reduce((acc, x) => acc + x))"),
    ("reduce without a seed, empty", 'empty | reduce acc + it', "EMPTY.pipe(reduce((acc, x) => acc + x))"),
    ("scan without a seed, texts", 'cold "-a-b|" | scan acc + it', "cold('-a-b|').pipe(scan((acc, x) => acc + x))"),
    # bufferTime: a list every span, each span's timer armed when the one before is sent
    ("bufferTime", 'cold "-a-b------c|" | bufferTime 3ms | map join(it, "")', "cold('-a-b------c|').pipe(bufferTime(3), map((x) => x.join('')))"),
    ("bufferTime error", 'cold "-a-#" | bufferTime 2ms | map join(it, "")', "cold('-a-#').pipe(bufferTime(2), map((x) => x.join('')))"),
    ("bufferTime ties", 'interval 1ms | bufferTime 2ms | take 3 | map join(it, ",")', "interval(1).pipe(bufferTime(2), take(3), map((x) => x.join(',')))"),
    ("bufferTime against a timer", 'cold "--a--b|" | bufferTime 2ms | map join(it, "")', "cold('--a--b|').pipe(bufferTime(2), map((x) => x.join('')))"),
    # events as records (RxJS's Notifications, kind N, E or C) and back
    ("materialize", 'cold "-a-#" | materialize | map it.kind', "cold('-a-#').pipe(materialize(), map((n) => ({N: 'next', E: 'error', C: 'completed'})[n.kind]))"),
    ("materialize completed", 'cold "-a|" | materialize | map it.kind', "cold('-a|').pipe(materialize(), map((n) => ({N: 'next', E: 'error', C: 'completed'})[n.kind]))"),
    ("dematerialize", 'cold "-a-b|" {a: {kind: "next", value: 1}, b: {kind: "completed"}} | dematerialize',
     "cold('-a-b|', {a: {kind: 'N', value: 1}, b: {kind: 'C'}}).pipe(dematerialize())"),
    ("dematerialize error", 'cold "-a-b|" {a: {kind: "next", value: 1}, b: {kind: "error", error: "error"}} | dematerialize',
     "cold('-a-b|', {a: {kind: 'N', value: 1}, b: {kind: 'E', error: 'error'}}).pipe(dematerialize())"),
    # finalize passes every event on
    ("finalize", 'cold "-a-b|" | finalize "f" | take 1', "cold('-a-b|').pipe(finalize(() => {}), take(1))"),
    # expand: depth first, each run subscribed at its value
    ("expand", 'cold "-a|" {a: 1} | expand (if it < 8 then (timer 2ms | mapTo it * 2) else empty)',
     "cold('-a|', {a: 1}).pipe(expand((v) => v < 8 ? timer(2).pipe(map(() => v * 2)) : EMPTY))"),
    ("expand at once", 'of 1 | expand (of it * 2, it * 3) | take 6', "of(1).pipe(expand((v) => of(v * 2, v * 3)), take(6))"),
    ("expand two sources", 'cold "-a-b|" {a: 1, b: 10} | expand (if it < 40 then (timer 3ms | mapTo it * 2) else empty)',
     "cold('-a-b|', {a: 1, b: 10}).pipe(expand((v) => v < 40 ? timer(3).pipe(map(() => v * 2)) : EMPTY))"),
    ("expand error", 'cold "-a|" {a: 1} | expand (cold "-x#")', "cold('-a|', {a: 1}).pipe(expand(() => cold('-x#')))"),
    # cutting into lists closed by signals, windows and groups
    ("buffer by a signal", 'cold "-a-b---c-|" | buffer (cold "----x-----x|") | map join(it, "")',
     "cold('-a-b---c-|').pipe(buffer(cold('----x-----x|')), map((x) => x.join('')))"),
    ("buffer by a signal, empty lists", 'cold "-a-------b|" | buffer (interval 3ms) | map join(it, "")',
     "cold('-a-------b|').pipe(buffer(interval(3)), map((x) => x.join('')))"),
    ("buffer by a failing signal", 'cold "-a-b---c-|" | buffer (cold "---#")', "cold('-a-b---c-|').pipe(buffer(cold('---#')))"),
    ("bufferWhen", 'cold "-a-b-c-d-e-f|" | bufferWhen (timer 4ms) | map join(it, "")',
     "cold('-a-b-c-d-e-f|').pipe(bufferWhen(() => timer(4)), map((x) => x.join('')))"),
    ("bufferWhen, a closing run that completes", 'cold "-a-b-c-d|" | bufferWhen (cold "--|") | map join(it, "")',
     "cold('-a-b-c-d|').pipe(bufferWhen(() => cold('--|')), map((x) => x.join('')))"),
    ("bufferToggle", 'cold "-a-b-c-d-e|" | bufferToggle (cold "x---y|"), (timer 2ms) | map join(it, "")',
     "cold('-a-b-c-d-e|').pipe(bufferToggle(cold('x---y|'), () => timer(2)), map((x) => x.join('')))"),
    ("bufferToggle overlapping", 'cold "-a-b-c-d-e-f|" | bufferToggle (cold "-x-y|"), (timer 5ms) | map join(it, "")',
     "cold('-a-b-c-d-e-f|').pipe(bufferToggle(cold('-x-y|'), () => timer(5)), map((x) => x.join('')))"),
    ("bufferToggle open at the end", 'cold "-a-b-c|" | bufferToggle (cold "x-y|"), (cold "----------x|") | map join(it, "")',
     "cold('-a-b-c|').pipe(bufferToggle(cold('x-y|'), () => cold('----------x|')), map((x) => x.join('')))"),
    ("window", 'cold "-a-b-c-d|" | window (cold "--x---x|") | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d|').pipe(window(cold('--x---x|')), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("window ties", 'cold "-a-b-c-d|" | window (cold "---x---x|") | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d|').pipe(window(cold('---x---x|')), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("window error", 'cold "-a-b-#" | window (cold "--x|") | flatMap (it | toArray)',
     "cold('-a-b-#').pipe(window(cold('--x|')), mergeMap((w) => w.pipe(toArray())))"),
    ("window counted", 'cold "-a-b-c-d-e|" | window (interval 3ms) | map (it | count) | mergeAll',
     "cold('-a-b-c-d-e|').pipe(window(interval(3)), map((w) => w.pipe(count())), mergeAll())"),
    ("windowCount", 'cold "-a-b-c-d-e|" | windowCount 2 | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d-e|').pipe(windowCount(2), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("windowCount sliding", 'cold "-a-b-c-d-e|" | windowCount 3, 1 | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d-e|').pipe(windowCount(3, 1), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("windowCount skipping", 'cold "-a-b-c-d-e|" | windowCount 2, 3 | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d-e|').pipe(windowCount(2, 3), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("windowTime", 'cold "-a-b-c-d-e|" | windowTime 4ms | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d-e|').pipe(windowTime(4), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("windowTime on a tick", 'cold "--a-b-c-d|" | windowTime 2ms | flatMap (it | toArray) | map join(it, "")',
     "cold('--a-b-c-d|').pipe(windowTime(2), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("windowToggle", 'cold "-a-b-c-d-e|" | windowToggle (cold "x---y|"), (timer 2ms) | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d-e|').pipe(windowToggle(cold('x---y|'), () => timer(2)), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("windowToggle overlapping", 'cold "-a-b-c-d-e-f|" | windowToggle (cold "-x-y|"), (timer 5ms) | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d-e-f|').pipe(windowToggle(cold('-x-y|'), () => timer(5)), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("windowWhen", 'cold "-a-b-c-d-e|" | windowWhen (timer 4ms) | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d-e|').pipe(windowWhen(() => timer(4)), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("windowWhen, a closing run that completes", 'cold "-a-b-c-d|" | windowWhen (cold "--|") | flatMap (it | toArray) | map join(it, "")',
     "cold('-a-b-c-d|').pipe(windowWhen(() => cold('--|')), mergeMap((w) => w.pipe(toArray())), map((x) => x.join('')))"),
    ("groupBy", 'cold "-a-b-c-d-e|" {a: 1, b: 2, c: 3, d: 4, e: 5} | groupBy it % 2 | flatMap (it | toArray) | map join(it, ",")',
     "cold('-a-b-c-d-e|', {a: 1, b: 2, c: 3, d: 4, e: 5}).pipe(groupBy((x) => x % 2), mergeMap((g) => g.pipe(toArray())), map((x) => x.join(',')))"),
    ("groupBy key", 'cold "-a-b-c|" {a: 1, b: 2, c: 3} | groupBy it % 2 | flatMap (it | reduce [it.key], acc + [it]) | map join(it, ",")',
     "cold('-a-b-c|', {a: 1, b: 2, c: 3}).pipe(groupBy((x) => x % 2), mergeMap((g) => g.pipe(reduce((acc, x) => [...acc, x], [g.key]))), map((x) => x.join(',')))"),
    ("groupBy outlives take", 'cold "-a-b-c-d|" {a: 1, b: 2, c: 3, d: 4} | groupBy it % 2 | take 1 | flatMap (it | toArray) | map join(it, ",")',
     "cold('-a-b-c-d|', {a: 1, b: 2, c: 3, d: 4}).pipe(groupBy((x) => x % 2), take(1), mergeMap((g) => g.pipe(toArray())), map((x) => x.join(',')))"),
    ("groupBy live groups", 'cold "-a-b-c-d|" {a: 1, b: 2, c: 3, d: 4} | groupBy it % 2 | flatMap (it | map it * 10)',
     "cold('-a-b-c-d|', {a: 1, b: 2, c: 3, d: 4}).pipe(groupBy((x) => x % 2), mergeMap((g) => g.pipe(map((x) => x * 10))))"),
    ("groupBy error", 'cold "-a-b-#" {a: 1, b: 2} | groupBy it % 2 | flatMap (it | toArray)',
     "cold('-a-b-#', {a: 1, b: 2}).pipe(groupBy((x) => x % 2), mergeMap((g) => g.pipe(toArray())))"),
    # any: RAC 2's question, yes at the first value that meets the condition
    ("any", 'cold "-a-b-c|" {a: 1, b: 4, c: 5} | any it % 2 == 0', "cold('-a-b-c|', {a: 1, b: 4, c: 5}).pipe(every((x) => x % 2 !== 0), map((all) => !all))"),
    ("any, none", 'cold "-a-b|" {a: 1, b: 3} | any it % 2 == 0', "cold('-a-b|', {a: 1, b: 3}).pipe(every((x) => x % 2 !== 0), map((all) => !all))"),
    ("any without a condition", 'cold "---|" | any', "cold('---|').pipe(isEmpty(), map((e) => !e))"),
    # durations computed from values: RxJS's selector forms with a timer
    ("delay computed", 'cold "-a-b|" {a: 3, b: 1} | delay it * 2ms', "cold('-a-b|', {a: 3, b: 1}).pipe(delayWhen((v) => timer(v * 2)))"),
    ("timer computed in a run", 'of 1, 2, 3 | flatMap (timer it * 200ms | mapTo it)', "of(1, 2, 3).pipe(mergeMap((v) => timer(v * 200).pipe(map(() => v))))"),
    ("debounce computed", 'cold "-a-b-c---d|" {a: 1, b: 4, c: 1, d: 2} | debounce it * 2ms',
     "cold('-a-b-c---d|', {a: 1, b: 4, c: 1, d: 2}).pipe(debounce((v) => timer(v * 2)))"),
    ("throttle computed", 'cold "-a-b---c-d|" {a: 3, b: 1, c: 1, d: 1} | throttle it * 1ms',
     "cold('-a-b---c-d|', {a: 3, b: 1, c: 1, d: 1}).pipe(throttle((v) => timer(v)))"),
    ("throttle computed, trailing", 'cold "-a-b---c-d|" {a: 3, b: 1, c: 1, d: 1} | throttle it * 1ms trailing true',
     "cold('-a-b---c-d|', {a: 3, b: 1, c: 1, d: 1}).pipe(throttle((v) => timer(v), {leading: true, trailing: true}))"),
    ("auditTime computed", 'cold "-a-b----c--|" {a: 2, b: 1, c: 1} | auditTime it * 2ms',
     "cold('-a-b----c--|', {a: 2, b: 1, c: 1}).pipe(audit((v) => timer(v * 2)))"),
    ("interval computed in a run", 'of 2, 3 | concatMap (interval it * 1ms | take 2)', "of(2, 3).pipe(concatMap((v) => interval(v).pipe(take(2))))"),
    # an interval is one repeating action: each tick keeps the place of its first arming
    ("interval keeps its place against a later timer", 'interval 10ms | merge (timer 5ms | then (timer 15ms | mapTo "t")) | take 3',
     "interval(10).pipe(mergeWith(timer(5).pipe(concatMap(() => timer(15).pipe(map(() => 't'))))), take(3))"),
    ("interval sampled by an interval", 'interval 1ms | sample (interval 2ms) | take 1', "interval(1).pipe(sample(interval(2)), take(1))"),
    ("interval with the latest of an interval", 'interval 2ms | withLatestFrom (interval 1ms) | take 1 | map it[0] * 10 + it[1]',
     "interval(2).pipe(withLatestFrom(interval(1)), take(1), map(([a, b]) => a * 10 + b))"),
    ("interval throttled", 'interval 1ms | throttle 2ms | take 2', "interval(1).pipe(throttleTime(2), take(2))"),
    ("interval exhausted by an interval", 'interval 1ms | exhaustMap (interval 1ms | take 2) | take 3',
     "interval(1).pipe(exhaustMap(() => interval(1).pipe(take(2))), take(3))"),
    ("interval throttled by twice its period", 'interval 10ms | throttle 20ms | take 4', "interval(10).pipe(throttleTime(20), take(4))"),
]

RUNNER = r"""
const { TestScheduler } = require('rxjs/testing');
const rx = require('rxjs');
const cases = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const out = {};
for (const [name, expression] of cases) {
  let events = [];
  const scheduler = new TestScheduler((actual) => { events = actual; });
  try {
    scheduler.run(({ cold, hot }) => {
      const make = new Function('cold', 'hot', 'rx', `with (rx) { return ${expression}; }`);
      scheduler.expectObservable(make(cold, hot, rx)).toBe('');
    });
    out[name] = events.map(({ frame, notification: n }) =>
      n.kind === 'N' ? [frame, 'next', JSON.stringify(n.value)]
        : n.kind === 'E' ? [frame, 'error', String(n.error)] : [frame, 'completed', '']);
  } catch (e) {
    out[name] = String(e);
  }
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def rxjs_events():
    """Every case's events in RxJS, run in one Node process."""
    if not Path(NODE_PATH, "rxjs", "package.json").exists():
        pytest.fail("RxJS is not installed: run scripts/setup-rxjs")
    with tempfile.TemporaryDirectory() as folder:
        cases = Path(folder, "cases.json")
        cases.write_text(json.dumps([[name, js] for name, _, js in CASES]))
        runner = Path(folder, "runner.js")
        runner.write_text(RUNNER)
        done = subprocess.run(["node", str(runner), str(cases)], capture_output=True, text=True,
                              env={**os.environ, "NODE_PATH": NODE_PATH}, timeout=60)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


EVENT = re.compile(r"^\s+(\d+)ms\s+(next|error|completed)\s?(.*)$")


def frp_events(script):
    """The events frp prints for the script's last statement, in virtual time."""
    with tempfile.NamedTemporaryFile("w", suffix=".frp", delete=False) as file:
        file.write(script + "\n")
    try:
        done = subprocess.run([str(FRP), "run", "--virtual", "--no-trace", "--color", "never", file.name],
                              capture_output=True, text=True, timeout=60)
    finally:
        os.unlink(file.name)
    events = []
    for line in done.stdout.splitlines():
        match = EVENT.match(line)
        if not match:
            continue
        frame, kind, value = int(match[1]), match[2], match[3]
        if kind == "error":
            value = json.loads(value)  # frp prints the message as a string
        events.append([frame, kind, value])
    return events


@pytest.mark.parametrize("name,frp,js", CASES, ids=[name for name, _, _ in CASES])
def test_frp_sends_what_rxjs_sends(rxjs_events, name, frp, js):
    expected = rxjs_events[name]
    assert isinstance(expected, list), f"RxJS could not run `{js}`: {expected}"
    assert frp_events(frp) == expected, f"frp: {frp}\nRxJS: {js}"
