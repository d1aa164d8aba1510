import { of, partition } from 'rxjs';
import { map } from 'rxjs/operators';

// split one source into two by a predicate
const [evens, odds] = partition(of(1, 2, 3, 4, 5, 6), x => x % 2 === 0);

const subscribeOne = evens.pipe(map(x => `even: ${x}`)).subscribe(val => console.log(val));
const subscribeTwo = odds.pipe(map(x => `odd: ${x}`)).subscribe(val => console.log(val));
