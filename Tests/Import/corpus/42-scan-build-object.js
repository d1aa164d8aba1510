import { from } from 'rxjs';
import { scan } from 'rxjs/operators';

const purchases = from([
  { item: 'apple', price: 2 },
  { item: 'bread', price: 3 },
  { item: 'milk', price: 1 }
]);

// keep a running total and count as an object
const example = purchases.pipe(
  scan((acc, p) => ({ count: acc.count + 1, total: acc.total + p.price, last: p.item }), { count: 0, total: 0, last: '' })
);
// output: {count: 1, total: 2, last: 'apple'}, ...
const subscribe = example.subscribe(val => console.log(val));
