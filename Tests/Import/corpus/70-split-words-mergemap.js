import { of, from } from 'rxjs';
import { mergeMap, filter, count } from 'rxjs/operators';

const lines = of('the cat sat', 'on the mat', 'the end');

// split lines into words and count the word 'the'
const words = lines.pipe(mergeMap(line => from(line.split(' '))));
const subscribeOne = words.subscribe(val => console.log(val));

const theCount = words.pipe(
  filter(word => word === 'the'),
  count()
);
// output: 3
const subscribeTwo = theCount.subscribe(val => console.log(val));
