import { BehaviorSubject, ReplaySubject, timer } from 'rxjs';
import { map } from 'rxjs/operators';

// a BehaviorSubject gives a new subscriber its value now; a ReplaySubject the last ones
const count = new BehaviorSubject(0);
count.pipe(map(n => `early: ${n}`)).subscribe(val => console.log(val));
count.next(1);
count.next(2);
count.subscribe(val => console.log(val));
timer(300).subscribe(() => count.next(3));
timer(600).subscribe(() => count.complete());

const recent = new ReplaySubject(2);
recent.next('a');
recent.next('b');
recent.next('c');
recent.pipe(map(x => x + '!')).subscribe(val => console.log(val));
timer(200).subscribe(() => recent.next('d'));
