import { from } from 'rxjs';
import { map } from 'rxjs/operators';

const prices = from([
  { item: 'pen', price: 1.2 },
  { item: 'book', price: 12.5 },
  { item: 'bag', price: 30.49 }
]);

// round each price to whole units after adding 10% tax
const example = prices.pipe(
  map(p => ({ item: p.item, total: Math.round(p.price * 1.1) }))
);
// output: {item: 'pen', total: 1}, {item: 'book', total: 14}, {item: 'bag', total: 34}
const subscribe = example.subscribe(val => console.log(val));
