import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { call, newOrganization, withEngine, type InProcess as Ctx } from './in-process.js';

/**
 * Integration scripts in their sandbox processes, through the engine in-process: how many
 * `installation_setup` events run per second (a process with QuickJS each, two at a time), and
 * what a runaway script costs the engine: the latency of GET /v1/user while a `while (true)`
 * script runs until its CPU limit, against idle.
 */
const EVENTS = 40;
const REQUESTS = 300;

async function publish(ctx: Ctx, name: string, organization: string, script: string): Promise<void> {
  await call(ctx, 'POST', `/v1/integrations/${name}`, { title: name, description: 'bench', scopes: [], script, organization });
}

/** Installs one integration in EVENTS organizations and waits for every event to have run. */
async function measureEvents(ctx: Ctx) {
  const owner = newOrganization(ctx);
  await publish(ctx, 'bench-logger', owner, "addEventListener('installation_setup', (e) => console.log('set up', e.installationId));");
  const organizations = Array.from({ length: EVENTS }, () => newOrganization(ctx));
  const started = performance.now();
  for (const organization of organizations) await call(ctx, 'POST', '/v1/integrations/bench-logger/installations', { organization });
  await ctx.engine.integrations.whenIdle();
  const seconds = (performance.now() - started) / 1000;
  return { events: EVENTS, seconds: Number(seconds.toFixed(2)), 'events/s': Number((EVENTS / seconds).toFixed(1)), 'ms/event': Math.round((seconds * 1000) / EVENTS) };
}

async function requestLatencies(ctx: Ctx): Promise<{ p50: number; p99: number }> {
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    await call(ctx, 'GET', '/v1/user');
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => Number(times[Math.floor(q * (times.length - 1))]!.toFixed(3));
  return { p50: at(0.5), p99: at(0.99) };
}

/** GET /v1/user, idle, then while a script spins in its process until its CPU time is up. */
async function measureRunaway(ctx: Ctx) {
  const idle = await requestLatencies(ctx);
  const owner = newOrganization(ctx);
  await publish(ctx, 'bench-runaway', owner, "addEventListener('installation_setup', () => { while (true) {} });");
  await call(ctx, 'POST', '/v1/integrations/bench-runaway/installations', { organization: owner });
  const busy = await requestLatencies(ctx);
  await ctx.engine.integrations.whenIdle();
  return [
    { 'GET /v1/user': 'idle', 'p50 ms': idle.p50, 'p99 ms': idle.p99 },
    { 'GET /v1/user': 'while a script spins', 'p50 ms': busy.p50, 'p99 ms': busy.p99 },
  ];
}

export async function benchIntegrations(): Promise<void> {
  await withEngine('folio-bench-integrations-', { integrations: { timeMs: 10_000, cpuMs: 2000 } }, async (ctx) => {
    console.log(`\nintegrations: scripts in sandbox processes (QuickJS), load average ${loadavg()[0]!.toFixed(1)}`);
    console.table([await measureEvents(ctx)]);
    console.table(await measureRunaway(ctx));
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchIntegrations();
