import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { readPageTree } from '../../../../../src-main/engine/domain/content/merge/page-tree.js';
import { findCycle, repairTree } from '../../../../../src-main/engine/domain/content/merge/tree-repair.js';
import { PAGES } from '../../../../../src-main/engine/domain/content/merge/page-tree.js';
import { addPage, applied, branch, deletePage, descendants, parents, setField } from './trees.js';

/** Base: a and b at the root, c under a, d under c. */
function start() {
  const base = new Y.Doc();
  base.clientID = 1;
  addPage(base, 'a', { parent: null, position: 'a0' });
  addPage(base, 'b', { parent: null, position: 'a1' });
  addPage(base, 'c', { parent: 'a', position: 'a0' });
  addPage(base, 'd', { parent: 'c', position: 'a0' });
  return { base, ours: branch(base, 2), theirs: branch(base, 3) };
}

function merge(base: Y.Doc, ours: Y.Doc, theirs: Y.Doc) {
  const merged = applied(base, ours, theirs);
  const conflicts = repairTree(merged, readPageTree(ours), readPageTree(base));
  return { merged, conflicts };
}

describe('repairTree', () => {
  it('leaves a merged tree without cycles or orphans as it is', () => {
    const { base, ours, theirs } = start();
    setField(ours, 'c', 'parent', 'b');
    addPage(theirs, 'e', { parent: 'd' });
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(conflicts).toEqual([]);
    expect(parents(merged)).toEqual({ a: null, b: null, c: 'b', d: 'c', e: 'd' });
  });

  it("keeps main's parent and position for the page the change request moved into a cycle", () => {
    const { base, ours, theirs } = start();
    setField(ours, 'a', 'parent', 'b');
    theirs.transact(() => {
      setField(theirs, 'b', 'parent', 'd');
      setField(theirs, 'b', 'position', 'a5');
    });
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(findCycle(merged.getMap(PAGES))).toBeUndefined();
    expect(conflicts).toEqual([{ kind: 'cycle', pageId: 'b' }]);
    expect(parents(merged)).toEqual({ a: 'b', b: null, c: 'a', d: 'c' });
    expect(merged.getMap<Y.Map<unknown>>(PAGES).get('b')!.get('position')).toBe('a1');
  });

  it('moves a page added under a page the other side deleted to the nearest ancestor left', () => {
    const { base, ours, theirs } = start();
    deletePage(ours, 'c');
    addPage(theirs, 'e', { parent: 'd' });
    const { merged, conflicts } = merge(base, ours, theirs);
    expect(conflicts).toEqual([{ kind: 'orphan', pageId: 'e' }]);
    expect(parents(merged)).toEqual({ a: null, b: null, e: 'a' });
  });
});

type Op =
  | { kind: 'add'; at: number }
  | { kind: 'move'; page: number; to: number }
  | { kind: 'delete'; page: number }
  | { kind: 'retitle'; page: number; title: string };

const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('add' as const), at: fc.nat() }),
  fc.record({ kind: fc.constant('move' as const), page: fc.nat(), to: fc.nat() }),
  fc.record({ kind: fc.constant('delete' as const), page: fc.nat() }),
  fc.record({ kind: fc.constant('retitle' as const), page: fc.nat(), title: fc.constantFrom('x', 'y') }),
);

/** Applies edits a single writer could make: each keeps its own tree a tree. */
function edit(doc: Y.Doc, ops: Op[], prefix: string): void {
  let added = 0;
  for (const o of ops) {
    const ids = [...doc.getMap(PAGES).keys()].sort();
    const pick = (n: number) => (ids.length === 0 ? null : ids[n % (ids.length + 1)] ?? null);
    if (o.kind === 'add') addPage(doc, `${prefix}${added++}`, { parent: pick(o.at) });
    if (ids.length === 0) continue;
    const page = ids[('page' in o ? o.page : 0) % ids.length]!;
    if (o.kind === 'delete') deletePage(doc, page);
    if (o.kind === 'retitle') setField(doc, page, 'title', o.title);
    if (o.kind === 'move') {
      const to = pick(o.to);
      if (to !== page && !descendants(doc, page).includes(to ?? '')) setField(doc, page, 'parent', to);
    }
  }
}

describe('repairTree on generated edits of both sides', () => {
  it('always answers a tree holding every page neither side deleted', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), fc.array(op, { maxLength: 12 }), fc.array(op, { maxLength: 12 }), (start, mine, theirs) => {
        const base = new Y.Doc();
        base.clientID = 1;
        edit(base, start.map((o) => ({ ...o, kind: o.kind === 'delete' ? 'add' : o.kind }) as Op), 'p');
        const ours = branch(base, 2);
        const other = branch(base, 3);
        edit(ours, mine, 'm');
        edit(other, theirs, 't');
        const { merged } = merge(base, ours, other);
        const pages = merged.getMap<Y.Map<unknown>>(PAGES);
        expect(findCycle(pages)).toBeUndefined();
        for (const page of pages.values()) {
          const parent = page.get('parent') as string | null;
          expect(parent === null || pages.has(parent)).toBe(true);
        }
        const deleted = [...base.getMap(PAGES).keys()].filter((id) => !ours.getMap(PAGES).has(id) || !other.getMap(PAGES).has(id));
        const kept = new Set([...ours.getMap(PAGES).keys(), ...other.getMap(PAGES).keys()].filter((id) => !deleted.includes(id)));
        expect(new Set(pages.keys())).toEqual(kept);
      }),
      { numRuns: 300 },
    );
  });

  it('changes nothing of main when the change request changed nothing', () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 8 }), fc.array(op, { maxLength: 12 }), (start, mine) => {
        const base = new Y.Doc();
        base.clientID = 1;
        edit(base, start, 'p');
        const ours = branch(base, 2);
        edit(ours, mine, 'm');
        const { merged, conflicts } = merge(base, ours, branch(base, 3));
        expect(conflicts).toEqual([]);
        expect(merged.getMap(PAGES).toJSON()).toEqual(ours.getMap(PAGES).toJSON());
      }),
    );
  });
});
