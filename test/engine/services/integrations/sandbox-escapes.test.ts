import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer } from '../../../support/server.js';
import { lastTrace } from '../../api/integrations/fixtures.js';
import { expectEngineAnswersThroughout, messages, onSetup, startScript } from './script-runs.js';

/**
 * The doors a script has tried out of its sandbox (issue 13): errors of the host's realm thrown
 * into the script, stack-trace hooks, traps on what the host reads, shared memory, polluted
 * prototypes. Through each, a script that reached the host would read a canary file and an
 * environment variable of the engine and write a marker file: none of that may happen, and the
 * event must end as an outcome while the engine answers.
 */
const SECRET = randomBytes(12).toString('hex');
const ENV_SECRET = randomBytes(12).toString('hex');
let dir: string;
let t: TestServer;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'folio-canary-'));
  writeFileSync(join(dir, 'canary.txt'), SECRET);
  process.env.FOLIO_CANARY_SECRET = ENV_SECRET;
  t = await TestServer.start({ integrations: { timeMs: 5000, cpuMs: 1500, memoryMb: 32 } as object });
});
afterAll(async () => {
  delete process.env.FOLIO_CANARY_SECRET;
  await t.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * `escape(makeFunction, how)`: with a Function constructor of the host, gets `process`, reads the
 * canary and the variable and writes `escaped-<how>` beside the canary. `viaConstructor(value, how)`
 * tries it from any object's constructor, as `err.constructor.constructor('return process')()` does.
 */
const attempt = () => `
  const CANARY = ${JSON.stringify(join(dir, 'canary.txt'))};
  const MARKER = ${JSON.stringify(join(dir, 'escaped-'))};
  const escape = (makeFunction, how) => {
    try {
      const p = makeFunction('return process')();
      const fs = p.getBuiltinModule ? p.getBuiltinModule('node:fs') : p.mainModule.require('fs');
      fs.writeFileSync(MARKER + how, 'escaped');
      console.log('ESCAPED ' + how + ' ' + fs.readFileSync(CANARY, 'utf8') + ' ' + p.env.FOLIO_CANARY_SECRET);
    } catch (e) {
      console.log('contained ' + how);
    }
  };
  const viaConstructor = (value, how) => {
    try { escape(value.constructor.constructor, how); } catch (e) { console.log('contained ' + how); }
  };
`;

/** Runs `script`; each of `tried` must have been tried (and logged `contained …`). */
async function expectContained(script: string, tried: string[] = []) {
  const name = await startScript(t, attempt() + script, 'escape');
  expect(await expectEngineAnswersThroughout(t)).toBeGreaterThan(0);
  const { event, trace } = await lastTrace(t, name);
  expect(['success', 'failed']).toContain(event.status);
  const logged = messages(trace.logs);
  expect(logged).not.toMatch(/ESCAPED/);
  expect(logged).not.toContain(SECRET);
  expect(logged).not.toContain(ENV_SECRET);
  for (const how of tried) expect(logged).toContain(`contained ${how}`);
  return { event, trace, logged };
}

describe('errors of the host thrown into a script lead nowhere', () => {
  it.each([
    ['setTimeout with a Symbol delay', "try { setTimeout(() => {}, Symbol()); } catch (e) { viaConstructor(e, 'timer'); }", ['timer']],
    [
      'console.log of values whose conversion throws, after Array.prototype.join is replaced',
      "Array.prototype.join = function () { return { [Symbol.toPrimitive]() { return {}; } }; }; const evil = { [Symbol.toPrimitive]() { return {}; }, toJSON() { throw new Error('no JSON'); } }; try { console.log('x', evil, [evil]); console.log('logged'); } catch (e) { viaConstructor(e, 'log'); }",
      [],
    ],
    [
      'fetch after JSON.stringify and String are replaced',
      "const S = String; const stringify = JSON.stringify; JSON.stringify = () => ({ [Symbol.toPrimitive]() { return {}; } }); globalThis.String = function (v) { if (v !== null && typeof v === 'object') viaConstructor(v, 'fetch'); return S(v); }; try { await fetch('http://127.0.0.1:9/'); } catch (e) { viaConstructor(e, 'fetch-rejection'); } JSON.stringify = stringify; globalThis.String = S;",
      ['fetch-rejection'],
    ],
    ["import('fs') failing", "try { await import('fs'); console.log('imported fs'); } catch (e) { viaConstructor(e, 'import'); }", ['import']],
    ['a require() that is not there', "try { require('fs'); } catch (e) { viaConstructor(e, 'require'); }", ['require']],
    ['the global object and the functions the sandbox defines', "viaConstructor(globalThis, 'global'); escape(console.log.constructor, 'bridged'); escape(fetch.constructor, 'fetch-fn'); escape(setTimeout.constructor, 'timer-fn');", ['global', 'bridged', 'fetch-fn', 'timer-fn']],
  ])('%s', async (_what, body, tried) => {
    await expectContained(onSetup(body), tried);
    for (const how of ['timer', 'log', 'fetch', 'fetch-rejection', 'import', 'require', 'global', 'bridged', 'fetch-fn', 'timer-fn']) expect(existsSync(join(dir, `escaped-${how}`))).toBe(false);
  });

  it('Error.prepareStackTrace sees no frame or receiver of the host', async () => {
    const { logged } = await expectContained(onSetup(`
      Error.prepareStackTrace = (error, frames) => {
        for (const frame of frames ?? []) {
          try { const fn = frame.getFunction && frame.getFunction(); if (fn) escape(fn.constructor, 'frame-function'); } catch {}
          try { const self = frame.getThis && frame.getThis(); if (self) viaConstructor(self, 'frame-this'); } catch {}
        }
        return 'prepared';
      };
      try { setTimeout(() => {}, Symbol()); } catch (e) { String(e.stack); viaConstructor(e, 'prepared-timer'); }
      try { await fetch('http://127.0.0.1:9/'); } catch (e) { String(e.stack); }
      try { null.x; } catch (e) { String(e.stack); }
      console.log('done');`), ['prepared-timer']);
    expect(logged).toMatch(/done/);
  });
});

describe('what the host reads from a script is data, never a trap', () => {
  /** A Proxy whose traps try their arguments once each (a trap that recursed would only spin to the CPU limit). */
  const trap = `(() => {
    const tried = new Set();
    const once = (value, how) => { if (!tried.has(how)) { tried.add(how); viaConstructor(value, how); } };
    return new Proxy({}, {
      get(target, key, receiver) { once(receiver, 'proxy-receiver'); once(target, 'proxy-target'); return () => ({}); },
      has() { return true; },
      ownKeys() { return ['a']; },
      getOwnPropertyDescriptor() { return { value: 1, enumerable: true, configurable: true }; },
    });
  })()`;

  it('Proxies and getters handed to console, fetch, timers and the outcome', async () => {
    const { event } = await expectContained(`
      const trap = () => ${trap};
      const getter = { get message() { return 'm'; }, get stack() { return trap(); }, toString() { return 'getter'; } };
      addEventListener('installation_setup', async () => {
        console.log(trap(), getter);
        console.log({ toJSON() { return trap(); } });
        try { await fetch(trap(), trap()); } catch (e) { console.log('fetch refused a trap'); }
        try { await fetch('http://127.0.0.1:9/', { headers: trap(), body: trap() }); } catch (e) { console.log('fetch refused trapped init'); }
        try { setTimeout(trap(), trap()); } catch (e) { console.log('setTimeout refused a trap'); }
        throw getter;
      });`, ['proxy-receiver', 'proxy-target']);
    expect(event.status).toBe('failed');
  });

  it('a listener that settles with a thenable Proxy, and a thrown Proxy', async () => {
    await expectContained(`addEventListener('installation_setup', () => new Proxy({}, { get(t, key, receiver) { if (key === 'then') { viaConstructor(receiver, 'thenable'); return (resolve) => resolve(1); } } }));`, ['thenable']);
    const { event } = await expectContained(`addEventListener('installation_setup', () => { let tried = false; throw new Proxy(new Error('x'), { get(t, key, receiver) { if (!tried) { tried = true; viaConstructor(receiver, 'thrown'); } return Reflect.get(t, key); } }); });`, ['thrown']);
    expect(event.status).toBe('failed');
  });

  it('polluted prototypes do not change the outcome or the trace the engine records', async () => {
    const { event, trace } = await expectContained(`
      for (const proto of [Object.prototype, Array.prototype]) {
        for (const key of ['kind', 'status', 'level', 'message', 'timestamp', 'id', 'then', 'toJSON', 'type', 'request', 'response', 'error']) {
          try { Object.defineProperty(proto, key, { get() { viaConstructor(this, 'polluted-' + key); return 'polluted'; }, set() {}, configurable: true }); } catch {}
        }
      }
      addEventListener('installation_setup', () => { console.warn('still here'); throw new Error('polluted'); });`);
    expect(event.status).toBe('failed');
    expect(trace.logs.some((log) => log.level === 'warn' && log.message === 'still here')).toBe(true);
    expect(trace.logs.at(-1)).toMatchObject({ level: 'error', message: expect.stringMatching(/Error: polluted/) });
  });
});

describe('shared memory', () => {
  it('SharedArrayBuffer and Atomics.wait end as an outcome', async () => {
    await expectContained(onSetup(`
      console.log(typeof SharedArrayBuffer, typeof Atomics);
      if (typeof SharedArrayBuffer === 'function') new Int32Array(new SharedArrayBuffer(16))[0] = 1;
      if (typeof Atomics === 'object') {
        const cells = new Int32Array(new SharedArrayBuffer(16));
        Atomics.store(cells, 0, 1);
        try { Atomics.wait(cells, 0, 1); } catch (e) { viaConstructor(e, 'atomics'); }
      }`));
  });
});
