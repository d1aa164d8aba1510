import { merge, of, timer } from 'rxjs';
import { mapTo, debounceTime, map } from 'rxjs/operators';

// simulated keystrokes: a burst, a pause, another burst
const keys = merge(
  of('r'),
  timer(100).pipe(mapTo('rx')),
  timer(200).pipe(mapTo('rxj')),
  timer(300).pipe(mapTo('rxjs')),
  timer(1000).pipe(mapTo('rxjs op')),
  timer(1300).pipe(mapTo('rxjs ops')),
  timer(3000).pipe(mapTo('done'))
);

// only search once the user stopped typing for 400ms
const search = keys.pipe(
  debounceTime(400),
  map(term => `Searching for: ${term}`)
);
const subscribe = search.subscribe(val => console.log(val));
