import { interval, timer } from 'rxjs';
import { takeUntil } from 'rxjs/operators';

// emit value every 1s
const source = interval(1000);
// after 5.5 seconds, emit value
const timer$ = timer(5500);
// when timer emits after 5.5s, complete source
const example = source.pipe(takeUntil(timer$));
// output: 0,1,2,3,4
const subscribe = example.subscribe(val => console.log(val));
