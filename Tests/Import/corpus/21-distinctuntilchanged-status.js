import { from } from 'rxjs';
import { distinctUntilChanged, pluck } from 'rxjs/operators';

const updates = from([
  { status: 'online', user: 'Ann' },
  { status: 'online', user: 'Ann' },
  { status: 'away', user: 'Ann' },
  { status: 'away', user: 'Ann' },
  { status: 'online', user: 'Ann' }
]);

// only emit when status actually changes
const example = updates.pipe(
  distinctUntilChanged((prev, curr) => prev.status === curr.status),
  pluck('status')
);
// output: 'online', 'away', 'online'
const subscribe = example.subscribe(val => console.log(val));
