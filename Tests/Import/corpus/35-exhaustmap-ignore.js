import { interval, timer } from 'rxjs';
import { take, exhaustMap, map } from 'rxjs/operators';

// clicks every 500ms; each one starts a 1200ms "save"
const clicks = interval(500).pipe(take(6));
// clicks that arrive while a save is running are ignored
const saves = clicks.pipe(
  exhaustMap(click => timer(1200).pipe(map(() => `saved click ${click}`)))
);
const subscribe = saves.subscribe(val => console.log(val));
