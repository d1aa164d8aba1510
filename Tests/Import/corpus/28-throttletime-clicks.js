import { interval } from 'rxjs';
import { take, throttleTime } from 'rxjs/operators';

// emit every 100ms, 12 times
const source = interval(100).pipe(take(12));
// let one value through, then ignore everything for 350ms
const example = source.pipe(throttleTime(350));
const subscribe = example.subscribe(val => console.log(val));
