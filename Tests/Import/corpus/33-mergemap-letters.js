import { of, interval } from 'rxjs';
import { mergeMap, take, map } from 'rxjs/operators';

// emit 'a' and 'b', then for each one an inner interval
const source = of('a', 'b');
const example = source.pipe(
  mergeMap(letter =>
    interval(1000).pipe(
      take(3),
      map(i => letter + i)
    )
  )
);
// output: a0,b0,a1,b1,a2,b2 (pairs at the same time)
const subscribe = example.subscribe(val => console.log(val));
