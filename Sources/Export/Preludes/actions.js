// An action (frp's `action`, RAC 2's RACCommand): each input runs `execute` unless
// one runs already or the latest of `enabledBy` is not true (then it is dropped); a
// failed run goes to `errors` and the action stays usable. Its views share one
// subscription to the inputs, and end when the inputs have ended and nothing runs.
const actionOf = (execute, enabledBy) => (inputs) => {
  const executing = new BehaviorSubject(false), enabled = new BehaviorSubject(true);
  const values = new Subject(), errors = new Subject(), starts = new Subject(), ending = new Subject();
  let enabledIf = true, viewers = 0, connection = null, inputsEnded = null;
  const updateEnabled = () => { const now = enabledIf && !executing.value; if (now !== enabled.value) enabled.next(now); };
  const setExecuting = (now) => { if (now !== executing.value) executing.next(now); updateEnabled(); };
  const endIfIdle = () => {
    if (!inputsEnded || executing.value) return;
    if (inputsEnded.error !== undefined) ending.error(inputsEnded.error); else ending.complete();
  };
  const apply = (input) => new Observable((observer) => {
    if (executing.value || !enabledIf) { observer.error('action is refused'); return; }
    let work;
    try { work = execute(input); } catch (e) { errors.next(e); observer.error(e); return; }
    let finished = false;
    setExecuting(true);
    starts.next(input);
    const running = work.subscribe({
      next: (value) => { observer.next(value); values.next(value); },
      error: (e) => { if (finished) return; finished = true; setExecuting(false); errors.next(e); observer.error(e); },
      complete: () => { if (finished) return; finished = true; setExecuting(false); observer.complete(); },
    });
    return () => { running.unsubscribe(); if (!finished) { finished = true; setExecuting(false); } };
  });
  const connect = () => {
    connection = new Subscription();
    if (enabledBy) connection.add(enabledBy.subscribe((value) => { enabledIf = value === true; updateEnabled(); }));
    connection.add(inputs.subscribe({
      next: (input) => connection.add(apply(input).subscribe({ error: endIfIdle, complete: endIfIdle })),
      error: (e) => { inputsEnded = { error: e }; endIfIdle(); },
      complete: () => { inputsEnded = {}; endIfIdle(); },
    }));
  };
  const view = (source) => new Observable((observer) => {
    if (inputsEnded && !executing.value) {
      if (inputsEnded.error !== undefined) observer.error(inputsEnded.error); else observer.complete();
      return;
    }
    const watching = new Subscription();
    watching.add(ending.subscribe({ error: (e) => observer.error(e), complete: () => observer.complete() }));
    watching.add(source.subscribe((value) => observer.next(value)));
    viewers += 1;
    if (viewers === 1) connect();
    return () => {
      watching.unsubscribe();
      viewers -= 1;
      if (viewers === 0 && connection) { connection.unsubscribe(); connection = null; }
    };
  });
  const run = {
    executing: view(executing), enabled: view(enabled), executions: view(starts),
    errors: view(errors.pipe(map(message))),
  };
  const output = view(values);
  output.run = run;
  return output;
};
