import { timer } from 'rxjs';
import { mapTo } from 'rxjs/operators';

// emit once after 3 seconds
const source = timer(3000);
const example = source.pipe(mapTo('Time is up!'));
// output: 'Time is up!' (after 3s)
const subscribe = example.subscribe(val => console.log(val));
