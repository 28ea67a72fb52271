// Electron's `process.parentPort` of a utility process, over Node's IPC channel: what the desktop
// app gives sandbox-child.mjs, so that its utility-process path runs under Node in tests. Like
// Electron's, the port holds messages until the child listens to it; the test's fork holds its
// own until this preload listens to the IPC channel (`parentPortReady`).
import { EventEmitter } from 'node:events';

const port = new EventEmitter();
/** @type {unknown[] | undefined} */
let held = [];
port.on('newListener', (event) => {
  if (event !== 'message' || !held) return;
  const queued = held;
  held = undefined;
  setImmediate(() => queued.forEach((data) => port.emit('message', { data })));
});
Object.assign(port, { postMessage: (/** @type {unknown} */ message) => process.send?.(message) });
process.on('message', (data) => (held ? held.push(data) : port.emit('message', { data })));
Object.assign(process, { parentPort: port });
process.send?.({ parentPortReady: true });
