import { of } from 'rxjs';
import { map } from 'rxjs/operators';

// each value is an array; double every number inside it
const source = of([1, 2, 3], [10, 20], []);
const example = source.pipe(map(arr => arr.map(x => x * 2)));
// output: [2, 4, 6], [20, 40], []
const subscribe = example.subscribe(val => console.log(val));
