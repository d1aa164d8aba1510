import { interval } from 'rxjs';
import { take, toArray, count } from 'rxjs/operators';

const source = interval(500).pipe(take(6));

// collect everything into one array on completion
const all = source.pipe(toArray());
// output: [0,1,2,3,4,5]
const subscribeOne = all.subscribe(val => console.log(val));

// count the odd values
const odds = source.pipe(count(val => val % 2 === 1));
// output: 3
const subscribeTwo = odds.subscribe(val => console.log(val));
