import { interval, of, timer } from 'rxjs';
import { take, switchMap, concatMap, map, delay } from 'rxjs/operators';

// each page request loads its items one after another
const pages = interval(2000).pipe(take(2));
const example = pages.pipe(
  switchMap(page =>
    of('a', 'b', 'c').pipe(
      concatMap(item => timer(300).pipe(map(() => `page ${page} item ${item}`)))
    )
  )
);
// output: page 0 item a, b, c; page 1 item a, b, c
const subscribe = example.subscribe(val => console.log(val));
