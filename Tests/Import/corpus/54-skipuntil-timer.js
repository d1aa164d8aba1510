import { interval, timer } from 'rxjs';
import { skipUntil, take, map } from 'rxjs/operators';

// ignore everything in the first 2.5 seconds
const source = interval(1000).pipe(take(5));
const example = source.pipe(
  skipUntil(timer(2500)),
  map(val => `tick ${val}`)
);
// output: 'tick 2', 'tick 3', 'tick 4'
const subscribe = example.subscribe(val => console.log(val));
