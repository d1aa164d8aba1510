import { from, timer } from 'rxjs';
import { concatMap, mergeMap, mapTo } from 'rxjs/operators';

const source = from([2000, 1000]);

// concatMap waits for each inner observable to complete
const withConcat = source.pipe(
  concatMap(delayMs => timer(delayMs).pipe(mapTo(`concatMap: delayed by ${delayMs}ms`)))
);
const subscribeOne = withConcat.subscribe(val => console.log(val));

// mergeMap runs them at the same time
const withMerge = source.pipe(
  mergeMap(delayMs => timer(delayMs).pipe(mapTo(`mergeMap: delayed by ${delayMs}ms`)))
);
const subscribeTwo = withMerge.subscribe(val => console.log(val));
