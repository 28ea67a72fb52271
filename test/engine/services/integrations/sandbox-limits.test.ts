import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, otherOrganization } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { install, lastTrace, publish, settledEvents } from '../../api/integrations/fixtures.js';
import { expectEngineAnswersThroughout, messages, onSetup, startScript } from './script-runs.js';

/**
 * Everything a script can take is bounded (issue 13): CPU time, all memory (typed arrays too),
 * stack depth, log volume, and how many runs happen at once. Each ends as an outcome, the engine
 * answering throughout and its own memory unchanged.
 */
const MB = 1024 * 1024;
let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start({ integrations: { timeMs: 30_000, cpuMs: 500, memoryMb: 32, concurrentRuns: 2 } });
});
afterAll(() => t.stop());

/** The engine's largest resident size while every event asked for so far runs, over its size before. */
async function engineGrowthWhileRunning(server = t): Promise<number> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  try {
    await expectEngineAnswersThroughout(server);
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, process.memoryUsage().rss) - before;
}

describe('memory', () => {
  it.each([
    ['fills 5 × 256 MiB typed arrays', 'const kept = []; for (let i = 0; i < 5; i++) kept.push(new Uint8Array(256 * 1024 * 1024).fill(1)); while (true) {}'],
    ['fills 1 MiB typed arrays up to 1.5 GB', 'const kept = []; for (let i = 0; i < 1536; i++) kept.push(new Uint8Array(1024 * 1024).fill(1)); while (true) {}'],
    ['grows ArrayBuffers, catching each failure', 'const kept = []; for (let i = 0; i < 1536; i++) { try { kept.push(new ArrayBuffer(1024 * 1024)); } catch {} } throw new Error("kept " + kept.length);'],
    ['doubles a string', "let s = 'x'; for (;;) s += s;"],
  ])('a script that %s fails cleanly; the engine does not grow', async (_what, body) => {
    const name = await startScript(t, onSetup(body), 'memory');
    expect(await engineGrowthWhileRunning()).toBeLessThan(150 * MB);
    const { event, trace } = await lastTrace(t, name);
    expect(event.status).toBe('failed');
    expect(messages(trace.logs)).toMatch(/ran out of memory \(limit 32 MB\)|string too long|kept \d+/);
    if (/kept (\d+)/.test(messages(trace.logs))) expect(Number(/kept (\d+)/.exec(messages(trace.logs))![1])).toBeLessThan(32);
  });
});

describe('stack depth', () => {
  it.each([
    ['recurses without end', 'const deeper = (n) => deeper(n + 1) + 1; deeper(0);'],
    ['parses JSON nested 100,000 deep', "JSON.parse('['.repeat(100000) + ']'.repeat(100000));"],
    ['recurses through a getter', "const o = { get x() { return this.x; } }; o.x;"],
  ])('a script that %s fails with a stack overflow', async (_what, body) => {
    const name = await startScript(t, onSetup(body), 'stack');
    await expectEngineAnswersThroughout(t);
    const { event, trace } = await lastTrace(t, name);
    expect(event.status).toBe('failed');
    expect(messages(trace.logs)).toMatch(/stack overflow|nested calls too deeply/);
  });

  it('a script recursing a thousand calls deep still runs', async () => {
    const name = await startScript(t, onSetup('const depth = (n) => (n === 0 ? 0 : depth(n - 1) + 1); console.log(depth(1000));'), 'stack');
    await expectEngineAnswersThroughout(t);
    const { event, trace } = await lastTrace(t, name);
    expect(event.status).toBe('success');
    expect(messages(trace.logs)).toBe('1000');
  });
});

describe('logs', () => {
  // CPU enough for the flood to end on a loaded machine (it ends well within a second quiet, and ran out of the
  // other tests' 500 ms under the whole suite): the log bound is what is tested here.
  let logs: TestServer;
  beforeAll(async () => {
    logs = await TestServer.start({ integrations: { timeMs: 30_000, cpuMs: 10_000, memoryMb: 32, concurrentRuns: 2 } });
  });
  afterAll(() => logs.stop());

  it('a flood of 20,000 log lines of 10 KB keeps 500 of them, cut, and counts the rest', async () => {
    const name = await startScript(logs, onSetup("const line = 'x'.repeat(10240); for (let i = 0; i < 20000; i++) console.log(line);"), 'logs');
    expect(await engineGrowthWhileRunning(logs)).toBeLessThan(150 * MB);
    const { event, trace } = await lastTrace(logs, name);
    expect(event.status).toBe('success');
    expect(trace.logs).toHaveLength(501);
    expect(trace.logs[0]!.message).toMatch(/^x{10000}… \(cut\)$/);
    expect(trace.logs[500]).toMatchObject({ level: 'warn', message: '19500 more log entries were not kept' });
  });
});

describe('concurrent runs', () => {
  /** The most runs whose [first log, last log] spans overlap at one time. */
  function mostAtOnce(spans: [number, number][]): number {
    const edges = spans.flatMap(([start, end]) => [[start, 1], [end, -1]] as const).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    let now = 0;
    let most = 0;
    for (const [, step] of edges) most = Math.max(most, (now += step));
    return most;
  }

  const WAITER = onSetup("console.log('start'); await new Promise((resolve) => setTimeout(resolve, 1000)); console.log('end');");

  async function spanOf(name: string, eventId?: string): Promise<[number, number]> {
    const events = await settledEvents(t, name);
    const event = eventId ? events.find((e) => e.id === eventId)! : events[0]!;
    expect(event.status).toBe('success');
    const { trace } = ok(await t.owner.client.call('getIntegrationEvent', { params: { integrationName: name, eventId: event.id } }));
    return [Date.parse(trace.logs[0]!.timestamp), Date.parse(trace.logs.at(-1)!.timestamp)];
  }

  it('six integrations at once run two at a time; the others wait their turn', async () => {
    const names: string[] = [];
    for (let i = 0; i < 6; i++) names.push(await startScript(t, WAITER, 'concurrent'));
    await expectEngineAnswersThroughout(t);
    const spans = await Promise.all(names.map((name) => spanOf(name)));
    expect(mostAtOnce(spans)).toBe(2);
  });

  it("an integration's own events run one at a time, in order", async () => {
    await publish(t, 'ordered', { script: WAITER });
    for (let i = 0; i < 3; i++) await install(t, 'ordered', otherOrganization(t));
    await expectEngineAnswersThroughout(t);
    const events = (await settledEvents(t, 'ordered')).reverse();
    const spans = await Promise.all(events.map((event) => spanOf('ordered', event.id)));
    expect(mostAtOnce(spans)).toBe(1);
    for (let i = 1; i < spans.length; i++) expect(spans[i]![0]).toBeGreaterThanOrEqual(spans[i - 1]![1]);
  });
});

describe('wall time', () => {
  let short: TestServer;
  beforeAll(async () => {
    short = await TestServer.start({ integrations: { timeMs: 1500 } });
  });
  afterAll(() => short.stop());

  it('a script that waits longer than its time is stopped', async () => {
    const name = await startScript(short, onSetup('await new Promise((resolve) => setTimeout(resolve, 60000));'), 'wall');
    const { event, trace } = await lastTrace(short, name);
    expect(event.status).toBe('failed');
    expect(messages(trace.logs)).toMatch(/ran longer than 1500 ms and was stopped/);
  });
});
