import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';

/**
 * Asynchronous I/O called synchronously, for the engine's write transactions, which are
 * synchronous (better-sqlite3) and must wait for a round trip before they commit: a hub's
 * PostgreSQL turn, the file bytes it keeps in a bucket. A worker thread runs `source` (CommonJS,
 * `eval`, so it runs the same under tsx, vitest and plain node); the caller posts a message and
 * sleeps on a shared word (`Atomics.wait`) until the worker answers with `answer(value)` (defined
 * for `source`, beside `port`, `signal` and `workerData`). A call that outlives `timeoutMs` ends
 * the worker, and with it whatever it held open (a connection, a request): the next call starts
 * a new one.
 */
export class BlockingCall {
  private worker: Worker | undefined;
  private port: MessagePort | undefined;
  private readonly signal = new Int32Array(new SharedArrayBuffer(4));

  constructor(
    private readonly source: string,
    private readonly workerData: Record<string, unknown>,
    private readonly timeoutMs: number,
    /** What a call that timed out throws. */
    private readonly timedOut: (timeoutMs: number) => Error,
  ) {}

  /**
   * Starts the worker now rather than on the first call, so that it loads its modules while the
   * caller does other work: the first call would otherwise sleep through that start (~0.3 s for
   * PostgreSQL's, `pg` included).
   */
  warm(): void {
    this.started();
  }

  /** The worker's answer to `message`; throws `timedOut`'s error when none came in time. */
  call(message: unknown): unknown {
    this.post(message);
    return this.answer();
  }

  /**
   * Sends `message` without waiting: the worker starts on it while the caller does other work,
   * then takes its answer with `answer` (which then does not sleep if it already came). One
   * message at a time: each `post` is answered before the next.
   */
  post(message: unknown): void {
    const port = this.started();
    Atomics.store(this.signal, 0, 0);
    port.postMessage(message);
  }

  /** The answer to what `post` sent; throws `timedOut`'s error when none came in time. */
  answer(): unknown {
    const port = this.port;
    if (!port) throw new Error('the worker stopped before it answered');
    if (Atomics.wait(this.signal, 0, 0, this.timeoutMs) === 'timed-out') {
      this.stop();
      throw this.timedOut(this.timeoutMs);
    }
    const answer = receiveMessageOnPort(port);
    if (!answer) throw new Error('the worker answered nothing');
    return answer.message;
  }

  stop(): void {
    void this.worker?.terminate();
    this.port?.close();
    this.worker = undefined;
    this.port = undefined;
  }

  private started(): MessagePort {
    if (this.port) return this.port;
    const { port1, port2 } = new MessageChannel();
    this.worker = new Worker(`${PRELUDE}\n${this.source}`, {
      eval: true,
      workerData: { ...this.workerData, port: port2, signal: this.signal },
      transferList: [port2],
    });
    // The worker must not keep the process alive, nor take it down: a failed call reports itself.
    this.worker.unref();
    this.worker.on('error', () => this.stop());
    this.port = port1;
    return port1;
  }
}

/** What every worker's source starts with: its data, and how it answers the caller waiting on `signal`. */
const PRELUDE = `
const { workerData } = require('node:worker_threads');
const { port, signal } = workerData;
function answer(value) {
  port.postMessage(value);
  Atomics.store(signal, 0, 1);
  Atomics.notify(signal, 0);
}
`;
