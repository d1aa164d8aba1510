import { from } from 'rxjs';
import { elementAt, find, findIndex } from 'rxjs/operators';

const fruits = from(['apple', 'banana', 'cherry', 'date']);

// the third fruit
const third = fruits.pipe(elementAt(2));
const subscribeOne = third.subscribe(val => console.log(val));

// the first fruit with a long name
const long = fruits.pipe(find(fruit => fruit.length > 5));
const subscribeTwo = long.subscribe(val => console.log(val));

// where is 'date'?
const where = fruits.pipe(findIndex(fruit => fruit === 'date'));
const subscribeThree = where.subscribe(val => console.log(val));

// no match: find gives undefined, findIndex gives -1
const none = fruits.pipe(find(fruit => fruit === 'kiwi'));
const subscribeFour = none.subscribe(val => console.log(val));
const noIndex = fruits.pipe(findIndex(fruit => fruit === 'kiwi'));
const subscribeFive = noIndex.subscribe(val => console.log(val));
