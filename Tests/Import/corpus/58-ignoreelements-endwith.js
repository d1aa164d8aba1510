import { interval } from 'rxjs';
import { take, ignoreElements, endWith } from 'rxjs/operators';

// only care that the work finished
const work = interval(500).pipe(take(4));
const example = work.pipe(
  ignoreElements(),
  endWith('all work done')
);
// output: 'all work done' (at 2s)
const subscribe = example.subscribe(val => console.log(val));
