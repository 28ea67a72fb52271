import Database from 'better-sqlite3';
import { Agent, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { rmSync } from 'node:fs';
import { contract } from '../../../src-shared/contract/index.js';
import type { OperationDef } from '../../../src-shared/contract/operation.js';
import { buildFixtures } from './fixtures.js';
import { IdPools, harvest } from './id-pools.js';
import type { LoopStall } from './loop-watch.js';
import { OperationRequests, type FuzzRequest } from './requests.js';
import { startWatchedServe, type WatchedServe } from './watched-serve.js';

export interface FuzzOptions {
  requests: number;
  seed: number;
  concurrency: number;
  /** A request may hold the server's event loop this long at most. */
  stallMs: number;
  /** Progress lines every this many requests (0: none). */
  progressEvery?: number;
}

interface Answer {
  status: number;
  contentType: string;
  text: string;
}

/** No answer came: why, as the client saw it. */
interface NoAnswer {
  error: string;
}

/** An answer that breaks a rule, with the request that got it. */
export interface Problem {
  rule: '5xx' | 'no-envelope' | 'off-contract' | 'no-answer';
  operation: string;
  kind: string;
  request: string;
  answer: string;
}

export interface StallFinding {
  busyMs: number;
  lateMs: number;
  /** The requests the server began last before the stall ended, as it reported them. */
  lastRequests: string[];
  /** The requests in flight then; each was replayed alone. */
  suspects: { request: string; replayBusyMs: number[] }[];
  confirmed: boolean;
}

export interface FuzzReport {
  options: FuzzOptions;
  total: number;
  durationMs: number;
  /** Building the fixtures, and sending the requests (the rest is replaying stalls and stopping). */
  fixturesMs: number;
  runMs: number;
  /** operation id → status → count. */
  byOperation: Map<string, Map<number, number>>;
  /** how the request was made → status → count. */
  byKind: Map<string, Map<number, number>>;
  problems: Problem[];
  stalls: StallFinding[];
  integrity: string;
  exitCode: number | null;
}

interface Sent {
  request: FuzzRequest;
  start: number;
  end: number;
}

/**
 * The contract fuzzer: `npm run serve` in a process of its own (watched for event-loop stalls),
 * fixtures built through the API, then `requests` requests generated from the contract for every
 * operation, over real HTTP. Every answer is checked: no 5xx, the error envelope on every error,
 * a success valid against the operation's response schema; the process must stay up, no request
 * may hold the loop past `stallMs` (stalls are replayed alone to tell the request from the
 * machine's load), and the store must pass `PRAGMA integrity_check` once the server has stopped.
 */
export async function fuzzContract(options: FuzzOptions): Promise<FuzzReport> {
  const serve = await startWatchedServe();
  const started = Date.now();
  const report: FuzzReport = {
    options,
    total: 0,
    durationMs: 0,
    fixturesMs: 0,
    runMs: 0,
    byOperation: new Map(),
    byKind: new Map(),
    problems: [],
    stalls: [],
    integrity: 'not checked',
    exitCode: null,
  };
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency });
  try {
    const pools = new IdPools();
    const { memberToken } = await buildFixtures(serve.url, serve.dataDir, serve.token, pools);
    report.fixturesMs = Date.now() - started;
    const tokens = { owner: serve.token, member: memberToken, none: undefined, garbage: 'folio_not-a-token' };
    const operations = Object.values(contract) as OperationDef[];
    const generators = operations.map((op) => new OperationRequests(op, pools));
    const recent: Sent[] = [];
    // Each stall past the limit is tied, when it is reported, to the requests in flight then.
    const stalled: { stall: LoopStall; suspects: FuzzRequest[] }[] = [];
    serve.onStall((stall) => {
      if (stall.busyMs <= options.stallMs) return;
      const from = stall.at - stall.lateMs;
      stalled.push({ stall, suspects: recent.filter((sent) => sent.start <= stall.at && sent.end >= from).map((sent) => sent.request) });
    });
    let next = 0;
    const worker = async () => {
      while (next < options.requests) {
        const index = next++;
        const seed = options.seed * 1_000_003 + index;
        const request = generators[index % generators.length]!.generate(seed);
        const sent: Sent = { request, start: Date.now(), end: Number.POSITIVE_INFINITY };
        recent.push(sent);
        if (recent.length > 200) recent.shift();
        const answer = await send(serve.url, agent, request, tokens[request.caller]);
        sent.end = Date.now();
        record(report, request, answer);
        if (!('error' in answer) && answer.status < 300 && request.routed && request.caller === 'owner' && answer.contentType === 'application/json') {
          harvest(pools, request.params, parsed(answer.text));
        }
        if (serve.child.exitCode !== null) throw new Error(`the server died at request ${index}: ${describe(request)}\n${serve.stderr().slice(-4_000)}`);
        if (options.progressEvery && report.total % options.progressEvery === 0) {
          console.log(`contract fuzz: ${report.total} requests, ${report.problems.length} problems, ${Math.round((Date.now() - started) / 1000)} s`);
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    report.runMs = Date.now() - started - report.fixturesMs;
    report.stalls = await replayStalls(serve, agent, tokens, stalled, options.stallMs);
  } finally {
    agent.destroy();
    report.durationMs = Date.now() - started;
    serve.child.kill('SIGTERM');
    report.exitCode = await serve.exited;
    report.integrity = integrityOf(serve);
    rmSync(serve.dataDir, { recursive: true, force: true });
  }
  return report;
}

/**
 * Sends one request and reads its answer. A kept-alive socket the server closed as idle just as it
 * was reused fails at once: that request is sent again on a fresh socket, as browsers and Node's
 * documentation do.
 */
function send(url: string, agent: Agent, request: FuzzRequest, token: string | undefined, retried = false): Promise<Answer | NoAnswer> {
  const { host } = new URL(url);
  const headers: Record<string, string | number> = { host };
  if (token) headers.authorization = `Bearer ${token}`;
  if (request.contentType) headers['content-type'] = request.contentType;
  if (request.body) headers['content-length'] = request.body.length;
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: Answer | NoAnswer) => {
      if (!settled) resolve(answer);
      settled = true;
    };
    const outgoing = httpRequest(`${url}${request.target}`, { method: request.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', (error) => done({ error: `while reading the answer: ${error.message}` }));
    });
    // The server may close the connection once it has answered a body it would not read: the answer may still be on its way.
    outgoing.on('error', (error: Error & { code?: string }) => {
      if (outgoing.reusedSocket && error.code === 'ECONNRESET' && !retried && !settled) {
        settled = true;
        void send(url, agent, request, token, true).then(resolve);
        return;
      }
      setTimeout(() => done({ error: `${error.code ?? ''} ${error.message}` }), 200);
    });
    outgoing.end(request.body);
  });
}

