import { of, EMPTY, timer } from 'rxjs';
import { expand, map } from 'rxjs/operators';

// keep doubling until 8
const example = of(1).pipe(expand(x => x < 8 ? of(x * 2) : EMPTY));
// output: 1, 2, 4, 8
const subscribe = example.subscribe(val => console.log(val));

// the same, one step every half second
const slow = of(1).pipe(
  expand(x => x < 8 ? timer(500).pipe(map(() => x * 2)) : EMPTY),
  map(x => `step ${x}`)
);
const subscribeTwo = slow.subscribe(val => console.log(val));
