import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN, changeRequestBranch } from '../../../../../src-shared/sync/doc-names.js';
import { expectRowsOfDocs } from './projected-rows.js';
import { ok } from '../../../../support/content.js';
import { TestServer } from '../../../../support/server.js';
import { created, spaceWithChangeRequest, write, type Target } from '../../../api/content/fixture.js';

/**
 * A merge lends the projector what it merged (the bodies and the tree it built, or the incoming
 * side's rows when the target did not change a page) instead of reloading the docs. Whatever the
 * edits, the rows must be those the docs give when projected from scratch.
 */
let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

type Edit =
  | { kind: 'body'; page: number; text: number }
  | { kind: 'rename'; page: number; slug: string }
  | { kind: 'move'; page: number; into: number }
  | { kind: 'delete'; page: number }
  | { kind: 'insert'; into: number };

const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('body' as const), page: fc.nat(), text: fc.nat(3) }) },
  fc.record({ kind: fc.constant('rename' as const), page: fc.nat(), slug: fc.constantFrom('x', 'y') }),
  fc.record({ kind: fc.constant('move' as const), page: fc.nat(), into: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), page: fc.nat() }),
  fc.record({ kind: fc.constant('insert' as const), into: fc.nat() }),
);

const BODIES = [
  'Intro.\n\n## Setup\n\nSee [the site](https://example.com/a).\n',
  '## Setup\n\nOther words, [elsewhere](https://example.com/b).\n',
  'Only a paragraph.\n',
  '# Title\n\n## One\n\nA.\n\n## Two\n\nB.\n',
];

function change(step: Edit, pages: string[]): Record<string, unknown> | undefined {
  const pick = (n: number) => pages[n % pages.length]!;
  if (step.kind === 'insert') return { operation: 'insert_page', title: 'New', document: { markdown: BODIES[step.into % BODIES.length] }, into: pick(step.into) };
  if (step.kind === 'body') return { operation: 'update_page', page: pick(step.page), document: { markdown: `${BODIES[step.text]}\n${step.page}\n` } };
  if (step.kind === 'rename') return { operation: 'update_page', page: pick(step.page), slug: `${step.slug}${step.page % 3}` };
  if (step.kind === 'move') return { operation: 'update_page', page: pick(step.page), into: step.into % 3 ? pick(step.into) : null };
  return { operation: 'delete_page', page: pick(step.page) };
}

/** Applies each edit as its own batch; invalid ones (a move under a descendant, a slug taken) change nothing. */
async function apply(target: Target, steps: Edit[], pages: string[]): Promise<void> {
  for (const step of steps) {
    const batch = change(step, pages);
    if (batch) await write(t.owner, target, [batch]);
  }
}

describe('the rows a merge or an update leaves', () => {
  it('are those of the merged docs, whatever both sides edited', async () => {
    const steps = fc.array(edit, { minLength: 1, maxLength: 5 });
    await fc.assert(
      fc.asyncProperty(steps, steps, async (ours, theirs) => {
        const first = await spaceWithChangeRequest(t);
        const { spaceId } = first;
        const pages = await created(t.owner, first, BODIES.map((markdown, i) => ({ operation: 'insert_page', title: `P${i}`, document: { markdown } })));
        ok(await t.owner.client.call('mergeChangeRequest', { params: first }));
        const [a, b] = [await openChangeRequest(spaceId), await openChangeRequest(spaceId)];
        await apply(a, ours, pages);
        await apply(b, theirs, pages);
        ok(await t.owner.client.call('mergeChangeRequest', { params: a }));
        expectRowsOfDocs(t, spaceId, MAIN);
        ok(await t.owner.client.call('updateChangeRequest', { params: b }));
        expectRowsOfDocs(t, spaceId, changeRequestBranch(b.changeRequestId));
        ok(await t.owner.client.call('mergeChangeRequest', { params: b }));
        expectRowsOfDocs(t, spaceId, MAIN);
      }),
      { numRuns: 12 },
    );
  }, 60_000);
});

async function openChangeRequest(spaceId: string): Promise<Target> {
  const cr = ok(await t.owner.client.call('createChangeRequest', { params: { spaceId }, body: { subject: 'Edits' } }));
  return { spaceId, changeRequestId: cr.id };
}
