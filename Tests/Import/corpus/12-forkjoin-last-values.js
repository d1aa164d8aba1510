import { forkJoin, of, timer, from } from 'rxjs';
import { mapTo } from 'rxjs/operators';

// wait for every source to complete, then emit their last values
const example = forkJoin([
  of(1, 2, 3),
  timer(2000).pipe(mapTo('Resolved after 2s')),
  from([10, 20, 30])
]);
// output: [3, 'Resolved after 2s', 30]
const subscribe = example.subscribe(val => console.log(val));
