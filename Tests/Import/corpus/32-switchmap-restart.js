import { interval } from 'rxjs';
import { take, switchMap, map } from 'rxjs/operators';

// every second start a new inner interval, cancelling the previous one
const source = interval(1000).pipe(take(3));
const example = source.pipe(
  switchMap(outer =>
    interval(400).pipe(
      take(3),
      map(inner => `outer ${outer}, inner ${inner}`)
    )
  )
);
const subscribe = example.subscribe(val => console.log(val));
