import { timer, of } from 'rxjs';
import { map, retry, catchError, take } from 'rxjs/operators';

const settings = [{ theme: 'dark' }, { theme: 'light' }];

// the third tick reads a property of undefined; retry once, then fall back
const source = timer(500, 500).pipe(
  take(3),
  map(i => settings[i].theme)
);
const example = source.pipe(
  retry(1),
  catchError(err => of('default theme'))
);
const subscribe = example.subscribe(val => console.log(val));
