import * as Y from 'yjs';
import type { PmNodeJson } from '../../../../src-shared/content/index.js';
import { snapshotOf } from '../../core/docs/fork.js';
import type { CopyState } from '../../core/docs/store.js';
import { buildDoc, mergeAll } from '../../core/docs/updates.js';
import type { WorkerPool } from '../../core/workers/pool.js';
import type { BodyFacts } from './body-text.js';
import { writtenBody, type BuiltBody } from './built-body.js';
import type { PlannedWrite } from './doc-edits.js';
import { writePageBody } from './page-body.js';

/**
 * A large page's new body written off the event loop (docs/architecture.md, "Worker threads"): a
 * worker builds the doc from its rows, writes the body into it as `updatePage` would (block ids
 * reconciled, only the difference written) and reads back the facts its projection writes. The
 * request then appends the update and writes the rows, if the doc has not moved and the body is
 * the same, rather than building the doc, reading and writing 2,000 blocks on the event loop
 * (1.3–2 s at load 5).
 */
export interface BodyToPlan {
  /** The doc's rows as stored (`DocStore.updatesOf`). */
  rows: Uint8Array[];
  body: PmNodeJson;
  fromMarkdown: boolean;
  /** The doc is an unwritten copy in a forked branch, `rows` its source's: the copy's start is made here too. */
  copy?: boolean;
}

export interface PlannedBody extends BuiltBody {
  /** What an unwritten copy starts from (`DocStore.CopyState`, without its source): decoding the source's state for its snapshot took ~130 ms of the loop for 2,000 blocks. */
  copy?: { update: Uint8Array; snapshot: Uint8Array };
}

/** What a request keeps of a plan, to use it if nothing it was made from has moved. */
export interface PlannedPageBody {
  write: PlannedWrite;
  facts: BodyFacts;
  /** `DocStore.versionOf` the doc when its rows were read. */
  version: string;
  /** The body planned, as JSON: a change whose body differs is written on the event loop. */
  bodyJson: string;
  fromMarkdown: boolean;
}

declare module '../../core/workers/tasks.js' {
  interface WorkerTasks {
    /** A large page's body written into its doc built from its rows; none when it does not fit the content model (the request then meets the refusal itself). */
    planPageBody: { input: BodyToPlan; output: PlannedBody | undefined };
  }
}

/** Run in a worker. */
export function planPageBody({ rows, body, fromMarkdown, copy }: BodyToPlan): PlannedBody | undefined {
  const planned: PlannedBody | undefined = writtenBody(buildDoc(rows), (doc) => writePageBody(doc, { body, meta: {}, fromMarkdown }));
  if (planned && copy) {
    const update = mergeAll(rows);
    planned.copy = { update, snapshot: Y.encodeSnapshot(snapshotOf(update)) };
  }
  return planned;
}

/** Plans each body in the worker threads; a plan the workers do not give (a failure, a refusal) is left out, and that body written on the event loop. */
export async function planPageBodies(
  workers: Pick<WorkerPool, 'run'>,
  toPlan: readonly (Omit<BodyToPlan, 'copy'> & { docId: string; held: Uint8Array; version: string; copyOf?: Pick<CopyState, 'source' | 'seq'> })[],
): Promise<Map<string, PlannedPageBody>> {
  const planned = await Promise.all(
    toPlan.map(({ rows, body, fromMarkdown, copyOf }) => workers.run('planPageBody', { rows, body, fromMarkdown, copy: copyOf !== undefined }, { lane: 'request' }).catch(() => undefined)),
  );
  const plans = new Map<string, PlannedPageBody>();
  toPlan.forEach(({ docId, held, version, body, fromMarkdown, copyOf }, i) => {
    const plan = planned[i];
    if (!plan) return;
    const copy = copyOf && plan.copy ? { ...copyOf, ...plan.copy } : undefined;
    plans.set(docId, { write: { update: plan.update, stateVector: plan.stateVector, held, ...(copy && { copy }) }, facts: plan.facts, version, bodyJson: JSON.stringify(body), fromMarkdown });
  });
  return plans;
}
