import { of } from 'rxjs';
import { every } from 'rxjs/operators';

// are all values even?
const allEven = of(2, 4, 6, 8).pipe(every(val => val % 2 === 0));
// output: true
const subscribeOne = allEven.subscribe(val => console.log(val));

// are all users adults?
const users = of({ name: 'Ann', age: 30 }, { name: 'Kid', age: 12 });
const allAdults = users.pipe(every(user => user.age >= 18 && !!user.name));
// output: false
const subscribeTwo = allAdults.subscribe(val => console.log(val));
