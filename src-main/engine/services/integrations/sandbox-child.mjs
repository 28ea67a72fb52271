// @ts-check
/**
 * The program of one integration run's own process (docs/integrations.md, "The sandbox").
 *
 * The script runs in QuickJS compiled to WebAssembly. Its objects, strings and ArrayBuffers live
 * in the module's linear memory, which is only bytes to this process: no object, error, prototype
 * or stack frame of this process's JavaScript realm exists in there, so none can be reached from
 * the script. What it may call are the host functions below; they read only strings and numbers
 * from it (their type asked of QuickJS, never by running the script's code) and hand back strings
 * and numbers. An exception in one becomes an error created inside QuickJS from its name and
 * message.
 *
 * This process holds the run and nothing else: the engine starts it with an empty environment, in
 * an empty temporary directory, with Node's permission model where the runtime offers it, and
 * talks to it only through its IPC channel, in JSON. It is plain JavaScript so that Node runs it
 * as it is under tsx, vitest and the bundled app.
 *
 * @typedef {import('quickjs-emscripten-core').QuickJSContext} Context
 * @typedef {import('quickjs-emscripten-core').QuickJSHandle} Handle
 * @typedef {import('quickjs-emscripten-core').QuickJSDeferredPromise} Deferred
 * @typedef {{ cpuMs: number, memoryMb: number, stackKb: number, rssMb: number, logEntries: number, logChars: number,
 *   fetchesInFlight: number, fetchesPerRun: number, requestChars: number, timers: number }} Limits
 * @typedef {{ kind: 'run', script: string, event: string, environment: string, limits: Limits }} RunMessage
 * @typedef {{ kind: 'fetched', id: number, response?: unknown, error?: string }} FetchedMessage
 */
import releaseSync from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core';

const MB = 1024 * 1024;
const WASM_PAGE = 64 * 1024;
/** The QuickJS module asks for 16 MiB to begin with: its memory may not start smaller. */
const INITIAL_PAGES = 256;
const LEVELS = ['debug', 'info', 'warn', 'error'];
/** Node has WebAssembly; the engine's type library (ES2022, no DOM) does not describe it. */
const WebAssemblyApi = /** @type {{ WebAssembly: { Memory: new (descriptor: { initial: number, maximum: number }) => { buffer: ArrayBuffer } } }} */ (
  /** @type {unknown} */ (globalThis)
).WebAssembly;

/**
 * The script's API, evaluated inside QuickJS before the script, around the host functions it
 * keeps in a closure: `console`, `setTimeout`, `fetch` (a Response-like answer), `addEventListener`.
 * It returns what the host calls: `dispatch` (the event to the listeners, the outcome to
 * `host.done`/`host.fail`), `fire` (a timer) and `problemOf` (an error as text). Everything here
 * is of the script's own realm; a script that replaces what it uses harms only its own run.
 */
