import { Subject, timer } from 'rxjs';
import { map } from 'rxjs/operators';

// values pushed by hand: each subscriber sees the pushes made after it subscribed
const clicks = new Subject();
clicks.next('lost');
clicks.pipe(map(c => `first: ${c}`)).subscribe(val => console.log(val));
clicks.next('one');
clicks.subscribe(val => console.log(val));
clicks.next('two');
timer(500).subscribe(() => clicks.next('three'));
timer(800).subscribe(() => clicks.complete());
timer(900).subscribe(() => clicks.next('after the end'));
