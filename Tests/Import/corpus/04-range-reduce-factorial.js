import { range } from 'rxjs';
import { reduce } from 'rxjs/operators';

// 5! using range and reduce
const source = range(1, 5);
const example = source.pipe(reduce((acc, val) => acc * val, 1));
// output: 120
const subscribe = example.subscribe(val => console.log(val));
