import { combineLatest, timer } from 'rxjs';
import { take, map } from 'rxjs/operators';

const red = timer(0, 1000).pipe(take(3));
const green = timer(400, 1000).pipe(take(2));
const blue = timer(800).pipe(map(() => 255));

// a color from the latest value of each channel
const example = combineLatest([red, green, blue]).pipe(
  map(([r, g, b]) => `rgb(${r}, ${g}, ${b})`)
);
const subscribe = example.subscribe(val => console.log(val));
