import { merge, interval } from 'rxjs';
import { mapTo, take } from 'rxjs/operators';

// fast and slow tick at the same time at 200 and 400
const fast = interval(100).pipe(mapTo('fast'), take(4));
const slow = interval(200).pipe(mapTo('slow'), take(2));
const example = merge(fast, slow);
const subscribe = example.subscribe(val => console.log(val));
