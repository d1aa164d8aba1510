import { interval } from 'rxjs';
import { take, withLatestFrom, map } from 'rxjs/operators';

// emit every 300ms
const source = interval(300).pipe(take(12));
// every 1s, pair with the latest value of the faster source
const secondSource = interval(1000).pipe(take(4));
const example = secondSource.pipe(
  withLatestFrom(source),
  map(([first, second]) => `First Source (1s): ${first} Second Source (300ms): ${second}`)
);
const subscribe = example.subscribe(val => console.log(val));
