import { of } from 'rxjs';
import { tap, map } from 'rxjs/operators';

// log before and after the map
const example = of(1, 2, 3).pipe(
  tap(val => console.log('before', val)),
  map(val => val * 10),
  tap(val => console.log('after', val))
);
const subscribe = example.subscribe(val => console.log(val));
