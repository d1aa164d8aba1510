import { of, EMPTY, timer } from 'rxjs';
import { isEmpty, filter } from 'rxjs/operators';

// nothing passes the filter
const noneBig = of(1, 2, 3).pipe(filter(val => val > 5), isEmpty());
const subscribeOne = noneBig.subscribe(val => console.log(val));

// a timer emits, so it is not empty
const fromTimer = timer(1000).pipe(isEmpty());
const subscribeTwo = fromTimer.subscribe(val => console.log(val));

// EMPTY is empty
const empty = EMPTY.pipe(isEmpty());
const subscribeThree = empty.subscribe(val => console.log(val));
