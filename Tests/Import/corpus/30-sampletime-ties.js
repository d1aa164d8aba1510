import { interval } from 'rxjs';
import { take, sampleTime, map } from 'rxjs/operators';

// source and sampler both fire at 300, 600, 900
const source = interval(100).pipe(take(10));
const example = source.pipe(
  sampleTime(300),
  map(val => Math.min(val * 2, 15))
);
const subscribe = example.subscribe(val => console.log(val));
