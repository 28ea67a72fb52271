import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { WebsocketProvider } from 'y-websocket';
import * as Y from 'yjs';
import { ApiClient } from '../src-shared/client/client.js';
import { httpTransport } from '../src-shared/client/http-transport.js';
import { BODY_FRAGMENT } from '../src-shared/content/index.js';

/**
 * The clients of bench/main-loop.ts, in a process of their own so that they never share the
 * engine's event loop: a writer typing over y-websocket, `GET /v1/user` asked again 10 ms after
 * each answer (in a thread of its own: see `startPolling`), a PDF asked for and downloaded, and
 * an import of Markdown pages through the API. Prints `OPENING` as the writer opens the page and
 * `READY` once it has it, starts the rest at the next line on standard input, then prints its
 * figures as one JSON line.
 */
export interface ClientPlan {
  origin: string;
  token: string;
  typing: boolean;
  docName: string;
  pdf: boolean;
  pdfSpaceId: string;
  importSpaceId: string;
  importPages: number;
  /** The least the run lasts: longer while the PDF or the import is not done. */
  seconds: number;
}

export interface ClientFigures {
  userRequests: number;
  userP50Ms: number;
  userP99Ms: number;
  keystrokes: number;
  pdfMs?: number;
  importMs?: number;
}

/** The lines that tell main-loop.ts the writer opens the page, then has it; a line back on standard input starts the phase's work. */
export const OPENING = 'opening';
export const READY = 'ready';
const KEYSTROKE_MS = 50;
const USER_PAUSE_MS = 10;
const IMPORT_BATCH = 20;

async function run(plan: ClientPlan): Promise<ClientFigures> {
  const client = new ApiClient(httpTransport(plan.origin, plan.token, fetch));
  console.log(OPENING);
  const typist = plan.typing ? await startTyping(plan) : undefined;
  // The writer has the page; the phase starts when main-loop.ts says the engine has it ready too.
  console.log(READY);
  await once(createInterface({ input: process.stdin }), 'line');
  const polling = startPolling(plan);
  const work: Promise<unknown>[] = [pause(plan.seconds * 1000)];
  const figures: Partial<ClientFigures> = {};
  if (plan.pdf) {
    work.push(
      (async () => {
        const started = performance.now();
        const url = await client.call('getSpacePDF', { params: { spaceId: plan.pdfSpaceId }, query: {} });
        if (!url.ok) throw new Error(`PDF: ${url.error.message}`);
        const response = await fetch(url.data.url);
        if (!response.ok) throw new Error(`PDF download: ${response.status}`);
        await response.arrayBuffer();
        figures.pdfMs = Math.round(performance.now() - started);
      })(),
    );
  }
  if (plan.importPages > 0) {
    work.push(
      (async () => {
        const started = performance.now();
        await importPages(client, plan);
        figures.importMs = Math.round(performance.now() - started);
      })(),
    );
  }
  await Promise.all(work);
  const latencies = await polling.stop();
  const keystrokes = typist?.stop() ?? 0;
  const sorted = latencies.sort((a, b) => a - b);
  const at = (p: number) => Number(sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!.toFixed(1));
  return { userRequests: sorted.length, userP50Ms: at(50), userP99Ms: at(99), keystrokes, ...figures };
}

/**
 * `GET /v1/user` asked in a worker thread, so that its latencies are the engine's: on this
 * process's own loop they also counted the other clients' work (the typist's doc of 10,000 blocks
 * applied at its first sync, the import's requests made), as a window's renderer, a process of
 * its own, would not.
 */
function startPolling(plan: ClientPlan): { stop(): Promise<number[]> } {
  const worker = new Worker(POLLER, { eval: true, workerData: { url: `${plan.origin}/v1/user`, token: plan.token, pauseMs: USER_PAUSE_MS } });
  const answered = once(worker, 'message') as Promise<[number[] | { error: string }]>;
  return {
    async stop() {
      worker.postMessage('stop');
      const [answer] = await answered;
      await worker.terminate();
      if (!Array.isArray(answer)) throw new Error(answer.error);
      return answer;
    },
  };
}

const POLLER = `
const { parentPort, workerData: { url, token, pauseMs } } = require('node:worker_threads');
let running = true;
parentPort.once('message', () => { running = false; });
(async () => {
  const latencies = [];
  while (running) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: 'Bearer ' + token } });
    await response.arrayBuffer();
    if (!response.ok) throw new Error('GET /v1/user: ' + response.status);
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, pauseMs));
  }
  parentPort.postMessage(latencies);
})().catch((error) => parentPort.postMessage({ error: String(error.message) }));
`;

async function startTyping(plan: ClientPlan): Promise<{ stop(): number }> {
  const doc = new Y.Doc();
  const provider = new WebsocketProvider(`${plan.origin.replace(/^http/, 'ws')}/v1/yjs`, plan.docName, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    params: { token: plan.token },
    disableBc: true,
  });
  await new Promise<void>((resolve) => provider.once('sync', () => resolve()));
  const text = (doc.getXmlFragment(BODY_FRAGMENT).get(5) as Y.XmlElement).get(0) as Y.XmlText;
  let keystrokes = 0;
  const timer = setInterval(() => {
    text.insert(0, 'x');
    keystrokes++;
  }, KEYSTROKE_MS);
  return {
    stop() {
      clearInterval(timer);
      provider.destroy();
      return keystrokes;
    },
  };
}

/** Pages of a heading and paragraphs, sent 20 a request into a change request, then merged. */
async function importPages(client: ApiClient, plan: ClientPlan): Promise<void> {
  const params = { spaceId: plan.importSpaceId };
  const changeRequest = await client.call('createChangeRequest', { params, body: { subject: 'Import' } });
  if (!changeRequest.ok) throw new Error(`import: ${changeRequest.error.message}`);
  const target = { ...params, changeRequestId: changeRequest.data.id };
  for (let first = 0; first < plan.importPages; first += IMPORT_BATCH) {
    const changes = Array.from({ length: Math.min(IMPORT_BATCH, plan.importPages - first) }, (_, i) => ({
      operation: 'insert_page' as const,
      title: `Imported ${first + i}`,
      document: { markdown: `## Imported ${first + i}\n\n${'Some words of the imported page, with [a link](https://folio.example). '.repeat(3)}\n\n- one\n- two\n` },
    }));
    const written = await client.call('updateChangeRequestContent', { params: target, body: { changes } });
    if (!written.ok) throw new Error(`import: ${written.error.message}`);
  }
  const merged = await client.call('mergeChangeRequest', { params: target });
  if (!merged.ok) throw new Error(`import merge: ${merged.error.message}`);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// main-loop.ts imports `OPENING` and `READY` from here: the clients run only when this is the program.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  run(JSON.parse(process.argv[2]!) as ClientPlan).then(
    (figures) => {
      console.log(JSON.stringify(figures));
      process.exit(0);
    },
    (error: Error) => {
      console.error(`main-loop clients: ${error.message}`);
      process.exit(1);
    },
  );
}
