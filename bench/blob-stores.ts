import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sha256Hex } from '../src-main/engine/services/sync/postgres/blob-address.js';
import { BlobBucket } from '../src-main/engine/services/sync/postgres/blob-bucket.js';
import { BlobFolder } from '../src-main/engine/services/sync/postgres/blob-folder.js';
import { S3_ENV, startS3 } from '../test/support/s3.js';

/** Uploads of a file's largest size (1 MB) stored one after another, as a hub process busy with uploads would. */
const UPLOADS = 40;
const FILE_BYTES = 1024 * 1024;
/** What the event loop of a process storing uploads may be held at most, p99, now that they are stored ahead of their turn. */
const TARGET_P99_MS = 20;

interface LoopFigures {
  p99Ms: number;
  maxMs: number;
  /** The loop's stalls of more than `STALL_MS` added up: how long other work on the process waited in all. */
  stalledMs: number;
  totalMs: number;
}

/** A gap between two ticks of a 1 ms timer longer than this is a stall. */
const STALL_MS = 10;

export interface BlobStoreFigures {
  bucket: { held: LoopFigures; ahead: LoopFigures };
  folder: { held: LoopFigures; ahead: LoopFigures };
  load: number[];
}

/**
 * A hub process's event loop while it stores uploads (docs/hub.md, "File bytes in an S3
 * bucket"): `held`, each stored the way a write turn did before (`write`, the loop waiting on a
 * worker thread, or on the disk); `ahead`, each `put` before its turn, the loop free meanwhile.
 * The bucket is s3rver on loopback in a process of its own, the folder a temporary one.
 */
export async function benchBlobStores(): Promise<BlobStoreFigures> {
  const s3 = await startS3(['blobs']);
  const folderDir = mkdtempSync(join(tmpdir(), 'folio-bench-blobs-'));
  try {
    const bucket = BlobBucket.open(`${s3.endpoint}/blobs/bench-${process.pid}`, S3_ENV);
    const folder = BlobFolder.open(folderDir);
    try {
      return {
        bucket: { held: await loopWhile((file) => bucket.write(file.sha256, file.bytes)), ahead: await loopWhile((file) => bucket.put(file.sha256, file.bytes)) },
        folder: { held: await loopWhile((file) => folder.write(file.sha256, file.bytes)), ahead: await loopWhile((file) => folder.put(file.sha256, file.bytes)) },
        load: loadavg(),
      };
    } finally {
      bucket.stop();
    }
  } finally {
    await s3.stop();
    rmSync(folderDir, { recursive: true, force: true });
  }
}

/** The loop's delay while `store` takes `UPLOADS` new files one after another (fresh bytes each: none is found there already). */
async function loopWhile(store: (file: { sha256: string; bytes: Buffer }) => unknown): Promise<LoopFigures> {
  const files = Array.from({ length: UPLOADS }, () => {
    const bytes = randomBytes(FILE_BYTES);
    return { sha256: sha256Hex(bytes), bytes };
  });
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let stalledMs = 0;
  let tick = performance.now();
  const ticker = setInterval(() => {
    const now = performance.now();
    if (now - tick > STALL_MS) stalledMs += now - tick;
    tick = now;
  }, 1);
  const start = performance.now();
  for (const file of files) {
    await store(file);
    // What else the process does between two uploads: one turn of the loop.
    await new Promise((resolve) => setImmediate(resolve));
  }
  const totalMs = performance.now() - start;
  clearInterval(ticker);
  delay.disable();
  return { p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6, stalledMs, totalMs };
}

export function reportBlobStores(figures: BlobStoreFigures): void {
  console.log(`\nA hub process's event loop while it stores ${UPLOADS} uploads of 1 MB, one after another (load average ${figures.load.map((n) => n.toFixed(2)).join(' ')})`);
  const line = (store: string, way: string, f: LoopFigures, target: boolean) =>
    console.log(
      `  ${store.padEnd(7)} ${way.padEnd(31)} loop delay p99 ${f.p99Ms.toFixed(1).padStart(6)} ms, max ${f.maxMs.toFixed(1).padStart(6)} ms; stalled ${f.stalledMs.toFixed(0).padStart(5)} ms of ${f.totalMs.toFixed(0).padStart(5)} ms${target ? ` (target p99 ≤ ${TARGET_P99_MS} ms: ${f.p99Ms <= TARGET_P99_MS ? 'met' : 'missed'})` : ''}`,
    );
  for (const [store, { held, ahead }] of [['bucket', figures.bucket], ['folder', figures.folder]] as const) {
    line(store, 'in the turn, the loop waiting', held, false);
    line(store, 'ahead of the turn (put)', ahead, true);
  }
}
