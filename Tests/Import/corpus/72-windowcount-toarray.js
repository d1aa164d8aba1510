import { interval } from 'rxjs';
import { take, windowCount, mergeMap, toArray } from 'rxjs/operators';

// split ticks into windows of two and collect each window
const source = interval(500).pipe(take(5));
const example = source.pipe(
  windowCount(2),
  mergeMap(win => win.pipe(toArray()))
);
// output: [0, 1], [2, 3], [4]
const subscribe = example.subscribe(val => console.log(val));
