import { afterEach, describe, expect, it } from 'vitest';
import { markdownToPm } from '../../../src-shared/content/index.js';
import { WorkerPool } from '../../../src-main/engine/workers/pool.js';
import type { TaskModules } from '../../../src-main/engine/worker-entry.js';

/** The engine's worker threads, run from the sources as tsx and vitest run them (worker-bootstrap.mjs). */
const ENTRY = new URL('../../../src-main/engine/worker-bootstrap.mjs', import.meta.url);

/** The task kinds are declared by the modules of the worker's program: naming their types brings the declarations here. */
export type Kinds = TaskModules;

let pool: WorkerPool;
afterEach(() => pool?.close());

describe('the worker pool', () => {
  it('answers a task as its implementation does in the engine’s thread', async () => {
    pool = new WorkerPool({ entry: ENTRY, size: 1 });
    const markdown = '---\ndescription: Read in a worker\n---\n# Title\n\nA [link](https://folio.example) and `code`.\n';
    const read = await pool.run('markdownToPm', markdown);
    const inline = markdownToPm(markdown);
    // Block ids are drawn at random: the rest must be the same.
    expect(JSON.stringify(read).replace(/"id":"\w+"/g, '')).toBe(JSON.stringify(inline).replace(/"id":"\w+"/g, ''));
  });

  it('runs many tasks on at most its size of threads, each answered', async () => {
    pool = new WorkerPool({ entry: ENTRY, size: 2 });
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => pool.run('markdownToPm', `# Page ${i}\n`)));
    expect(pool.threadCount).toBeLessThanOrEqual(2);
    expect(answers.map((answer) => answer.ok && answer.value.body.content?.[0]?.content?.[0]?.text)).toEqual(answers.map((_, i) => `Page ${i}`));
  });

  it('rejects a task that throws with its message, and goes on with the next', async () => {
    pool = new WorkerPool({ entry: ENTRY, size: 1 });
    await expect(pool.run('mergeDocRows', [new Uint8Array([255, 255, 255])])).rejects.toThrow();
    expect((await pool.run('markdownToPm', 'after')).ok).toBe(true);
  });

  it('rejects what is waiting, and anything asked for later, once closed', async () => {
    pool = new WorkerPool({ entry: ENTRY, size: 1 });
    const waiting = [pool.run('markdownToPm', 'one'), pool.run('markdownToPm', 'two')].map((task) => expect(task).rejects.toThrow(/closed/));
    await pool.close();
    await Promise.all(waiting);
    await expect(pool.run('markdownToPm', 'three')).rejects.toThrow(/closing/);
  });

  it('fails every task waiting on a thread whose program cannot load', async () => {
    pool = new WorkerPool({ entry: new URL('./no-such-program.mjs', import.meta.url), size: 1 });
    await expect(pool.run('markdownToPm', 'x')).rejects.toThrow();
  });
});
