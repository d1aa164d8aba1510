import { zip, from } from 'rxjs';
import { map } from 'rxjs/operators';

const users = from([
  { id: 1, name: 'Ann' },
  { id: 2, name: 'Bob' },
  { id: 3, name: 'Cy' }
]);
const scores = from([
  { points: 12 },
  { points: 7 }
]);

// pair each user with a score; the extra user has no partner
const example = zip(users, scores).pipe(
  map(([user, score]) => ({ name: user.name, points: score.points }))
);
// output: {name: 'Ann', points: 12}, {name: 'Bob', points: 7}
const subscribe = example.subscribe(val => console.log(val));
