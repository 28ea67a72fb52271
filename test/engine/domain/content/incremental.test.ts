import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageRows } from '../../../../src-main/engine/domain/content/page-rows.js';
import { readPages } from '../../../../src-main/engine/domain/content/tree.js';
import { changeRequestBranch, treeDoc } from '../../../../src-shared/sync/doc-names.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { spaceWithChangeRequest, write, type Target } from '../../api/content/fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(() => t.stop());

/** A change as indexes into the pages there are when it runs, so that any sequence is valid to try. */
type Step =
  | { kind: 'insert'; into: number; at: number }
  | { kind: 'move'; page: number; into: number; at: number }
  | { kind: 'rename'; page: number; slug: string }
  | { kind: 'delete'; page: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), into: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), page: fc.nat(), into: fc.nat(), at: fc.nat() }),
  fc.record({ kind: fc.constant('rename' as const), page: fc.nat(), slug: fc.constantFrom('a', 'b', 'c', 'd') }),
  fc.record({ kind: fc.constant('delete' as const), page: fc.nat() }),
);

/** The rows the tree doc gives when projected as a whole, and those the projector keeps. */
function rowsFromDoc(target: Target) {
  const doc = t.engine.docs.load(treeDoc(target.spaceId, changeRequestBranch(target.changeRequestId)));
  return [...pageRows(readPages(doc)).values()].map(({ page_id, path, parent_id, position, slug, title }) => ({ page_id, path, parent_id, position, slug, title }));
}

function rowsProjected(target: Target) {
  return t.engine.db.all<{ page_id: string }>(
    'SELECT page_id, path, parent_id, position, slug, title FROM content_pages WHERE space_id = ? AND branch = ?',
    target.spaceId,
    target.changeRequestId,
  );
}

const byId = (rows: { page_id: unknown }[]) => [...rows].sort((a, b) => String(a.page_id).localeCompare(String(b.page_id)));

describe('projecting only the pages a batch changed', () => {
  it('keeps the same rows as projecting the whole tree, whatever the batches', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(step, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 6 }), async (batches) => {
        const target = await spaceWithChangeRequest(t);
        for (const batch of batches) {
          const ids = rowsFromDoc(target).map((row) => row.page_id);
          const pick = (n: number) => (ids.length ? ids[n % ids.length]! : undefined);
          const changes = batch.flatMap((s): Record<string, unknown>[] => {
            if (s.kind === 'insert') return [{ operation: 'insert_page', title: 'P', document: {}, ...(s.into % 3 && pick(s.into) ? { into: pick(s.into) } : {}) }];
            if (!pick(s.page)) return [];
            if (s.kind === 'move') return [{ operation: 'update_page', page: pick(s.page), into: s.into % 3 ? (pick(s.into) ?? null) : null }];
            if (s.kind === 'rename') return [{ operation: 'update_page', page: pick(s.page), slug: `${s.slug}${s.page % 5}` }];
            return [{ operation: 'delete_page', page: pick(s.page) }];
          });
          if (changes.length === 0) continue;
          // Some batches are invalid (a move into a descendant, a slug a sibling has): they change nothing.
          await write(t.owner, target, changes);
          expect(byId(rowsProjected(target))).toEqual(byId(rowsFromDoc(target)));
        }
        ok(await t.owner.client.call('listPagesInChangeRequest', { params: target }));
      }),
      { numRuns: 15 },
    );
  });
});
