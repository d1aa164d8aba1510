import { interval } from 'rxjs';
import { take, mapTo, startWith, scan } from 'rxjs/operators';

// a counter that starts at 10 and adds 1 every second
const clicks = interval(1000).pipe(take(4), mapTo(1));
const example = clicks.pipe(
  startWith(10),
  scan((acc, val) => acc + val, 0)
);
// output: 10, 11, 12, 13, 14
const subscribe = example.subscribe(val => console.log(val));
