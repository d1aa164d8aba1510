import { timer } from 'rxjs';
import { take, map } from 'rxjs/operators';

// first emission after 1s, then every 2s
const source = timer(1000, 2000);
const example = source.pipe(
  take(4),
  map(val => ({ tick: val, label: val % 2 === 0 ? 'even' : 'odd' }))
);
const subscribe = example.subscribe(val => console.log(val));
