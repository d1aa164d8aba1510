import { of, EMPTY } from 'rxjs';
import { first, last } from 'rxjs/operators';

// no value matches, so the default is emitted
const firstBig = of(1, 2, 3).pipe(first(val => val > 10, 'none found'));
const subscribeOne = firstBig.subscribe(val => console.log(val));

// empty source, last with a default
const lastOfEmpty = EMPTY.pipe(last(null, 'nothing here'));
const subscribeTwo = lastOfEmpty.subscribe(val => console.log(val));

// last matching value
const lastSmall = of(5, 1, 8, 2, 9).pipe(last(val => val < 5, 0));
const subscribeThree = lastSmall.subscribe(val => console.log(val));
