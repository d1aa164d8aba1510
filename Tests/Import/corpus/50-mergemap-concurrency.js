import { of, timer } from 'rxjs';
import { mergeMap, map } from 'rxjs/operators';

// download four files, at most two at a time
const files = of(
  { name: 'a.txt', ms: 1000 },
  { name: 'b.txt', ms: 500 },
  { name: 'c.txt', ms: 300 },
  { name: 'd.txt', ms: 100 }
);
const example = files.pipe(
  mergeMap(file => timer(file.ms).pipe(map(() => `done ${file.name}`)), 2)
);
// output: b at 500, c at 800, d at 900, a at 1000
const subscribe = example.subscribe(val => console.log(val));
