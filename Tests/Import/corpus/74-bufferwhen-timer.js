import { interval, timer } from 'rxjs';
import { take, bufferWhen } from 'rxjs/operators';

// collect ticks and close the buffer one second after it was opened
const source = interval(300).pipe(take(8));
const example = source.pipe(bufferWhen(() => timer(1000)));
// output: [0, 1, 2], [3, 4, 5], [6, 7]
const subscribe = example.subscribe(val => console.log(val));
