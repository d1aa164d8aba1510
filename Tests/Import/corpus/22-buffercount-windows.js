import { range } from 'rxjs';
import { bufferCount } from 'rxjs/operators';

const source = range(1, 7);

// groups of 3, the last group is partial
const chunks = source.pipe(bufferCount(3));
// output: [1,2,3], [4,5,6], [7]
const subscribeOne = chunks.subscribe(val => console.log(val));

// sliding window of 3, starting a new buffer on every value
const sliding = source.pipe(bufferCount(3, 1));
const subscribeTwo = sliding.subscribe(val => console.log(val));
