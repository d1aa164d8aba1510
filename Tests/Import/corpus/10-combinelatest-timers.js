import { combineLatest, timer } from 'rxjs';
import { take, map } from 'rxjs/operators';

// timerOne emits first value at 0s, then once every second
const timerOne = timer(0, 1000).pipe(take(3));
// timerTwo emits first value at 0.5s, then once every second
const timerTwo = timer(500, 1000).pipe(take(3));

// when one timer emits, emit the latest values from each timer
const example = combineLatest([timerOne, timerTwo]).pipe(
  map(([one, two]) => `Timer One Latest: ${one}, Timer Two Latest: ${two}`)
);
const subscribe = example.subscribe(val => console.log(val));
