import { of } from 'rxjs';
import { startWith, endWith } from 'rxjs/operators';

const source = of('World', 'Goodbye');
// start with 'Hello', finish with '!'
const example = source.pipe(startWith('Hello'), endWith('!'));
// output: 'Hello', 'World', 'Goodbye', '!'
const subscribe = example.subscribe(val => console.log(val));
