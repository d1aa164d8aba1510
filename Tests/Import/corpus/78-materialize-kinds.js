import { of, concat, throwError } from 'rxjs';
import { materialize, map } from 'rxjs/operators';

// turn every notification into a plain value
const ok = of('a', 'b').pipe(
  materialize(),
  map(note => note.kind)
);
// output: 'N', 'N', 'C'
const subscribeOne = ok.subscribe(val => console.log(val));

// an error becomes a value too, so the stream ends normally
const failing = concat(of(1), throwError(() => new Error('boom'))).pipe(
  materialize(),
  map(note => note.kind)
);
// output: 'N', 'E'
const subscribeTwo = failing.subscribe(val => console.log(val));
