import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createInterface } from 'node:readline';
import { ApiClient } from '../src-shared/client/client.js';
import { httpTransport } from '../src-shared/client/http-transport.js';

/**
 * What hostile bodies cost the clients that send none (issue 13): the latency of `GET /v1/user`
 * from 10 connections alone, then while 40 connections without a token each declare and send a
 * 60 MB body, while a client sends 50 MB of JSON to an operation that takes 1 MiB, and while a
 * client uploads 20 files of 1 MB (28 MB of base64 JSON) into a change request again and again.
 * With the server's peak resident memory in each. `npx tsx bench/hostile-bodies.ts` alone.
 */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export interface HostileRow {
  scenario: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  'peak RSS MB': number;
  'attacks answered': number;
}

export async function benchHostileBodies(): Promise<HostileRow[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'folio-bench-hostile-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-main/cli/serve.ts', '--data-dir', dataDir, '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    const origin = await new Promise<string>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
      createInterface({ input: child.stdout! }).once('line', (line) => resolve(/(http:\S+)/.exec(line)![1]!));
    });
    const token = readFileSync(join(dataDir, 'token'), 'utf8').trim();
    const target = await changeRequest(origin, token);
    const rows: HostileRow[] = [];
    const run = async (scenario: string, attack?: (stop: AbortSignal, answered: () => void) => Promise<void>) => {
      const stop = new AbortController();
      let answered = 0;
      let peak = rss(child.pid!);
      const sampler = setInterval(() => (peak = Math.max(peak, rss(child.pid!))), 100);
      const attacking = attack?.(stop.signal, () => answered++);
      // Let the attack reach its pace before measuring.
      if (attack) await new Promise((resolve) => setTimeout(resolve, 1_000));
      const result = await autocannon({ url: `${origin}/v1/user`, headers: { authorization: `Bearer ${token}` }, connections: 10, duration: SECONDS });
      stop.abort();
      await attacking;
      clearInterval(sampler);
      rows.push({
        scenario,
        'req/s': Math.round(result.requests.average),
        'p50 ms': result.latency.p50,
        'p99 ms': result.latency.p99,
        'max ms': result.latency.max,
        'peak RSS MB': Math.round(peak / 1024),
        'attacks answered': answered,
      });
    };
    const { host, port } = new URL(origin);
    const head = (path: string, extra: string, length: number) =>
      `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\n${extra}Content-Length: ${length}\r\n\r\n`;
    await run('alone');
    await run('40 × 60 MB without a token', (stop, answered) =>
      Promise.all(Array.from({ length: 40 }, () => flood(Number(port), head('/v1/orgs', '', 60_000_000), 60_000_000, stop, answered))).then(() => undefined),
    );
    await run('50 MB JSON to a 1 MiB operation', (stop, answered) =>
      flood(Number(port), head('/v1/orgs', `Authorization: Bearer ${token}\r\n`, 50_000_000), 50_000_000, stop, answered),
    );
    await run('20 files of 1 MB into a change request', (stop, answered) => uploads(origin, token, target, stop, answered));
    console.log(`\nGET /v1/user from 10 connections, ${SECONDS} s per scenario, while hostile or heavy bodies arrive`);
    console.table(rows);
    return rows;
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Sends `head` and then up to `size` bytes on a fresh connection, again and again, until stopped; counts the answers. */
async function flood(port: number, head: string, size: number, stop: AbortSignal, answered: () => void): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  while (!stop.aborted) {
    await new Promise<void>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let sent = 0;
      const finish = () => {
        socket.destroy();
        resolve();
      };
      const pump = () => {
        while (sent < size && !socket.destroyed && !stop.aborted) {
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
        if (stop.aborted) finish();
      };
      socket.on('connect', () => {
        socket.write(head);
        pump();
      });
      socket.once('data', () => {
        answered();
        finish();
      });
      socket.on('error', finish);
      socket.on('close', finish);
      stop.addEventListener('abort', finish, { once: true });
    });
  }
}

async function uploads(origin: string, token: string, target: { spaceId: string; changeRequestId: string }, stop: AbortSignal, answered: () => void) {
  const base64 = Buffer.alloc(1_000_000, 7).toString('base64');
  const body = JSON.stringify({
    changes: [{ operation: 'insert_files', files: Array.from({ length: 20 }, (_, i) => ({ name: `f${i}.bin`, contentType: 'application/octet-stream', base64 })) }],
  });
  const url = `${origin}/v1/spaces/${target.spaceId}/change-requests/${target.changeRequestId}/content`;
  while (!stop.aborted) {
    const response = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
    if (!response.ok) throw new Error(`upload: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
    answered();
  }
}

async function changeRequest(origin: string, token: string) {
  const client = new ApiClient(httpTransport(origin, token, fetch));
  const orgs = await client.call('listOrganizationsForAuthenticatedUser', { params: undefined });
  if (!orgs.ok) throw new Error('cannot list organizations');
  const space = await client.call('createSpace', { params: { organizationId: orgs.data.items[0]!.id }, body: { title: 'Uploads' } });
  if (!space.ok) throw new Error('cannot create a space');
  const cr = await client.call('createChangeRequest', { params: { spaceId: space.data.id }, body: { subject: 'Files' } });
  if (!cr.ok) throw new Error('cannot create a change request');
  return { spaceId: space.data.id, changeRequestId: cr.data.id };
}

/** Resident memory of a process, in KiB (Linux). */
function rss(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchHostileBodies();
