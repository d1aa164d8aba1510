import { from } from 'rxjs';
import { distinctUntilChanged } from 'rxjs/operators';

const updates = from([
  { name: 'Ann', version: 1 },
  { name: 'Ann', version: 2 },
  { name: 'Bob', version: 3 },
  { name: 'Bob', version: 4 },
  { name: 'Ann', version: 5 }
]);

// only pass an update when the name changes
const example = updates.pipe(
  distinctUntilChanged((prev, curr) => prev.name === curr.name)
);
// output: Ann v1, Bob v3, Ann v5
const subscribe = example.subscribe(val => console.log(val));
