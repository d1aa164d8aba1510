import { of } from 'rxjs';
import { takeWhile, skipWhile } from 'rxjs/operators';

const source = of(1, 2, 3, 4, 5, 1, 2);

// take values while they are below 4
const taken = source.pipe(takeWhile(val => val < 4));
// output: 1,2,3
const subscribeOne = taken.subscribe(val => console.log(val));

// skip values while they are below 4
const skipped = source.pipe(skipWhile(val => val < 4));
// output: 4,5,1,2
const subscribeTwo = skipped.subscribe(val => console.log(val));