function record(report: FuzzReport, request: FuzzRequest, answer: Answer | NoAnswer): void {
  report.total++;
  const status = 'error' in answer ? 0 : answer.status;
  count(report.byOperation, request.op.id, status);
  count(report.byKind, request.kind, status);
  const problem = check(request, answer);
  if (!problem) return;
  // Each new kind of problem is told at once: a long run shows what it found as it goes.
  if (!report.problems.some((known) => known.rule === problem.rule && known.operation === problem.operation)) {
    console.log(`contract fuzz: [${problem.rule}] ${problem.operation}: ${problem.request.slice(0, 400)}\n  -> ${problem.answer.slice(0, 400)}`);
  }
  if (report.problems.length < 200) report.problems.push(problem);
}

function count(table: Map<string, Map<number, number>>, key: string, status: number): void {
  const row = table.get(key) ?? new Map<number, number>();
  row.set(status, (row.get(status) ?? 0) + 1);
  table.set(key, row);
}

function check(request: FuzzRequest, answer: Answer | NoAnswer): Problem | undefined {
  const problem = (rule: Problem['rule']): Problem => ({
    rule,
    operation: request.op.id,
    kind: request.kind,
    request: describe(request),
    answer: 'error' in answer ? `none: ${answer.error}` : `${answer.status} ${answer.text.slice(0, 500)}`,
  });
  if ('error' in answer) return problem('no-answer');
  if (answer.status >= 500) return problem('5xx');
  // A raw `..` may take the request out of the API (to a published site's pages, which answer visitors in HTML).
  if (!new URL(request.target, 'http://127.0.0.1').pathname.startsWith('/v1/')) return undefined;
  if (answer.status >= 400) {
    const body = parsed(answer.text) as { error?: { code?: unknown; message?: unknown } } | undefined;
    const enveloped =
      answer.contentType === 'application/json' && typeof body?.error?.message === 'string' && body.error.code === answer.status && Object.keys(body).length === 1;
    return enveloped ? undefined : problem('no-envelope');
  }
  if (!request.routed || answer.status !== request.op.success) return undefined;
  if (answer.status === 204) return answer.text === '' ? undefined : problem('off-contract');
  if (!request.op.response || request.op.responseType) return undefined;
  const checked = request.op.response.safeParse(parsed(answer.text));
  if (checked.success) return undefined;
  const issue = checked.error.issues[0]!;
  return { ...problem('off-contract'), answer: `${issue.path.join('.')}: ${issue.message} in ${answer.text.slice(0, 400)}` };
}

/**
 * Stalls the watch reported, each tied to the requests in flight when it happened; each of those
 * is sent again alone, up to three times, while the watch listens. A stall is confirmed when a
 * suspect's replays hold the loop past the limit at least twice: the machine's load alone does
 * not do that to the same request three times.
 */
