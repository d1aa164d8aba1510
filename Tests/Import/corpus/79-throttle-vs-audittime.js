import { interval } from 'rxjs';
import { take, throttle, auditTime, map } from 'rxjs/operators';

// a tick every 300ms
const source = interval(300).pipe(take(10));

// throttle: take a value, then ignore the next second
const throttled = source.pipe(
  throttle(() => interval(1000)),
  map(val => `throttle ${val}`)
);
const subscribeOne = throttled.subscribe(val => console.log(val));

// auditTime: wait a second, then take the latest value
const audited = source.pipe(
  auditTime(1000),
  map(val => `audit ${val}`)
);
const subscribeTwo = audited.subscribe(val => console.log(val));
