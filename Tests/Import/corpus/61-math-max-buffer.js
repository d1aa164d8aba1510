import { from } from 'rxjs';
import { bufferCount, map } from 'rxjs/operators';

const temperatures = from([12, 17, 9, 21, 15, 18, 11]);

// the highest temperature of every three readings
const example = temperatures.pipe(
  bufferCount(3),
  map(readings => Math.max(...readings))
);
// output: 17, 21, 11
const subscribe = example.subscribe(val => console.log(val));
