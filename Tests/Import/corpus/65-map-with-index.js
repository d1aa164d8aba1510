import { from } from 'rxjs';
import { map, filter } from 'rxjs/operators';

const steps = from(['wake up', 'coffee', 'code', 'sleep']);

// number each step, then keep the even positions
const example = steps.pipe(
  map((step, i) => `${i + 1}. ${step}`),
  filter((line, i) => i % 2 === 0)
);
// output: '1. wake up', '3. code'
const subscribe = example.subscribe(val => console.log(val));
