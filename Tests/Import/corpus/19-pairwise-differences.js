import { interval } from 'rxjs';
import { take, map, pairwise } from 'rxjs/operators';

// squares 0,1,4,9,16 then the difference between neighbours
const example = interval(1000).pipe(
  take(5),
  map(n => n * n),
  pairwise(),
  map(pair => Math.abs(pair[0] - pair[1]))
);
// output: 1,3,5,7
const subscribe = example.subscribe(val => console.log(val));
