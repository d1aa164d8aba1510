import { concat, of, timer } from 'rxjs';
import { mapTo } from 'rxjs/operators';

// each source waits for the previous one to complete
const example = concat(
  of(1, 2, 3),
  timer(500).pipe(mapTo(4)),
  of(5, 6)
);
// output: 1,2,3 then 4 after 500ms, then 5,6
const subscribe = example.subscribe(console.log);
