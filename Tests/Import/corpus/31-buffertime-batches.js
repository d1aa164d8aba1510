import { interval } from 'rxjs';
import { take, bufferTime, filter, map } from 'rxjs/operators';

// collect values for 250ms at a time
const source = interval(100).pipe(take(7));
const example = source.pipe(
  bufferTime(250),
  filter(batch => batch.length > 0),
  map(batch => `${batch.length} items, max ${Math.max(batch[0], batch[batch.length - 1])}`)
);
const subscribe = example.subscribe(val => console.log(val));
