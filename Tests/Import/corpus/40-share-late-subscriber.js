import { interval, timer } from 'rxjs';
import { take, map, share, switchMap } from 'rxjs/operators';

// one shared interval for every subscriber
const source = interval(1000).pipe(
  take(4),
  map(val => Math.round(val * 1.5)),
  share()
);

// first subscriber sees everything
const subscribeOne = source.subscribe(val => console.log(`A: ${val}`));
// second subscriber joins 2.5s later and only sees what is left
const late = timer(2500).pipe(switchMap(() => source));
const subscribeTwo = late.subscribe(val => console.log(`B: ${val}`));
