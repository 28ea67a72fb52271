import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { snapshotOf } from '../../../../../src-main/engine/core/docs/fork.js';
import { compareBodies, type PageBodySides } from '../../../../../src-main/engine/domain/content/merge/own-changes.js';
import { writeParagraphs } from './bodies.js';

/** A page's sides as `readOwnChanges` reads them: the copy it started from, and the head's rows written since. */
function sides(base: Record<string, string> | undefined, edits: Record<string, string>[], show: PageBodySides['show'] = 'if-changed'): PageBodySides {
  const doc = new Y.Doc();
  if (base) writeParagraphs(doc, base);
  const baseUpdate = Y.encodeStateAsUpdate(doc);
  const rows = [baseUpdate];
  for (const edit of edits) {
    const before = Y.encodeStateVector(doc);
    writeParagraphs(doc, edit);
    rows.push(Y.encodeStateAsUpdate(doc, before));
  }
  const fork = base ? { baseUpdate, stateVector: Y.encodeStateVectorFromUpdate(baseUpdate), snapshot: Y.encodeSnapshot(snapshotOf(baseUpdate)) } : undefined;
  return { pageId: 'p1', head: rows, ...(fork ? { fork } : {}), written: true, show };
}

const texts = (document: unknown) => JSON.stringify(document).match(/"text":"([^"]*)"/g);

describe("a change request's page bodies, compared in a worker", () => {
  it('show both sides of a body that changed, as Documents or as hashes', () => {
    const page = sides({ a: 'First.', b: 'Second.' }, [{ a: 'First, better.', b: 'Second.' }]);
    const [shown] = compareBodies([page], 'document');
    expect(shown!.bodyChanged).toBe(true);
    expect(texts(shown!.before!.document)).toEqual(['"text":"First."', '"text":"Second."']);
    expect(texts(shown!.after!.document)).toEqual(['"text":"First, better."', '"text":"Second."']);
    const [hashed] = compareBodies([page], 'hash');
    expect(hashed!.before!.hash).toMatch(/\w/);
    expect(hashed!.after!.hash).not.toBe(hashed!.before!.hash);
  });

  it('count a word typed and taken back as no change, and show nothing of it', () => {
    const [shown] = compareBodies([sides({ a: 'First.' }, [{ a: 'First, oops.' }, { a: 'First.' }])], 'document');
    expect(shown).toEqual({ pageId: 'p1', bodyChanged: false });
  });

  it('show a created page (no copy) and a deleted one (no head) whatever changed', () => {
    const created = sides(undefined, [{ a: 'New page.' }], 'always');
    const deleted = { ...sides({ a: 'Gone.' }, []), pageId: 'p2', head: null, written: false, show: 'always' as const };
    const [made, gone] = compareBodies([created, deleted], 'document');
    expect(made).toMatchObject({ bodyChanged: true, after: { document: expect.anything() } });
    expect(made!.before).toBeUndefined();
    expect(gone!.bodyChanged).toBe(false);
    expect(texts(gone!.before!.document)).toEqual(['"text":"Gone."']);
    expect(gone!.after).toBeUndefined();
  });
});
