import { from } from 'rxjs';
import { pluck } from 'rxjs/operators';

const orders = from([
  { id: 1, customer: { name: 'Ann', address: { city: 'Oslo' } } },
  { id: 2, customer: { name: 'Bob', address: { city: 'Lima' } } },
  { id: 3, customer: { name: 'Cy' } }
]);

// pluck a nested field; a missing level gives undefined
const example = orders.pipe(pluck('customer', 'address', 'city'));
// output: 'Oslo', 'Lima', undefined
const subscribe = example.subscribe(val => console.log(val));