const PRELUDE = String.raw`(function (host) {
  'use strict';
  const parse = JSON.parse, stringify = JSON.stringify, toText = String, toNumber = Number, keysOf = Object.keys;
  const describe = (value) => {
    if (typeof value === 'string') return value;
    try {
      if (value instanceof Error) return toText(value);
      const json = stringify(value);
      return json === undefined ? toText(value) : json;
    } catch {
      try { return toText(value); } catch { return '[a value that cannot be shown]'; }
    }
  };
  const at = (level) => (...values) => {
    let line = '';
    for (let i = 0; i < values.length; i++) line += (i === 0 ? '' : ' ') + describe(values[i]);
    host.log(level, line);
  };
  globalThis.console = { log: at('info'), info: at('info'), debug: at('debug'), warn: at('warn'), error: at('error') };

  const timers = new Map();
  let lastTimer = 0;
  globalThis.setTimeout = (callback, ms, ...args) => {
    if (typeof callback !== 'function') throw new TypeError('setTimeout needs a function');
    const delay = toNumber(ms ?? 0);
    const id = ++lastTimer;
    host.setTimer(id, delay > 0 ? delay : 0);
    timers.set(id, () => callback(...args));
    return id;
  };
  globalThis.clearTimeout = (id) => {
    if (timers.delete(id)) host.clearTimer(id);
  };
  const fire = (id) => {
    const run = timers.get(id);
    timers.delete(id);
    if (run) run();
  };

  const headersOf = (given) => {
    const headers = {};
    if (given !== undefined && given !== null) for (const name of keysOf(given)) headers[toText(name)] = toText(given[name]);
    return headers;
  };
  const responseOf = (r) => ({
    status: r.status, statusText: r.statusText, ok: r.status >= 200 && r.status < 300, url: r.url,
    headers: {
      get: (name) => r.headers[toText(name).toLowerCase()] ?? null,
      has: (name) => toText(name).toLowerCase() in r.headers,
    },
    text: async () => r.body,
    json: async () => parse(r.body),
  });
  globalThis.fetch = async (input, init = {}) => {
    const request = { url: toText(input), method: toText(init.method ?? 'GET'), headers: headersOf(init.headers) };
    if (init.body !== undefined && init.body !== null) request.body = toText(init.body);
    let answer;
    try {
      answer = await host.fetch(stringify(request));
    } catch (problem) {
      throw new TypeError(typeof problem === 'string' ? problem : 'fetch failed');
    }
    return responseOf(parse(answer));
  };

  const listeners = new Map();
  globalThis.addEventListener = (type, listener) => {
    if (typeof listener !== 'function') throw new TypeError('addEventListener needs a function');
    const key = toText(type);
    listeners.set(key, [...(listeners.get(key) ?? []), listener]);
  };
  // The script's own frames only: the prelude's are no business of its author.
  const problemOf = (error) => {
    try {
      const stack = error !== null && typeof error === 'object' ? error.stack : undefined;
      const frames = typeof stack === 'string' ? stack.split('\n').filter((line) => /^\s+at .*integration\.js/.test(line)) : [];
      return [toText(error), ...frames].join('\n');
    } catch {
      return 'the script threw a value that cannot be described';
    }
  };
  const dispatch = (eventJson, environmentJson) => {
    const event = parse(eventJson);
    const context = { environment: parse(environmentJson) };
    const handlers = [...(listeners.get(event.type) ?? []), ...(listeners.get('*') ?? [])];
    if (handlers.length === 0) host.log('debug', 'The script has no listener for ' + event.type);
    (async () => {
      for (const handler of handlers) await handler(event, context);
    })().then(() => host.done(), (error) => host.fail(problemOf(error)));
  };
  return { dispatch, fire, problemOf };
})`;

let finished = false;
let droppedLogs = 0;

/**
 * The engine's channel: Node's IPC channel when the engine forked this process, or Electron's
 * `parentPort` when the desktop app started it as a utility process (its RunAsNode fuse is off).
 * @type {{ send(message: object, sent?: () => void): void, onMessage(listener: (message: any) => void): void, onGone(listener: () => void): void }}
 */
const channel = (() => {
  const port = /** @type {{ parentPort?: { postMessage(message: object): void, on(event: 'message', listener: (event: { data: any }) => void): void } }} */ (
    /** @type {unknown} */ (process)
  ).parentPort;
  if (port) {
    return {
      send(message, sent) {
        port.postMessage(message);
        // A posted message has no receipt: leave soon after; the engine ends this process once it has the outcome anyway.
        if (sent) setTimeout(sent, 2_000);
      },
      onMessage: (listener) => port.on('message', (event) => listener(event.data)),
      // Electron ends a utility process with the app that started it.
      onGone: () => undefined,
    };
  }
  return {
    send(message, sent) {
      if (!process.send || !process.connected) sent?.();
      else if (sent) process.send(message, () => sent());
      else process.send(message);
    },
    onMessage: (listener) => process.on('message', listener),
    onGone: (listener) => process.on('disconnect', listener),
  };
})();

/** Sends the outcome once, then leaves: the engine ends this process on it anyway. */
function finish(/** @type {{ kind: 'done' } | { kind: 'failed', message: string }} */ outcome) {
  if (finished) return;
  finished = true;
  channel.send({ ...outcome, droppedLogs }, () => process.exit(0));
}

function send(/** @type {object} */ message) {
  if (!finished) channel.send(message);
}

/** @type {((message: FetchedMessage) => void) | undefined} */
let onFetched;
let started = false;
channel.onMessage((/** @type {RunMessage | FetchedMessage} */ message) => {
  if (message.kind === 'fetched') return onFetched?.(message);
  if (message.kind !== 'run' || started) return;
  started = true;
  start(message).catch((error) => finish({ kind: 'failed', message: `The sandbox could not run the script: ${describeHostError(error)}` }));
});
// The engine went away: nothing is left to answer to.
channel.onGone(() => process.exit(0));
process.on('uncaughtException', (error) => finish({ kind: 'failed', message: `The sandbox failed: ${describeHostError(error)}` }));

