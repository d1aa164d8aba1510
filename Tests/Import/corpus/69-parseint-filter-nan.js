import { from } from 'rxjs';
import { map, filter, reduce } from 'rxjs/operators';

// form inputs arrive as strings; some are not numbers
const inputs = from(['4', '15', 'abc', '7', '']);
const example = inputs.pipe(
  map(text => parseInt(text, 10)),
  filter(num => !isNaN(num)),
  reduce((sum, num) => sum + num, 0)
);
// output: 26
const subscribe = example.subscribe(val => console.log(val));
