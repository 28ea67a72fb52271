import fc from 'fast-check';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockConflicts } from '../../../../../src-main/engine/domain/content/merge/block-conflicts.js';
import { planPull, pullFromMain } from '../../../../../src-main/engine/domain/content/merge/pull-changes.js';
import type { DocStore } from '../../../../../src-main/engine/core/docs/store.js';
import { MAIN, branchDocPrefix, changeRequestBranch, pageDoc, type Branch } from '../../../../../src-shared/sync/doc-names.js';
import { blockIndex } from '../../../../../src-shared/content/yjs.js';
import { writePage } from '../../../../support/yjs-edits.js';
import { body } from '../../../../shared/content/arbitraries.js';
import { Stores } from '../../../core/docs/fixture.js';
import { paragraphs, writeParagraphs } from './bodies.js';
import { edited, written } from './edit-plans.js';

/**
 * A merge hashes the blocks of a page both sides edited only when some block of the base was
 * reached by both sides' changes. Whatever the edits, it must find the conflicts that comparing
 * every block's hash finds.
 */
let stores: Stores;
let docs: DocStore;
let spaces = 0;
beforeAll(() => {
  stores = new Stores();
  docs = stores.open().store;
});
afterAll(() => stores.close());

/** What to do to each block, in document order: 0 delete it, 1 edit its text, 2 add a paragraph after it, 3 change an attribute. */
const plan = fc.array(fc.nat(6), { minLength: 1, maxLength: 12 });

const index = (spaceId: string, branch: Branch) => blockIndex(docs.load(pageDoc(spaceId, branch, 'p')));

describe('the blocks both sides reached', () => {
  it('give the conflicts that comparing every block gives, merging or updating', () => {
    fc.assert(
      fc.property(body, plan, plan, fc.boolean(), (base, ours, theirs, merging) => {
        const spaceId = `s${++spaces}`;
        const changeRequest = changeRequestBranch('c1');
        fc.pre(written(docs, spaceId, MAIN, base));
        docs.forkBranch(branchDocPrefix(spaceId, MAIN), branchDocPrefix(spaceId, changeRequest));
        const before = index(spaceId, MAIN);
        fc.pre(written(docs, spaceId, MAIN, edited(base, ours)) && written(docs, spaceId, changeRequest, edited(base, theirs)));
        const expected = blockConflicts('p', before, index(spaceId, MAIN), index(spaceId, changeRequest));
        const found = (merging ? planPull(docs, spaceId, 'c1', 'merge').conflicts : pullFromMain(docs, spaceId, 'c1')).map(({ sides: _sides, ...conflict }) => conflict);
        expect(found).toEqual(expected);
      }),
      { numRuns: 300 },
    );
    // 300 runs of two real docs stores' worth of writes: seconds on a quiet machine, more under load.
  }, 90_000);

  it('tells text deleted since the base from text the base had deleted, when Yjs holds both in one item', () => {
    const spaceId = `s${++spaces}`;
    const changeRequest = changeRequestBranch('c1');
    const main = pageDoc(spaceId, MAIN, 'p');
    // Main's writer appends its updates as they are, so that nothing loads main's doc: the copy
    // the change request gets is then main's rows merged, "cd" kept as deleted text, which Yjs
    // merges with "ef" once main deletes that too.
    const writer = new Y.Doc();
    writer.on('update', (update: Uint8Array) => expect(docs.append(main, update).ok).toBe(true));
    const text = () => (writer.getXmlFragment('body').get(0) as Y.XmlElement).get(0) as Y.XmlText;
    writeParagraphs(writer, { a: 'abcdef' });
    text().delete(2, 2);
    docs.forkBranch(branchDocPrefix(spaceId, MAIN), branchDocPrefix(spaceId, changeRequest));
    text().delete(2, 2);
    writePage(docs, spaceId, changeRequest, 'p', paragraphs({ a: 'Xabef' }));
    expect(planPull(docs, spaceId, 'c1', 'merge').conflicts).toEqual([{ kind: 'block', pageId: 'p', blockId: 'a' }]);
  });
});
