import { from } from 'rxjs';
import { reduce } from 'rxjs/operators';

const votes = from(['yes', 'no', 'yes', 'yes', 'abstain', 'no']);

// tally the votes into one object
const example = votes.pipe(
  reduce(
    (acc, vote) => ({
      yes: acc.yes + (vote === 'yes' ? 1 : 0),
      no: acc.no + (vote === 'no' ? 1 : 0),
      total: acc.total + 1
    }),
    { yes: 0, no: 0, total: 0 }
  )
);
// output: {yes: 3, no: 2, total: 6}
const subscribe = example.subscribe(val => console.log(val));
