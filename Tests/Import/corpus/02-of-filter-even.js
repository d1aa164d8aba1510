import { of } from 'rxjs';
import { filter, map } from 'rxjs/operators';

// emit (1,2,3,4,5,6,7,8,9,10)
const source = of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
// keep even numbers, then square them
const example = source.pipe(
  filter(num => num % 2 === 0),
  map(num => num * num)
);
// output: 4,16,36,64,100
const subscribe = example.subscribe(val => console.log(`Even squared: ${val}`));
