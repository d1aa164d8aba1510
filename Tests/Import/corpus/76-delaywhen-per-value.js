import { of, timer } from 'rxjs';
import { delayWhen, map } from 'rxjs/operators';

// each value waits in proportion to its size
const example = of(3, 1, 2).pipe(
  delayWhen(val => timer(val * 100)),
  map(val => `value ${val}`)
);
// output: 'value 1' (100ms), 'value 2' (200ms), 'value 3' (300ms)
const subscribe = example.subscribe(val => console.log(val));
