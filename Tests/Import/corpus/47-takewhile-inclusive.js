import { of } from 'rxjs';
import { takeWhile } from 'rxjs/operators';

// stop at the first value that is not below 4, but still emit it
const example = of(1, 2, 3, 4, 5, 1).pipe(takeWhile(val => val < 4, true));
// output: 1, 2, 3, 4
const subscribe = example.subscribe(val => console.log(val));

// without inclusive, the failing value is dropped
const strict = of('a', 'b', 'stop', 'c').pipe(takeWhile(val => val !== 'stop'));
// output: 'a', 'b'
const subscribeTwo = strict.subscribe(val => console.log(val));
