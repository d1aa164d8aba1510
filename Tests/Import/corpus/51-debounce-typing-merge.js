import { merge, timer } from 'rxjs';
import { mapTo, debounceTime, distinctUntilChanged, filter } from 'rxjs/operators';

// simulated search box
const typing = merge(
  timer(0).pipe(mapTo('c')),
  timer(150).pipe(mapTo('ca')),
  timer(300).pipe(mapTo('cat')),
  timer(1200).pipe(mapTo('cats')),
  timer(1350).pipe(mapTo('cat')),
  timer(2500).pipe(mapTo('ca')),
  timer(2600).pipe(mapTo('c')),
  timer(2700).pipe(mapTo(''))
);

// wait for a pause, skip repeats and empty terms
const example = typing.pipe(
  debounceTime(500),
  distinctUntilChanged(),
  filter(term => term.length > 0)
);
// output: 'cat' (at 800 and not again at 1850)
const subscribe = example.subscribe(val => console.log(val));
