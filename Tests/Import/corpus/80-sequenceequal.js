import { of, from, interval } from 'rxjs';
import { sequenceEqual, take } from 'rxjs/operators';

// the same values in the same order
const same = of(1, 2, 3).pipe(sequenceEqual(from([1, 2, 3])));
// output: true
const subscribeOne = same.subscribe(val => console.log(val));

// different order
const different = of('a', 'b').pipe(sequenceEqual(of('b', 'a')));
// output: false
const subscribeTwo = different.subscribe(val => console.log(val));

// timing does not matter, only the values
const timed = interval(100).pipe(take(3), sequenceEqual(of(0, 1, 2)));
// output: true (after 300ms)
const subscribeThree = timed.subscribe(val => console.log(val));
