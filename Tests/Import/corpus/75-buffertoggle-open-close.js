import { interval, timer } from 'rxjs';
import { take, bufferToggle } from 'rxjs/operators';

// a tick every 200ms
const source = interval(200).pipe(take(13));
// open a buffer at 300ms and every second after; close each one 400ms later
const opening = timer(300, 1000);
const example = source.pipe(bufferToggle(opening, () => timer(400)));
// output: [1, 2], [6, 7], [11, 12]
const subscribe = example.subscribe(val => console.log(val));
