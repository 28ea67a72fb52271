import fc from 'fast-check';
import * as Y from 'yjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockConflicts } from '../../../../src-main/engine/content/merge/block-conflicts.js';
import { pullChanges } from '../../../../src-main/engine/content/merge/pull-changes.js';
import type { DocStore } from '../../../../src-main/engine/docs/store.js';
import { MAIN, branchDocPrefix, changeRequestBranch, pageDoc, type Branch } from '../../../../src-main/engine/revisions/doc-names.js';
import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import { blockIndex } from '../../../../src-shared/content/yjs.js';
import { body } from '../../../shared/content/arbitraries.js';
import { writePage } from '../../../support/yjs-edits.js';
import { Stores } from '../../docs/fixture.js';
import { paragraphs, writeParagraphs } from './bodies.js';

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

function edited(doc: PmNodeJson, choices: number[]): PmNodeJson {
  let next = 0;
  const visit = (node: PmNodeJson): PmNodeJson[] => {
    if (node.type === 'text') return [node];
    const choice = choices[next++ % choices.length];
    const content = node.content?.flatMap(visit);
    const kept: PmNodeJson = { ...node, ...(content ? { content } : {}) };
    if (choice === 0) return [];
    if (choice === 1) return [withText(kept)];
    if (choice === 2) return [kept, { type: 'paragraph', attrs: { id: `n${next}` }, content: [{ type: 'text', text: 'added' }] }];
    if (choice === 3) return [withAttribute(kept)];
    return [kept];
  };
  return { type: 'doc', content: (doc.content ?? []).flatMap(visit) };
}

function withText(node: PmNodeJson): PmNodeJson {
  const at = node.content?.findIndex((child) => child.type === 'text') ?? -1;
  if (at < 0) return node;
  const content = [...node.content!];
  content[at] = { ...content[at]!, text: `${content[at]!.text}z` };
  return { ...node, content };
}

function withAttribute(node: PmNodeJson): PmNodeJson {
  if (node.type === 'heading') return { ...node, attrs: { ...node.attrs, level: node.attrs?.level === 1 ? 2 : 1 } };
  if (node.type === 'task_item') return { ...node, attrs: { ...node.attrs, checked: !node.attrs?.checked } };
  return node;
}

/** Writes a body, or answers false when the edits left it outside the schema (a list without items…). */
function written(spaceId: string, branch: Branch, content: PmNodeJson): boolean {
  try {
    writePage(docs, spaceId, branch, 'p', content);
    return true;
  } catch {
    return false;
  }
}

const index = (spaceId: string, branch: Branch) => blockIndex(docs.load(pageDoc(spaceId, branch, 'p')));

describe('the blocks both sides reached', () => {
  it('give the conflicts that comparing every block gives, merging or updating', () => {
    fc.assert(
      fc.property(body, plan, plan, fc.boolean(), (base, ours, theirs, merging) => {
        const spaceId = `s${++spaces}`;
        const changeRequest = changeRequestBranch('c1');
        fc.pre(written(spaceId, MAIN, base));
        docs.forkBranch(branchDocPrefix(spaceId, MAIN), branchDocPrefix(spaceId, changeRequest));
        const before = index(spaceId, MAIN);
        fc.pre(written(spaceId, MAIN, edited(base, ours)) && written(spaceId, changeRequest, edited(base, theirs)));
        const expected = blockConflicts('p', before, index(spaceId, MAIN), index(spaceId, changeRequest));
        expect(pullChanges(docs, spaceId, 'c1', merging ? 'merge' : 'update')).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

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
    expect(pullChanges(docs, spaceId, 'c1', 'merge')).toEqual([{ kind: 'block', pageId: 'p', blockId: 'a' }]);
  });
});
