import { of } from 'rxjs';
import { max, min } from 'rxjs/operators';

const people = of(
  { name: 'Joe', age: 30 },
  { name: 'Frank', age: 20 },
  { name: 'Ryan', age: 50 }
);

// oldest person
const oldest = people.pipe(max((a, b) => a.age - b.age));
// output: { name: 'Ryan', age: 50 }
const subscribeOne = oldest.subscribe(val => console.log(val));

// smallest number
const smallest = of(5, 4, 7, 2, 8).pipe(min());
// output: 2
const subscribeTwo = smallest.subscribe(val => console.log(val));
