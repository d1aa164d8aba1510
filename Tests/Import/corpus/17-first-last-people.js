import { from } from 'rxjs';
import { first, last } from 'rxjs/operators';

const people = from([
  { name: 'Ann', age: 30 },
  { name: 'Bob', age: 25 },
  { name: 'Cy', age: 41 },
  { name: 'Dee', age: 35 }
]);

// first person over 32
const oldEnough = people.pipe(first(person => person.age > 32));
const subscribeOne = oldEnough.subscribe(val => console.log(val));

// the last person in the list
const lastOne = people.pipe(last());
const subscribeTwo = lastOne.subscribe(val => console.log(val.name));
