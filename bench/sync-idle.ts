import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SYNC_PATH } from '../src-main/engine/transports/sync/hub.js';
import { residentBytes, startScript, stop, type BenchChild } from './sync-children.js';

/**
 * Issue 5's memory figure: the resident memory a hub gains when `peers` authenticated replicas
 * connect and go idle. The hub (bench/sync-hub.ts) and the peers (bench/sync-idle-peers.ts) run
 * in two processes; the hub's RSS is read from /proc before (after one peer came and went, so
 * that code loaded on first use is not counted) and once every peer has its answers and the
 * hub has been quiet for a second.
 */
const TARGET_BYTES = 100 * 1024 * 1024;

export interface IdleFigures {
  peers: number;
  beforeBytes: number;
  afterBytes: number;
}

export async function benchSyncIdle(peers = 1_000): Promise<IdleFigures> {
  const children: BenchChild[] = [];
  try {
    const hub = await startScript('bench/sync-hub.ts', [], /^hub /);
    children.push(hub);
    const url = `ws://127.0.0.1:${hub.ready[1]}${SYNC_PATH}`;
    const rss = () => residentBytes(hub.process.pid!, (path) => readFileSync(path, 'utf8'));
    await stop(await startScript('bench/sync-idle-peers.ts', [url, hub.ready[2]!, '1'], /^idle /));
    await quiet();
    const beforeBytes = rss();
    children.push(await startScript('bench/sync-idle-peers.ts', [url, hub.ready[2]!, String(peers)], /^idle /));
    await quiet();
    return { peers, beforeBytes, afterBytes: rss() };
  } finally {
    await Promise.all(children.map(stop));
  }
}

function quiet(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 1_000));
}

export function report(figures: IdleFigures): void {
  const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));
  const added = figures.afterBytes - figures.beforeBytes;
  console.log(`\nSync hub memory: ${figures.peers} authenticated idle peers, the clients in another process`);
  console.table({
    'hub RSS': {
      'before MB': mb(figures.beforeBytes),
      'after MB': mb(figures.afterBytes),
      'added MB': mb(added),
      'per peer kB': Number((added / figures.peers / 1024).toFixed(1)),
      target: '≤ 100 MB',
      met: added <= TARGET_BYTES ? 'yes' : 'no',
    },
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(await benchSyncIdle());
