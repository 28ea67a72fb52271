import { readdirSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readBody } from '../../../../src-shared/content/index.js';
import { bodyFacts } from '../../../../src-main/engine/domain/content/body-text.js';
import { buildNewBody } from '../../../../src-main/engine/domain/content/built-body.js';
import { readRequestMarkdown } from '../../../../src-main/engine/domain/content/markdown-inputs.js';
import { WorkerPool } from '../../../../src-main/engine/core/workers/pool.js';
import type { TaskModules } from '../../../../src-main/engine/app/worker-entry.js';
import { bundledScript } from '../../../support/entry-bundle.js';

/** The engine's worker threads, run from the sources as tsx and vitest run them (worker-bootstrap.mjs). */
const ENTRY = new URL('../../../../src-main/engine/app/worker-bootstrap.mjs', import.meta.url);
/**
 * The same program compiled for this run (test/support/entry-bundle.ts), for the tests of the
 * pool's own rules: a thread starts in a fraction of the ~2 s of CPU tsx's loader takes.
 */
const BUNDLED = pathToFileURL(bundledScript('src-main/engine/app/worker-entry.ts'));

/** The task kinds are declared by the modules of the worker's program: naming their types brings the declarations here. */
export type Kinds = TaskModules;

let pool: WorkerPool;
afterEach(() => pool?.close());

/** Markdown markdown-it takes seconds to read (a run of `*a`), within the request limits. */
const SLOW_MARKDOWN = '*a'.repeat(250_000);

/** Markdown as a comment or a page update carries it: read, not built into a doc. */
const text = (markdown: string) => ({ markdown, newPage: false });

describe('the worker pool', () => {
  it('answers a task as its implementation does in the engine’s thread', async () => {
    pool = new WorkerPool({ entry: ENTRY, size: 1 });
    const markdown = '---\ndescription: Read in a worker\n---\n# Title\n\nA [link](https://folio.example) and `code`.\n';
    const answer = await pool.run('readMarkdown', { markdown, newPage: true });
    if (!answer.ok) throw new Error('not read');
    const { built, ...read } = answer.value;
    const inline = readRequestMarkdown(markdown);
    // Block ids are drawn at random: the rest must be the same.
    expect(JSON.stringify({ ok: true, value: read }).replace(/"id":"\w+"/g, '')).toBe(JSON.stringify(inline).replace(/"id":"\w+"/g, ''));
    // The body written into a new doc there (content/built-body.ts): that doc reads as the body, with the facts it came with.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, built!.update);
    expect(built!.facts).toEqual(buildNewBody(read)!.facts);
    expect(bodyFacts(readBody(doc))).toEqual(built!.facts);
  });

  it('builds a body only for the document of a new page', async () => {
    pool = new WorkerPool({ entry: BUNDLED, size: 1 });
    const answer = await pool.run('readMarkdown', text('A comment, **read** only.'));
    expect(answer.ok && answer.value.body.content?.length).toBe(1);
    expect(answer.ok && answer.value.built).toBeUndefined();
  });

  it('runs many tasks on at most its size of threads, each answered', async () => {
    pool = new WorkerPool({ entry: BUNDLED, size: 2 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => pool.run('readMarkdown', text(`# Page ${i}\n`))));
    expect(pool.threadCount).toBeLessThanOrEqual(2);
    expect(answers.map((answer) => answer.ok && answer.value.body.content?.[0]?.content?.[0]?.text)).toEqual(answers.map((_, i) => `Page ${i}`));
  });

  it('answers a request’s task on one thread more while long work holds the others', { timeout: 60_000 }, async () => {
    pool = new WorkerPool({ entry: BUNDLED, size: 1 });
    await pool.warmUp(2);
    // Warmed: one thread for long work, and the one kept for requests.
    expect(pool.threadCount).toBe(2);
    let longDone = false;
    const long = pool.run('readMarkdown', text(SLOW_MARKDOWN)).then(() => (longDone = true));
    const quick = await pool.run('readMarkdown', text('# Quick\n'), { lane: 'request' });
    expect(quick.ok).toBe(true);
    expect(longDone).toBe(false);
    expect(pool.threadCount).toBe(2);
    await long;
  });

  it('refuses a task past its time limit, ends its thread, and goes on with the next', async () => {
    pool = new WorkerPool({ entry: BUNDLED, size: 1 });
    await expect(pool.run('readMarkdown', text(SLOW_MARKDOWN), { timeoutMs: 50 })).rejects.toThrow(/^took longer than 0.05 s$/);
    expect((await pool.run('readMarkdown', text('after'))).ok).toBe(true);
  });

  it('rejects a task that throws with its message, and goes on with the next', async () => {
    pool = new WorkerPool({ entry: BUNDLED, size: 1 });
    await expect(pool.run('mergeDocRows', [new Uint8Array([255, 255, 255])])).rejects.toThrow();
    expect((await pool.run('readMarkdown', text('after'))).ok).toBe(true);
  });

  it('rejects what is waiting, and anything asked for later, once closed', async () => {
    pool = new WorkerPool({ entry: BUNDLED, size: 1 });
    const waiting = [pool.run('readMarkdown', text('one')), pool.run('readMarkdown', text('two'))].map((task) => expect(task).rejects.toThrow(/closed/));
    await pool.close();
    await Promise.all(waiting);
    await expect(pool.run('readMarkdown', text('three'))).rejects.toThrow(/closing/);
  });

  it.runIf(process.platform === 'linux')('runs long work’s threads below the engine’s thread, and requests’ at its priority', async () => {
    const before = niceValues();
    const own = before.get(process.pid)!;
    pool = new WorkerPool({ entry: BUNDLED, size: 1 });
    // The one kept for requests, then one for long work; each answers its lane's task.
    await pool.warmUp(2);
    await Promise.all([pool.run('readMarkdown', text('# Work\n')), pool.run('readMarkdown', text('# Request\n'), { lane: 'request' })]);
    expect(pool.threadCount).toBe(2);
    const started = [...niceValues()].filter(([thread]) => !before.has(thread)).map(([, nice]) => nice);
    // Ten steps below this process's main thread (at most Linux's lowest, 19); a request's thread and Node's own new threads, if any, keep its value.
    const lowered = started.filter((nice) => nice !== own);
    expect(lowered).toEqual(own === 19 ? [] : [Math.min(19, own + 10)]);
    expect(started.filter((nice) => nice === own).length).toBeGreaterThanOrEqual(own === 19 ? 2 : 1);
    expect(niceValues().get(process.pid)).toBe(own);
  });

  it('fails every task waiting on a thread whose program cannot load', async () => {
    pool = new WorkerPool({ entry: new URL('./no-such-program.mjs', import.meta.url), size: 1 });
    await expect(pool.run('readMarkdown', text('x'))).rejects.toThrow();
  });
});

/** Each thread of this process (by id; the main thread's is the pid) and its nice value, from /proc. */
function niceValues(): Map<number, number> {
  return new Map(readdirSync('/proc/self/task').map((thread) => {
    const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
    // Fields after the command's closing parenthesis: state is the 3rd field of stat, nice the 19th.
    return [Number(thread), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])];
  }));
}
