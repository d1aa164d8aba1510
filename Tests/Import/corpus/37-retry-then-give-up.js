import { interval, of } from 'rxjs';
import { map, take, retry, catchError } from 'rxjs/operators';

const data = [{ value: 10 }, { value: 20 }];

// the third tick reads data[2], which does not exist; retry twice, then give up
const source = interval(1000).pipe(
  take(3),
  map(i => data[i].value)
);
const example = source.pipe(
  retry(2),
  catchError(err => of('gave up'))
);
const subscribe = example.subscribe(val => console.log(val));
