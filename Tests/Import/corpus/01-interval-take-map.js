import { interval } from 'rxjs';
import { take, map } from 'rxjs/operators';

// emit every 1s, take 5, double
const source = interval(1000);
const example = source.pipe(take(5), map(val => val * 2));
// output: 0,2,4,6,8
const subscribe = example.subscribe(val => console.log(val));
