import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Side } from '../../../../../src-main/engine/domain/content/merge/conflicts.js';
import { planPullFromBytes, readPull } from '../../../../../src-main/engine/domain/content/merge/merge-plan.js';
import { applyPull, pullFromMain } from '../../../../../src-main/engine/domain/content/merge/pull-changes.js';
import { setBlocks } from '../../../../../src-main/engine/domain/content/merge/set-blocks.js';
import type { DocStore } from '../../../../../src-main/engine/core/docs/store.js';
import { MAIN, branchDocPrefix, changeRequestBranch, pageDoc, type Branch } from '../../../../../src-shared/sync/doc-names.js';
import type { PmNodeJson } from '../../../../../src-shared/content/pm-json.js';
import { readBody } from '../../../../../src-shared/content/yjs.js';
import { body as richBody } from '../../../../shared/content/arbitraries.js';
import { editDoc, writePage } from '../../../../support/yjs-edits.js';
import { Stores } from '../../../core/docs/fixture.js';
import { paragraphs } from './bodies.js';
import { edited, written } from './edit-plans.js';

/**
 * The promise of merge (docs/content-design.md, "Merge"): main never holds text that neither side
 * wrote. Both sides edit one page at random, as an editor does (rewrites, word edits, deletions,
 * insertions, moves, the same rewrite on both sides); a merge either goes through with exactly
 * the three-way result or changes nothing, and after an update and the conflicts resolved, main
 * holds exactly the chosen text.
 */
let stores: Stores;
let docs: DocStore;
let spaces = 0;
beforeAll(() => {
  stores = new Stores();
  docs = stores.open().store;
});
afterAll(() => stores.close());

const CR = changeRequestBranch('c1');
/** A few sentences both sides may pick, so that the same rewrite on both sides comes up often. */
const SENTENCES = ['Tip: back up every day.', 'Note: backups are automatic.', 'Restore from the last copy.', 'one two three'];

type Blocks = [id: string, text: string][];

type Op =
  | { op: 'rewrite'; at: number; text: string }
  | { op: 'word'; at: number; word: string }
  | { op: 'delete'; at: number }
  | { op: 'insert'; at: number; text: string }
  | { op: 'move'; at: number; to: number };

const text = fc.oneof(fc.constantFrom(...SENTENCES), fc.stringMatching(/^[a-z]{1,6}( [a-z]{1,6}){0,3}$/));
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('rewrite' as const), at: fc.nat(), text }),
  fc.record({ op: fc.constant('word' as const), at: fc.nat(), word: fc.stringMatching(/^[a-z]{1,5}$/) }),
  fc.record({ op: fc.constant('delete' as const), at: fc.nat() }),
  fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text }),
  fc.record({ op: fc.constant('move' as const), at: fc.nat(), to: fc.nat() }),
);
const base = fc.uniqueArray(text, { minLength: 1, maxLength: 5 }).map((texts): Blocks => texts.map((t, i) => [`b${i}`, t]));

function applyOps(blocks: Blocks, ops: Op[], side: string): Blocks {
  const out = [...blocks];
  ops.forEach((o, n) => {
    if (out.length === 0 && o.op !== 'insert') return;
    const at = o.at % Math.max(out.length, 1);
    if (o.op === 'rewrite') out[at] = [out[at]![0], o.text];
    if (o.op === 'word') {
      const words = out[at]![1].split(' ');
      words[o.word.length % words.length] = o.word;
      out[at] = [out[at]![0], words.join(' ')];
    }
    if (o.op === 'delete') out.splice(at, 1);
    if (o.op === 'insert') out.splice(at, 0, [`${side}${n}`, o.text]);
    if (o.op === 'move') {
      const [moved] = out.splice(at, 1);
      out.splice(o.to % (out.length + 1), 0, moved!);
    }
  });
  return out;
}

function pageBlocks(branch: Branch, spaceId: string): Blocks {
  return (readBody(docs.load(pageDoc(spaceId, branch, 'p'))).content ?? []).map((block) => [
    block.attrs!.id as string,
    (block.content ?? []).map((node) => node.text).join(''),
  ]);
}

/** Each block's text by our rule: the side that changed it, else the base; undefined where both changed it differently. */
function threeWay(baseBlocks: Blocks, main: Blocks, changeRequest: Blocks) {
  const [b, m, c] = [baseBlocks, main, changeRequest].map((blocks) => new Map(blocks));
  const expected = new Map<string, string>();
  let conflicts = 0;
  for (const id of new Set([...b!.keys(), ...m!.keys(), ...c!.keys()])) {
    const [was, mine, theirs] = [b!.get(id), m!.get(id), c!.get(id)];
    if (mine !== was && theirs !== was && mine !== theirs) {
      conflicts++;
      continue;
    }
    const now = mine !== was ? mine : theirs;
    if (now !== undefined) expected.set(id, now);
  }
  return { expected, conflicts };
}

function newSpace(baseBlocks: Blocks): string {
  const spaceId = `s${++spaces}`;
  writePage(docs, spaceId, MAIN, 'p', paragraphs(Object.fromEntries(baseBlocks)));
  docs.forkBranch(branchDocPrefix(spaceId, MAIN), branchDocPrefix(spaceId, CR));
  return spaceId;
}

/** A merge as the API makes it: planned from the docs' bytes (a worker's task), applied only when nothing conflicts. */
function merge(spaceId: string): number {
  const plan = planPullFromBytes({ ...readPull(docs, spaceId, 'c1').input, direction: 'merge' });
  if (plan.conflicts.length === 0) applyPull(docs, plan);
  return plan.conflicts.length;
}

const noDuplicates = (blocks: Blocks) => expect(new Set(blocks.map(([id]) => id)).size).toBe(blocks.length);

