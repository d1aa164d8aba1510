import { race, timer, interval } from 'rxjs';
import { mapTo, take } from 'rxjs/operators';

// the observable that emits first wins, the others are unsubscribed
const example = race(
  timer(1500).pipe(mapTo('1.5s won!')),
  interval(1000).pipe(mapTo('1s won!'), take(3)),
  timer(2000).pipe(mapTo('2s won!'))
);
// output: '1s won!' three times
const subscribe = example.subscribe(val => console.log(val));
