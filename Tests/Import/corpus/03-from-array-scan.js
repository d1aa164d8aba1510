import { from } from 'rxjs';
import { scan } from 'rxjs/operators';

// running total of an array
const source = from([1, 2, 3, 4, 5]);
const example = source.pipe(scan((acc, curr) => acc + curr, 0));
// output: 1,3,6,10,15
const subscribe = example.subscribe(val => console.log(val));
