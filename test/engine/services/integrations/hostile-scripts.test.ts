import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { lastTrace } from '../../api/integrations/fixtures.js';
import { expectEngineHealthy, messages, onSetup, runScript as runScriptOn, startScript as startScriptOn } from './script-runs.js';

/**
 * Small CPU and memory limits, so that a runaway script is stopped quickly; a long wall time, so
 * that the CPU limit is what stops it even on a loaded machine (sandbox-limits.test.ts has the
 * wall time's own test).
 */
const LIMITS = { timeMs: 30_000, cpuMs: 500, memoryMb: 32 };

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start({ integrations: LIMITS });
});
afterAll(() => t.stop());

let count = 0;
const startScript = (script: string) => (count++, startScriptOn(t, script, 'hostile'));
const runScript = (script: string) => (count++, runScriptOn(t, script));

describe('scripts that misbehave fail their event, with the reason in the trace, and harm nothing', () => {
  it.each([
    ['throws', onSetup("console.log('about to fail'); throw new Error('boom');"), /The script failed: Error: boom/],
    ['throws while loading', "throw new TypeError('cannot start');", /TypeError: cannot start/],
    ['throws from a timer', onSetup("setTimeout(() => { throw new Error('in a timer'); }, 1); await new Promise(() => {});"), /The script failed: Error: in a timer/],
    ['rejects later', onSetup("await new Promise((_, reject) => setTimeout(() => reject(new Error('late')), 5));"), /Error: late/],
    ['loops forever while loading', 'while (true) {}', /used more than 500 ms of CPU time and was stopped/],
    ['loops forever in a handler', onSetup('await null; while (true) {}'), /used more than 500 ms of CPU time and was stopped/],
    ['loops forever catching what stops it', onSetup('for (;;) { try { while (true) {} } catch {} }'), /used more than 500 ms of CPU time and was stopped/],
    ['never settles', onSetup('await new Promise(() => {});'), /its listeners never settled, and nothing was left for them to wait for/],
    ['exhausts memory', onSetup('const hoard = []; while (true) hoard.push(new Array(100000).fill(hoard.length));'), /ran out of memory \(limit 32 MB\)/],
    ['reaches for process', onSetup('process.exit(1);'), /ReferenceError: '?process'? is not defined/],
    ['reaches for require to read a file', onSetup("require('node:fs').readFileSync('/etc/passwd', 'utf8');"), /ReferenceError: '?require'? is not defined/],
    ['climbs to the Function constructor', onSetup("const p = this.constructor.constructor('return process')(); p.mainModule.require('fs');"), /ReferenceError: '?process'? is not defined/],
    ['climbs from a bridged function', onSetup("const p = console.log.constructor('return process')(); p.exit(1);"), /ReferenceError: '?process'? is not defined/],
    ['fetches a host it is not allowed', onSetup("await fetch('http://127.0.0.1:9/');"), /fetch refused: http:\/\/127\.0\.0\.1:9 is not allowed/],
    ['fetches the wider network', onSetup("await fetch('https://example.com/');"), /fetch refused: https:\/\/example\.com is not allowed/],
    ['compiles WebAssembly', onSetup('await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));'), /CompileError|WebAssembly/],
  ])('a script that %s', async (_what, script, reason) => {
    const name = await startScript(script);
    await expectEngineHealthy(t);
    const { event, trace } = await lastTrace(t, name);
    expect(event.status).toBe('failed');
    expect(messages(trace.logs)).toMatch(reason);
    await expectEngineHealthy(t);
  });

  /** Logs ESCAPED with the engine's pid if `fn`, handed to the script by the sandbox, leads to another realm's process. */
  const probe = `const probe = (fn) => { try { const p = fn.constructor('return process')(); console.log('ESCAPED', p.pid); } catch (e) { console.log('contained'); } };`;
  it.each([
    ['replaces Promise.prototype.then', `${probe} const then = Promise.prototype.then; Promise.prototype.then = function (a, b) { probe(a); probe(b); return then.call(this, a, b); };`],
    ['replaces Array.prototype.filter and join', `${probe} const filter = Array.prototype.filter; Array.prototype.filter = function (f) { probe(f); return filter.call(this, f); }; Array.prototype.join = function () { probe(arguments[0]); return 'joined'; };`],
    ['throws an error whose stack turns into an object', `${probe} const e = new Error('tricky'); let reads = 0; Object.defineProperty(e, 'stack', { get() { return reads++ === 0 ? 'at integration.js' : { split: () => ({ filter: (f) => { probe(f); return []; } }) }; } }); throw e;`],
    ['replaces the global String', `${probe} const S = String; globalThis.String = function (v) { probe(v); return S(v); };`],
  ])('a script that %s finds only its own realm', async (_what, script) => {
    const { trace } = await runScript(`${script} addEventListener('installation_setup', async () => { await null; throw new Error('after'); });`);
    expect(messages(trace.logs)).not.toMatch(/ESCAPED/);
  });

  it("shows the script's own stack frames, none of the sandbox's", async () => {
    const { trace } = await runScript(onSetup("\n  throw new RangeError('deep');"));
    const [message, ...frames] = trace.logs.at(-1)!.message.split('\n');
    expect(message).toBe('The script failed: RangeError: deep');
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect(frame).toMatch(/integration\.js:\d+:\d+/);
  });

  it('keeps what a script logged before it was stopped', async () => {
    const { event, trace } = await runScript(onSetup("console.log('started'); console.error('going in'); while (true) {}"));
    expect(event.status).toBe('failed');
    expect(trace.logs.map((log) => [log.level, log.message]).slice(0, 2)).toEqual([['info', 'started'], ['error', 'going in']]);
  });

  it('keeps 500 log entries of a chatty script, and says how many more it dropped', async () => {
    const { event, trace } = await runScript(onSetup("for (let i = 0; i < 600; i++) console.debug('line ' + i);"));
    expect(event.status).toBe('success');
    expect(trace.logs).toHaveLength(501);
    expect(trace.logs[500]).toMatchObject({ level: 'warn', message: '100 more log entries were not kept' });
  });

  it('a well-behaved script after all of them still runs, with its logs and levels', async () => {
    const { event, trace } = await runScript(
      onSetup("console.debug('d'); console.info('i', { n: 1 }); console.warn('w'); console.error('e'); await new Promise((r) => setTimeout(r, 5)); console.log(typeof process, typeof require, typeof fetch);"),
    );
    expect(event.status).toBe('success');
    expect(trace.logs.map((log) => [log.level, log.message])).toEqual([
      ['debug', 'd'], ['info', 'i {"n":1}'], ['warn', 'w'], ['error', 'e'], ['info', 'undefined undefined function'],
    ]);
  });

  it('a script without a listener for the event succeeds, and says so in the trace', async () => {
    const { event, trace } = await runScript("console.log('loaded');");
    expect(event.status).toBe('success');
    expect(messages(trace.logs)).toMatch(/no listener for installation_setup/);
  });

  it('the events of the engine stay in order and nothing else changed', async () => {
    const listed = ok(await t.owner.client.call('listIntegrations', { params: undefined, query: { limit: 1000 } }));
    expect(listed.count).toBe(count);
  });
});
