/**
 * The program of a sandbox worker, as source: a worker started with `eval: true` needs no file on
 * disk, so it runs the same under tsx, vitest and the bundled app.
 *
 * The worker evaluates the integration's script in a fresh `vm` context that has none of Node's
 * globals (no `require`, `process`, `Buffer`, file system). What the script may call (`console`,
 * `fetch`, timers, `addEventListener`) is defined by code running inside that context, around a
 * host object it keeps in a closure: the script only ever holds objects of its own realm, whose
 * constructors lead back to its own realm, and only strings cross the boundary. `fetch` asks the
 * parent, which decides what may be reached. The worker is strict code, so a stack trace the
 * script formats itself exposes no function of the worker.
 */
export const SANDBOX_SOURCE = String.raw`'use strict';
const { parentPort, workerData } = require('node:worker_threads');
const vm = require('node:vm');

const pending = new Map();
let nextRequest = 0;
parentPort.on('message', (message) => {
  const waiting = pending.get(message.id);
  if (!waiting) return;
  pending.delete(message.id);
  if (typeof message.error === 'string') waiting.reject(message.error);
  else waiting.resolve(JSON.stringify(message.response));
});

const host = {
  log(level, message) {
    parentPort.postMessage({ kind: 'log', level: String(level), message: String(message), timestamp: new Date().toISOString() });
  },
  fetch(requestJson) {
    const id = ++nextRequest;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      parentPort.postMessage({ kind: 'fetch', id, request: JSON.parse(String(requestJson)) });
    });
  },
  setTimeout(callback, ms) {
    return Number(setTimeout(() => callback(), Number(ms) || 0));
  },
  clearTimeout(id) {
    clearTimeout(Number(id));
  },
  done() {
    parentPort.postMessage({ kind: 'done' });
  },
  fail(problem) {
    parentPort.postMessage({ kind: 'failed', message: String(problem) });
  },
};

const PRELUDE = String.raw${'`'}(function (host) {
  'use strict';
  const describe = (value) => {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return String(value);
    try { const json = JSON.stringify(value); return json === undefined ? String(value) : json; } catch { return String(value); }
  };
  const at = (level) => (...values) => host.log(level, values.map(describe).join(' '));
  globalThis.console = { log: at('info'), info: at('info'), debug: at('debug'), warn: at('warn'), error: at('error') };
  globalThis.setTimeout = (callback, ms) => host.setTimeout(() => callback(), ms);
  globalThis.clearTimeout = (id) => host.clearTimeout(id);
  const response = (r) => ({
    status: r.status, statusText: r.statusText, ok: r.status >= 200 && r.status < 300, url: r.url,
    headers: { get: (name) => r.headers[String(name).toLowerCase()] ?? null },
    text: async () => r.body,
    json: async () => JSON.parse(r.body),
  });
  globalThis.fetch = async (input, init = {}) => {
    const headers = {};
    for (const [name, value] of Object.entries(init.headers ?? {})) headers[String(name)] = String(value);
    const request = { url: String(input), method: String(init.method ?? 'GET'), headers, body: init.body === undefined ? undefined : String(init.body) };
    let answer;
    try { answer = await host.fetch(JSON.stringify(request)); } catch (problem) { throw new TypeError(String(problem)); }
    return response(JSON.parse(answer));
  };
  const listeners = new Map();
  globalThis.addEventListener = (type, listener) => {
    if (typeof listener !== 'function') throw new TypeError('addEventListener needs a function');
    listeners.set(String(type), [...(listeners.get(String(type)) ?? []), listener]);
  };
  // The outcome goes out through host.done and host.fail, as strings: the worker never awaits a
  // promise of this realm, whose then() the script could replace.
  const problemOf = (error) => {
    const frames = typeof error?.stack === 'string' ? error.stack.split('\n').filter((line) => /^\s+at .*integration\.js/.test(line)) : [];
    return [String(error), ...frames].join('\n');
  };
  return (eventJson, environmentJson) => {
    const event = JSON.parse(eventJson);
    const context = { environment: JSON.parse(environmentJson) };
    const handlers = [...(listeners.get(event.type) ?? []), ...(listeners.get('*') ?? [])];
    if (handlers.length === 0) host.log('debug', 'The script has no listener for ' + event.type);
    (async () => {
      for (const handler of handlers) await handler(event, context);
    })().then(() => host.done(), (error) => host.fail(problemOf(error)));
  };
})${'`'};

/**
 * A script that throws while it is evaluated: its own error, its own frames, none of ours. Its
 * stack is read once and used only as a primitive string, so that nothing of this realm (the
 * filter's function) is ever handed to the script's objects.
 */
function problemOf(error) {
  try {
    const stack = error !== null && typeof error === 'object' ? error.stack : undefined;
    if (typeof stack === 'string') {
      const frames = stack.split('\n').filter((line) => /^\s+at .*integration\.js/.test(line));
      return [String(error), ...frames].join('\n');
    }
    return String(error);
  } catch {
    return 'the script threw a value that cannot be described';
  }
}

const { script, eventJson, environmentJson, evaluationTimeoutMs } = workerData;
// A global without a prototype of this realm: the script's this.constructor is its own realm's.
const context = vm.createContext(Object.create(null), { codeGeneration: { strings: true, wasm: false } });
const dispatch = vm.runInContext(PRELUDE, context)(host);
try {
  vm.runInContext(script, context, { filename: 'integration.js', timeout: evaluationTimeoutMs });
  dispatch(eventJson, environmentJson);
} catch (error) {
  host.fail(problemOf(error));
}
`;
