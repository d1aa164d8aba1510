import { from } from 'rxjs';
import { filter, map } from 'rxjs/operators';

const commands = from(['/help', 'hello there', '/quit', 'bye', '/list users']);

// keep only slash commands, without the slash
const example = commands.pipe(
  filter(text => text.startsWith('/')),
  map(text => text.slice(1))
);
// output: 'help', 'quit', 'list users'
const subscribe = example.subscribe(val => console.log(val));
