import { zip, of, interval } from 'rxjs';
import { map, take } from 'rxjs/operators';

const names = of('Ann', 'Bob', 'Cy');
const ages = of(30, 25, 41);
const ticks = interval(1000).pipe(take(3));

// pair up the n-th value of each source
const example = zip(names, ages, ticks).pipe(
  map(person => ({ name: person[0], age: person[1], at: person[2] }))
);
const subscribe = example.subscribe(val => console.log(val));
