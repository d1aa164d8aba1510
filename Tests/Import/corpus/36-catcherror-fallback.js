import { from, of } from 'rxjs';
import { map, catchError } from 'rxjs/operators';

const responses = from([
  { user: { name: 'Ann' } },
  { user: { name: 'Bob' } },
  { id: 3 },
  { user: { name: 'never seen' } }
]);

// reading a property of a missing user throws; switch to a fallback stream
const example = responses.pipe(
  map(res => res.user.name),
  catchError(err => of('Guest', 'fallback done'))
);
// output: 'Ann', 'Bob', 'Guest', 'fallback done'
const subscribe = example.subscribe(val => console.log(val));