/** @param {unknown} error */
function describeHostError(error) {
  if (error instanceof RangeError && /call stack/i.test(error.message)) return 'the script nested calls too deeply';
  return error instanceof Error ? error.message : 'an unknown error';
}

/** @param {RunMessage} run */
async function start(run) {
  const { limits } = run;
  // All of the script's memory is this WebAssembly memory, which cannot grow past its maximum.
  const maximum = Math.max(INITIAL_PAGES, Math.floor((limits.memoryMb * MB) / WASM_PAGE));
  const wasmMemory = new WebAssemblyApi.Memory({ initial: INITIAL_PAGES, maximum });
  const quickjs = await newQuickJSWASMModuleFromVariant(newVariant(releaseSync, { wasmMemory }));
  const runtime = quickjs.newRuntime();
  // Refuses any single allocation past the limit up front; the memory's maximum bounds their sum.
  runtime.setMemoryLimit(limits.memoryMb * MB);
  runtime.setMaxStackSize(limits.stackKb * 1024);
  const context = runtime.newContext();

  const cpuAtStart = process.cpuUsage();
  /** @type {string | undefined} Why the run was stopped, once a limit is crossed. */
  let stopped;
  let checks = 0;
  const overLimit = () => {
    if (stopped) return true;
    const cpu = process.cpuUsage(cpuAtStart);
    if ((cpu.user + cpu.system) / 1000 > limits.cpuMs) stopped = `The script used more than ${limits.cpuMs} ms of CPU time and was stopped`;
    else if (++checks % 32 === 0 && process.memoryUsage.rss() > limits.rssMb * MB) stopped = `The script's process used more than ${limits.rssMb} MB of memory and was stopped`;
    return stopped !== undefined;
  };
  // QuickJS asks this while the script runs; true interrupts it with an error it cannot catch.
  runtime.setInterruptHandler(overLimit);
  // While the script waits (timers, fetches), the same limits are watched from here.
  setInterval(() => {
    if (overLimit()) finish({ kind: 'failed', message: /** @type {string} */ (stopped) });
  }, 100);

  /** The string `handle` holds, or undefined for anything else (read without running the script's code). */
  const text = (/** @type {Handle | undefined} */ handle) => (handle !== undefined && context.typeof(handle) === 'string' ? context.getString(handle) : undefined);
  const number = (/** @type {Handle | undefined} */ handle) => (handle !== undefined && context.typeof(handle) === 'number' ? context.getNumber(handle) : undefined);
  const host = context.newObject();
  const define = (/** @type {string} */ name, /** @type {(...args: Handle[]) => Handle | void} */ fn) => {
    context.newFunction(name, fn).consume((handle) => context.setProp(host, name, handle));
  };

  let logged = 0;
  define('log', (levelHandle, messageHandle) => {
    if (logged >= limits.logEntries) {
      droppedLogs++;
      return;
    }
    const level = text(levelHandle);
    const message = text(messageHandle);
    if (message === undefined) return;
    logged++;
    const cut = message.length > limits.logChars ? `${message.slice(0, limits.logChars)}… (cut)` : message;
    send({ kind: 'log', level: level !== undefined && LEVELS.includes(level) ? level : 'info', message: cut, timestamp: new Date().toISOString() });
  });

  /** @type {Map<number, NodeJS.Timeout>} */
  const timers = new Map();
  define('setTimer', (idHandle, msHandle) => {
    const id = number(idHandle);
    const ms = number(msHandle);
    if (id === undefined || ms === undefined) throw new TypeError('setTimeout needs a delay in milliseconds');
    if (timers.size >= limits.timers) throw new RangeError(`a script may have at most ${limits.timers} timers pending`);
    clearTimeout(timers.get(id));
    const timer = setTimeout(() => {
      timers.delete(id);
      enter(() => context.newNumber(id).consume((idArg) => context.callFunction(fire, context.undefined, idArg)));
    }, Math.min(ms, 2 ** 31 - 1));
    timers.set(id, timer);
  });
  define('clearTimer', (idHandle) => {
    const id = number(idHandle);
    if (id === undefined) return;
    clearTimeout(timers.get(id));
    timers.delete(id);
  });

  /** Fetches the engine performs for the script, by id; at most `fetchesInFlight` at once, the others queued. */
  /** @type {Map<number, Deferred>} */
  const inFlight = new Map();
  /** @type {{ id: number, request: unknown, deferred: Deferred }[]} */
  const queued = [];
  let fetches = 0;
  const sendFetches = () => {
    while (inFlight.size < limits.fetchesInFlight && queued.length > 0) {
      const next = /** @type {{ id: number, request: unknown, deferred: Deferred }} */ (queued.shift());
      inFlight.set(next.id, next.deferred);
      send({ kind: 'fetch', id: next.id, request: next.request });
    }
  };
  define('fetch', (requestHandle) => {
    const deferred = context.newPromise();
    const json = text(requestHandle);
    const refusal =
      json === undefined ? 'fetch needs a request' :
      json.length > limits.requestChars ? `fetch refused: the request is larger than ${limits.requestChars} characters` :
      fetches >= limits.fetchesPerRun ? `fetch refused: a run may fetch at most ${limits.fetchesPerRun} times` : undefined;
    if (refusal !== undefined) {
      context.newString(refusal).consume((problem) => deferred.reject(problem));
      return deferred.handle;
    }
    fetches++;
    queued.push({ id: fetches, request: JSON.parse(/** @type {string} */ (json)), deferred });
    sendFetches();
    return deferred.handle;
  });
  onFetched = (message) => {
    const deferred = inFlight.get(message.id);
    if (!deferred) return;
    inFlight.delete(message.id);
    enter(() => {
      if (typeof message.error === 'string') context.newString(message.error).consume((problem) => deferred.reject(problem));
      else context.newString(JSON.stringify(message.response)).consume((answer) => deferred.resolve(answer));
      deferred.dispose();
    });
    sendFetches();
  };

  /** The outcome of a script's error, as its prelude describes it (undefined: it could not). */
  const failure = (/** @type {string | undefined} */ problem) => {
    if (stopped) return stopped;
    // Memory runs out where the script allocates; a script may also catch that and fail later.
    if (problem?.startsWith('InternalError: out of memory') || (problem === undefined && wasmMemory.buffer.byteLength >= maximum * WASM_PAGE)) {
      return `The script ran out of memory (limit ${limits.memoryMb} MB) and was stopped`;
    }
    return `The script failed: ${problem ?? 'it threw a value that cannot be described'}`;
  };

  define('done', () => finish({ kind: 'done' }));
  define('fail', (problemHandle) => finish({ kind: 'failed', message: failure(text(problemHandle)) }));

  const api = context.unwrapResult(context.evalCode(PRELUDE, 'sandbox.js', { type: 'global', strict: true })).consume((makeApi) =>
    context.unwrapResult(context.callFunction(makeApi, context.undefined, host)),
  );
  host.dispose();
  const dispatch = context.getProp(api, 'dispatch');
  const fire = context.getProp(api, 'fire');
  const problemOf = context.getProp(api, 'problemOf');
  api.dispose();

  /** What ended the run when QuickJS itself answered an error (the script's, or a limit's). */
  const failureOf = (/** @type {Handle} */ error) => {
    if (stopped) return stopped;
    const described = context.callFunction(problemOf, context.undefined, error);
    const problem = described.error ? undefined : text(described.value);
    described.dispose();
    return failure(problem);
  };

  let dispatched = false;
  /**
   * Runs `call` in QuickJS, then every job it queued (promise reactions), and ends the run on a
   * failure, a limit, or when nothing is left that could settle the listeners.
   */
  function enter(/** @type {() => { error?: Handle, value?: Handle } | void} */ call) {
    if (finished) return;
    try {
      const result = call();
      if (result?.error) return finish({ kind: 'failed', message: result.error.consume(failureOf) });
      result?.value?.dispose();
      while (!finished && runtime.hasPendingJob()) {
        const jobs = runtime.executePendingJobs(-1);
        if (jobs.error) return finish({ kind: 'failed', message: jobs.error.consume(failureOf) });
      }
    } catch (error) {
      // An exception of the host itself (the native stack ran out): QuickJS cannot go on.
      return finish({ kind: 'failed', message: stopped ?? `The script was stopped: ${describeHostError(error)}` });
    }
    if (stopped) return finish({ kind: 'failed', message: stopped });
    if (dispatched && !finished && timers.size === 0 && inFlight.size === 0 && queued.length === 0) {
      finish({ kind: 'failed', message: 'The script failed: its listeners never settled, and nothing was left for them to wait for' });
    }
  }

  enter(() => context.evalCode(run.script, 'integration.js', { type: 'global' }));
  enter(() => {
    dispatched = true;
    const event = context.newString(run.event);
    const environment = context.newString(run.environment);
    const result = context.callFunction(dispatch, context.undefined, event, environment);
    event.dispose();
    environment.dispose();
    return result;
  });
}