describe('main after a merge', () => {
  it('holds exactly the three-way result, or is left as it was when a block conflicts', () => {
    fc.assert(
      fc.property(base, fc.array(op, { maxLength: 4 }), fc.array(op, { maxLength: 4 }), (baseBlocks, mainOps, crOps) => {
        const spaceId = newSpace(baseBlocks);
        const main = applyOps(baseBlocks, mainOps, 'm');
        const changeRequest = applyOps(baseBlocks, crOps, 'c');
        writePage(docs, spaceId, MAIN, 'p', paragraphs(Object.fromEntries(main)));
        writePage(docs, spaceId, CR, 'p', paragraphs(Object.fromEntries(changeRequest)));
        const before = docs.stateVector(pageDoc(spaceId, MAIN, 'p'));
        const { expected, conflicts } = threeWay(baseBlocks, main, changeRequest);
        const found = merge(spaceId);
        expect(found > 0).toBe(conflicts > 0);
        const after = pageBlocks(MAIN, spaceId);
        noDuplicates(after);
        if (found > 0) {
          expect(docs.stateVector(pageDoc(spaceId, MAIN, 'p'))).toEqual(before);
          expect(after).toEqual(main);
        } else {
          expect(new Map(after)).toEqual(expected);
        }
      }),
      { numRuns: 250 },
    );
  }, 90_000);

  it('after an update and each conflict resolved, holds exactly the chosen text', () => {
    const choice = fc.oneof(fc.constantFrom<Side>('main', 'change-request'), text);
    fc.assert(
      fc.property(base, fc.array(op, { maxLength: 4 }), fc.array(op, { maxLength: 4 }), fc.array(choice, { minLength: 5, maxLength: 5 }), (baseBlocks, mainOps, crOps, choices) => {
        const spaceId = newSpace(baseBlocks);
        const main = applyOps(baseBlocks, mainOps, 'm');
        const changeRequest = applyOps(baseBlocks, crOps, 'c');
        writePage(docs, spaceId, MAIN, 'p', paragraphs(Object.fromEntries(main)));
        writePage(docs, spaceId, CR, 'p', paragraphs(Object.fromEntries(changeRequest)));
        const { expected } = threeWay(baseBlocks, main, changeRequest);
        const conflicts = pullFromMain(docs, spaceId, 'c1');
        // Outside the conflicts, the change request holds the three-way result; inside, its own version.
        const updated = new Map(pageBlocks(CR, spaceId));
        noDuplicates(pageBlocks(CR, spaceId));
        const crBlocks = new Map(changeRequest);
        const conflicting = new Set(conflicts.map((c) => (c.kind === 'block' ? c.blockId : '')));
        for (const [id, t] of expected) if (!conflicting.has(id)) expect(updated.get(id)).toBe(t);
        for (const id of conflicting) expect(updated.get(id)).toBe(crBlocks.get(id));

        // Resolve each conflict as a writer would: a side, or text of their own.
        editDoc(docs, pageDoc(spaceId, CR, 'p'), (doc) => {
          const bodies = { main: readBody(docs.load(pageDoc(spaceId, MAIN, 'p'))), 'change-request': readBody(doc) };
          const wanted = new Map(
            [...conflicting].map((id, n) => {
              const pick = choices[n % choices.length]!;
              const source = pick === 'main' ? bodies.main : bodies['change-request'];
              if (pick === 'main' || pick === 'change-request') {
                const node = source.content?.find((block) => block.attrs?.id === id);
                return [id, { nodes: node ? [node] : [], source }];
              }
              const node: PmNodeJson = { type: 'paragraph', attrs: { id }, content: [{ type: 'text', text: pick }] };
              return [id, { nodes: [node], source: bodies.main }];
            }),
          );
          expect(setBlocks(doc, wanted).ok).toBe(true);
        });
        const chosen = pageBlocks(CR, spaceId);
        expect(merge(spaceId)).toBe(0);
        expect(pageBlocks(MAIN, spaceId)).toEqual(chosen);
      }),
      { numRuns: 150 },
    );
  }, 90_000);

  it('of rich pages holds no text that neither side wrote', () => {
    const plan = fc.array(fc.constantFrom(0, 1, 2, 3, 7, 8), { minLength: 1, maxLength: 10 });
    fc.assert(
      fc.property(richBody, plan, plan, (baseBody, mainPlan, crPlan) => {
        const spaceId = `s${++spaces}`;
        fc.pre(written(docs, spaceId, MAIN, baseBody));
        docs.forkBranch(branchDocPrefix(spaceId, MAIN), branchDocPrefix(spaceId, CR));
        const main = edited(baseBody, mainPlan, 'm');
        const changeRequest = edited(baseBody, crPlan, 'c');
        fc.pre(written(docs, spaceId, MAIN, main) && written(docs, spaceId, CR, changeRequest));
        const before = docs.stateVector(pageDoc(spaceId, MAIN, 'p'));
        const wrote = new Set([baseBody, main, changeRequest].flatMap(texts));
        if (merge(spaceId) > 0) {
          expect(docs.stateVector(pageDoc(spaceId, MAIN, 'p'))).toEqual(before);
          return;
        }
        for (const t of texts(readBody(docs.load(pageDoc(spaceId, MAIN, 'p'))))) expect(wrote).toContain(t);
      }),
      { numRuns: 200 },
    );
  }, 90_000);
});

/** The text of every text block, as written. */
function texts(node: PmNodeJson): string[] {
  const inline = (node.content ?? []).filter((child) => child.type === 'text');
  const own = inline.length > 0 ? [inline.map((child) => child.text).join('')] : [];
  return [...own, ...(node.content ?? []).filter((child) => child.type !== 'text').flatMap(texts)];
}
