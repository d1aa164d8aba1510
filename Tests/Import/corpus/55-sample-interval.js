import { interval, zip, from } from 'rxjs';
import { sample, take, map } from 'rxjs/operators';

// a name every 300ms
const names = zip(
  from(['Joe', 'Frank', 'Bob', 'Sue', 'Ann', 'Tom', 'Liz']),
  interval(300)
).pipe(map(([name]) => name));

// look at the latest name once per second
const example = names.pipe(sample(interval(1000)), take(2));
// output: 'Bob', 'Tom'
const subscribe = example.subscribe(val => console.log(val));
