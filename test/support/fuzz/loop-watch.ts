import { Server } from 'node:http';
import { performance } from 'node:perf_hooks';

/**
 * Loaded into a served engine's process (`--import`) by the contract fuzzer: it reports, over the
 * process's IPC channel, every time the event loop was held longer than `FOLIO_LOOP_REPORT_MS`,
 * with how long the loop was busy in that time (a process the OS did not run for a while, the
 * loop idle, is not a held loop) and the last requests the server began before it ended. A
 * test-only channel: the engine knows nothing of it.
 */
const TICK_MS = 10;
const REPORT_MS = Number(process.env.FOLIO_LOOP_REPORT_MS ?? 100);

export interface LoopStall {
  kind: 'stall';
  /** Wall time past the tick, in ms, and the part of it the loop was busy. */
  lateMs: number;
  busyMs: number;
  /** When the stall ended (Date.now()). */
  at: number;
  /** The last requests the server began, newest last, each with how long before the stall's end. */
  lastRequests: string[];
}

const begun: { line: string; at: number }[] = [];
const emit = Server.prototype.emit;
Server.prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
  if (event === 'request') {
    const req = args[0] as { method?: string; url?: string; headers: Record<string, unknown> };
    begun.push({ line: `${req.method} ${req.url?.slice(0, 200)} (${req.headers['content-length'] ?? 0} B)`, at: Date.now() });
    if (begun.length > 6) begun.shift();
  }
  return emit.apply(this, [event, ...args] as Parameters<typeof emit>);
} as typeof Server.prototype.emit;

let last = performance.now();
let lastUse = performance.eventLoopUtilization();
setInterval(() => {
  const now = performance.now();
  const use = performance.eventLoopUtilization();
  const late = now - last - TICK_MS;
  if (late > REPORT_MS && process.send) {
    const window = performance.eventLoopUtilization(use, lastUse);
    const at = Date.now();
    const lastRequests = begun.map((request) => `${at - request.at} ms before: ${request.line}`);
    const stall: LoopStall = { kind: 'stall', lateMs: Math.round(late), busyMs: Math.round(window.active), at, lastRequests };
    process.send(stall);
  }
  last = now;
  lastUse = use;
}, TICK_MS).unref();
