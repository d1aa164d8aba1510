import { Subject, timer } from 'rxjs';
import { map } from 'rxjs/operators';

// a subject that other code pushes messages into
const messages = new Subject();
const subscribe = messages
  .pipe(map(msg => `received: ${msg}`))
  .subscribe(val => console.log(val));

// push two messages, then finish
timer(1000).subscribe(() => messages.next('hello'));
timer(2500).subscribe(() => messages.next('world'));
timer(3000).subscribe(() => messages.complete());
timer(3500).subscribe(() => messages.next('too late'));
