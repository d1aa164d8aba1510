import { timer, of } from 'rxjs';
import { mapTo, mergeWith, concatWith } from 'rxjs/operators';

const slow = timer(1000).pipe(mapTo('slow'));
const quick = timer(500).pipe(mapTo('quick'));

// mergeWith: both run at once
const merged = slow.pipe(mergeWith(quick, of('now')));
const subscribeOne = merged.subscribe(val => console.log(val));

// concatWith: one after the other
const chained = slow.pipe(concatWith(quick, of('after both')));
const subscribeTwo = chained.subscribe(val => console.log(val));
