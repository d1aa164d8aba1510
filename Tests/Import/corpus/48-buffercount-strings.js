import { from } from 'rxjs';
import { bufferCount, map } from 'rxjs/operators';

const words = from(['the', 'quick', 'brown', 'fox', 'jumps', 'over', 'dogs']);

// group words three at a time into lines
const example = words.pipe(
  bufferCount(3),
  map(line => line.join(' '))
);
// output: 'the quick brown', 'fox jumps over', 'dogs'
const subscribe = example.subscribe(val => console.log(val));
