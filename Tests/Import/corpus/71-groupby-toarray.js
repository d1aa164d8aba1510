import { from } from 'rxjs';
import { groupBy, mergeMap, toArray } from 'rxjs/operators';

const pets = from([
  { name: 'Sue', type: 'dog' },
  { name: 'Joe', type: 'cat' },
  { name: 'Frank', type: 'dog' },
  { name: 'Bob', type: 'bird' },
  { name: 'Sarah', type: 'cat' }
]);

// one array per type of pet
const example = pets.pipe(
  groupBy(pet => pet.type),
  mergeMap(group => group.pipe(toArray()))
);
// output: [dogs], [cats], [birds]
const subscribe = example.subscribe(val => console.log(val));