async function replayStalls(
  serve: WatchedServe,
  agent: Agent,
  tokens: Record<FuzzRequest['caller'], string | undefined>,
  stalled: { stall: LoopStall; suspects: FuzzRequest[] }[],
  stallMs: number,
): Promise<StallFinding[]> {
  const findings: StallFinding[] = [];
  const replayed = new Map<FuzzRequest, number[]>();
  const replay = async (request: FuzzRequest) => {
    const replayBusyMs: number[] = [];
    const over = () => replayBusyMs.filter((busy) => busy > stallMs).length;
    // Two of three decide: stop once two held the loop past the limit or two did not.
    for (let run = 0; run < 3 && over() < 2 && replayBusyMs.length - over() < 2; run++) {
      const before = serve.stalls.length;
      await send(serve.url, agent, request, tokens[request.caller]);
      // Work the request set off after its answer (a job, a projection) counts too.
      await new Promise((resolve) => setTimeout(resolve, 300));
      replayBusyMs.push(Math.max(0, ...serve.stalls.slice(before).map((late) => late.busyMs)));
    }
    return replayBusyMs;
  };
  for (const { stall, suspects } of stalled.slice(0, 40)) {
    const finding: StallFinding = { busyMs: stall.busyMs, lateMs: stall.lateMs, lastRequests: stall.lastRequests, suspects: [], confirmed: false };
    for (const request of suspects.slice(0, 8)) {
      const replayBusyMs = replayed.get(request) ?? (await replay(request));
      replayed.set(request, replayBusyMs);
      finding.suspects.push({ request: describe(request), replayBusyMs });
      if (replayBusyMs.filter((busy) => busy > stallMs).length >= 2) finding.confirmed = true;
    }
    findings.push(finding);
  }
  return findings;
}

function integrityOf(serve: WatchedServe): string {
  const db = new Database(join(serve.dataDir, 'folio.db'), { readonly: true });
  try {
    return (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check).join('; ');
  } finally {
    db.close();
  }
}

function parsed(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function describe(request: FuzzRequest): string {
  const body = request.body ? ` body(${request.body.length} B): ${request.body.subarray(0, 300).toString('utf8')}` : '';
  return `${request.method} ${request.target.slice(0, 300)} as ${request.caller} [${request.kind}]${body}`;
}

/** The report as the fuzzer prints it: totals, statuses by operation and by kind of request, problems, stalls. */
export function formatReport(report: FuzzReport): string {
  const statuses = new Map<number, number>();
  for (const row of report.byOperation.values()) for (const [status, n] of row) statuses.set(status, (statuses.get(status) ?? 0) + n);
  const line = (row: Map<number, number>) => [...row].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`).join(' ');
  const confirmed = report.stalls.filter((stall) => stall.confirmed);
  return [
    `contract fuzz: ${report.total} requests over ${report.byOperation.size} operations in ${Math.round(report.runMs / 1000)} s ` +
      `(seed ${report.options.seed}, ${report.options.concurrency} at a time; fixtures ${Math.round(report.fixturesMs / 1000)} s, ` +
      `all ${Math.round(report.durationMs / 1000)} s)`,
    `by status: ${line(statuses)}`,
    'by kind of request:',
    ...[...report.byKind].sort(([a], [b]) => a.localeCompare(b)).map(([kind, row]) => `  ${kind.padEnd(28)} ${line(row)}`),
    'by operation:',
    ...[...report.byOperation].sort(([a], [b]) => a.localeCompare(b)).map(([op, row]) => `  ${op.padEnd(48)} ${line(row)}`),
    `problems: ${report.problems.length} (5xx ${report.problems.filter((p) => p.rule === '5xx').length}, ` +
      `no envelope ${report.problems.filter((p) => p.rule === 'no-envelope').length}, ` +
      `off contract ${report.problems.filter((p) => p.rule === 'off-contract').length}, ` +
      `no answer ${report.problems.filter((p) => p.rule === 'no-answer').length})`,
    ...report.problems.slice(0, 30).map((p) => `  [${p.rule}] ${p.operation}: ${p.request}\n    -> ${p.answer}`),
    `event-loop stalls over ${report.options.stallMs} ms: ${report.stalls.length} seen, ${confirmed.length} confirmed on replay`,
    ...report.stalls.map(
      (stall) =>
        `  ${stall.busyMs} ms busy (${stall.lateMs} ms late)${stall.confirmed ? ' CONFIRMED' : ''}; the server began last:\n` +
        stall.lastRequests.map((line) => `    ${line}`).join('\n') +
        '\n' +
        stall.suspects.map((suspect) => `    replays ${suspect.replayBusyMs.join('/')} ms: ${suspect.request}`).join('\n'),
    ),
    `server exit code after SIGTERM: ${report.exitCode}; PRAGMA integrity_check: ${report.integrity}`,
  ].join('\n');
}
