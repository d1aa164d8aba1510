import { EMPTY, of } from 'rxjs';
import { defaultIfEmpty, filter } from 'rxjs/operators';

// EMPTY completes right away, so the default is used
const exampleOne = EMPTY.pipe(defaultIfEmpty('Observable.empty()!'));
// output: 'Observable.empty()!'
const subscribeOne = exampleOne.subscribe(val => console.log(val));

// nothing passes the filter either
const exampleTwo = of(1, 2, 3).pipe(
  filter(val => val > 10),
  defaultIfEmpty(-1)
);
// output: -1
const subscribeTwo = exampleTwo.subscribe(val => console.log(val));
