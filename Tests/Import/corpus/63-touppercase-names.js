import { from, interval, zip } from 'rxjs';
import { map } from 'rxjs/operators';

// shout each name, one every half second
const names = from(['ann', 'bob', 'cy']);
const example = zip(names, interval(500)).pipe(
  map(([name, i]) => `${i}: ${name.toUpperCase()}!`)
);
// output: '0: ANN!', '1: BOB!', '2: CY!'
const subscribe = example.subscribe(val => console.log(val));
