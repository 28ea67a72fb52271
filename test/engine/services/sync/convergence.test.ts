import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Engine } from '../../../../src-main/engine/app/engine.js';
import { listen } from '../../../../src-main/engine/app/http/server.js';
import { MAIN, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { addPage, changeDoc, writeParagraphs } from '../../transports/yjs/peers.js';
import { SyncedSpace, contentOf, eventually, stateOf, type Replica } from './nodes.js';

type Op =
  | { kind: 'add-page'; on: number; page: string }
  | { kind: 'write-body'; on: number; body: number; text: string }
  | { kind: 'toggle'; replica: number }
  | { kind: 'restart'; replica: number }
  | { kind: 'hub-down-and-up' };

/** on: 0 is the hub, 1 and 2 the replicas. */
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add-page' as const), on: fc.integer({ min: 0, max: 2 }), page: fc.stringMatching(/^[a-z]{6}$/) }),
  fc.record({ kind: fc.constant('write-body' as const), on: fc.integer({ min: 0, max: 2 }), body: fc.integer({ min: 0, max: 1 }), text: fc.string({ minLength: 1, maxLength: 12 }) }),
  fc.record({ kind: fc.constant('toggle' as const), replica: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('restart' as const), replica: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('hub-down-and-up' as const) }),
);

describe('convergence under random edits, disconnects, restarts and the hub going away', () => {
  it('leaves the hub and both replicas with identical docs, every page added anywhere present', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 20 }), async (ops) => {
        const synced = await SyncedSpace.start();
        try {
          const replicas = [await synced.replica(), await synced.replica()];
          const bodies = ['b0', 'b1'].map((page) => pageDoc(synced.spaceId, MAIN, page));
          const engineOf = (on: number): Engine => (on === 0 ? synced.hub.engine : replicas[on - 1]!.engine);
          const added = new Set<string>();
          for (const step of ops) await run(step, { synced, engineOf, replicas, bodies, tree: synced.tree, added });

          for (const replica of replicas) if (replica.engine.sync.state === 'disabled') replica.engine.sync.start();
          const docIds = [mainTreeDoc(synced.spaceId), ...bodies];
          await eventually(() => {
            for (const docId of docIds) {
              for (const { engine } of replicas) {
                expect(stateOf(engine, docId)).toEqual(stateOf(synced.hub.engine, docId));
                expect(contentOf(engine, docId)).toEqual(contentOf(synced.hub.engine, docId));
              }
            }
          });
          const pages = synced.hub.engine.docs.load(synced.tree).getMap('pages');
          for (const page of added) expect(pages.has(page)).toBe(true);
        } finally {
          await synced.stop();
        }
      }),
      { numRuns: 4 },
    );
  });
});

interface World {
  synced: SyncedSpace;
  engineOf: (on: number) => Engine;
  replicas: Replica[];
  bodies: string[];
  tree: string;
  added: Set<string>;
}

async function run(step: Op, world: World): Promise<void> {
  if (step.kind === 'add-page') {
    addPage(world.engineOf(step.on), world.tree, step.page);
    world.added.add(step.page);
  } else if (step.kind === 'write-body') {
    changeDoc(world.engineOf(step.on), world.bodies[step.body]!, (doc) => writeParagraphs(doc, step.text));
  } else if (step.kind === 'toggle') {
    const { engine } = world.replicas[step.replica]!;
    if (engine.sync.state === 'disabled') engine.sync.start();
    else engine.sync.stop();
  } else if (step.kind === 'restart') {
    await world.replicas[step.replica]!.restart();
  } else {
    const { hub } = world.synced;
    const { port } = hub.server;
    await hub.server.close();
    hub.server = await listen(hub.engine, port);
  }
}
