import { interval } from 'rxjs';
import { take, map, toArray } from 'rxjs/operators';

// collect three ticks and print them as one string
const example = interval(200).pipe(
  take(3),
  map(val => val + 1),
  toArray(),
  map(arr => arr.join('-'))
);
// output: '1-2-3'
const subscribe = example.subscribe(val => console.log(val));
