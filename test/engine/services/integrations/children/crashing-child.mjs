// A script's process that dies mid-run, as a crash of Node or QuickJS would: after one log, SIGKILL.
process.once('message', () => {
  process.send?.({ kind: 'log', level: 'info', message: 'about to crash', timestamp: new Date().toISOString() }, () => process.kill(process.pid, 'SIGKILL'));
});
