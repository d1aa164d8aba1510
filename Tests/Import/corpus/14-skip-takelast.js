import { range } from 'rxjs';
import { skip, takeLast } from 'rxjs/operators';

// skip the first 3 values, then keep only the last 2
const source = range(1, 10);
const example = source.pipe(skip(3), takeLast(2));
// output: 9,10
const subscribe = example.subscribe(val => console.log(val));
