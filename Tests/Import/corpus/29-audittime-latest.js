import { interval } from 'rxjs';
import { take, auditTime, map } from 'rxjs/operators';

const source = interval(100).pipe(take(10));
// after each value, wait 250ms, then emit the most recent value
const example = source.pipe(
  auditTime(250),
  map(val => ({ value: val, big: val > 5 || val === 0 }))
);
const subscribe = example.subscribe(val => console.log(val));
