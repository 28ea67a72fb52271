import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { anchorBlock, anchoredBlockId, resolveAnchor } from '../../../../src-main/engine/domain/content/comment-anchors.js';
import { writeBody, type PmNodeJson } from '../../../../src-shared/content/index.js';
import { paragraphs } from './merge/bodies.js';

function docOf(body: PmNodeJson): Y.Doc {
  const doc = new Y.Doc();
  write(doc, body);
  return doc;
}

function write(doc: Y.Doc, body: PmNodeJson): void {
  const written = writeBody(doc, body);
  if (!written.ok) throw new Error(JSON.stringify(written.error));
}

/** A copy holding the same Yjs items, as a change request's copy or a merge does. */
function replica(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  return copy;
}

/** A doc loaded as the store loads one: its whole history applied at once, deleted content collected. */
const reloaded = (doc: Y.Doc) => replica(doc);

const paragraph = (id: string) => ({ type: 'paragraph', attrs: { id }, content: [{ type: 'text', text: id }] });
const item = (id: string) => ({ type: 'list_item', attrs: { id }, content: [paragraph(`${id}p`)] });
const withList = (items: string[], after = ['end']): PmNodeJson => ({
  type: 'doc',
  content: [paragraph('top'), ...(items.length ? [{ type: 'bullet_list', attrs: { id: 'list' }, content: items.map(item) }] : []), ...after.map(paragraph)],
});

describe('anchorBlock', () => {
  it('anchors a block of the body, at any depth, and nothing else', () => {
    const doc = docOf(withList(['i1', 'i2']));
    expect(anchoredBlockId(doc, anchorBlock(doc, 'top')!)).toBe('top');
    expect(anchoredBlockId(doc, anchorBlock(doc, 'i2')!)).toBe('i2');
    expect(anchoredBlockId(doc, anchorBlock(doc, 'i2p')!)).toBe('i2p');
    expect(anchorBlock(doc, 'missing')).toBeUndefined();
  });

  it('resolves in a replica of the doc, by the same Yjs item', () => {
    const doc = docOf(paragraphs({ a: 'A', b: 'B' }));
    const anchor = anchorBlock(doc, 'b')!;
    const copy = replica(doc);
    write(copy, paragraphs({ x: 'X', a: 'A', b: 'B' }));
    expect(anchoredBlockId(copy, anchor)).toBe('b');
  });
});

describe('resolveAnchor', () => {
  it('finds a moved block by its id, and the next block once its block and what held it are deleted', () => {
    const doc = docOf(withList(['i1', 'i2', 'i3']));
    const onI2 = anchorBlock(doc, 'i2p')!;
    write(doc, withList(['i3', 'i1', 'i2']));
    expect(resolveAnchor(reloaded(doc), onI2, 'i2p')).toEqual({ node: 'i2p' });
    write(doc, withList(['i3', 'i1']));
    write(doc, withList([]));
    expect(resolveAnchor(reloaded(doc), onI2, 'i2p')).toEqual({ node: 'end' });
    write(doc, withList([], []));
    expect(resolveAnchor(reloaded(doc), onI2, 'i2p')).toEqual({ detached: true });
  });

  it('without an anchor, or with bytes that are none, finds the block by id or is detached', () => {
    const doc = docOf(paragraphs({ a: 'A' }));
    expect(resolveAnchor(doc, null, 'a')).toEqual({ node: 'a' });
    expect(resolveAnchor(doc, null, 'b')).toEqual({ detached: true });
    for (const bytes of [new Uint8Array([1, 200]), new Uint8Array([0xff, 0xff, 0xff, 0x0f]), new Uint8Array()]) {
      expect(resolveAnchor(doc, bytes, 'a')).toEqual({ node: 'a' });
      expect(resolveAnchor(doc, bytes, 'b')).toEqual({ detached: true });
    }
  });

  /**
   * Edits one at a time, as the editor binding makes them: a block inserted, deleted or retyped,
   * never the anchored one. Texts stay distinct and non-empty, so that each write's difference is
   * exact (y-prosemirror matches blocks by content, not by id: a write replacing one block with
   * another may reuse its Yjs element).
   */
  const edit = fc.oneof(
    fc.record({ kind: fc.constant('insert' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('delete' as const), at: fc.nat() }),
    fc.record({ kind: fc.constant('retype' as const), at: fc.nat() }),
  );

  it('follows its block through any edits around it, then sits on the block that followed it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 6 }), fc.array(edit, { maxLength: 12 }), (size, edits) => {
        let blocks: [string, string][] = Array.from({ length: size }, (_, i) => [`b${i}`, `text ${i}`]);
        const target = blocks[Math.floor(size / 2)]![0];
        const doc = docOf(paragraphs(Object.fromEntries(blocks)));
        const anchor = anchorBlock(doc, target)!;
        edits.forEach((change, n) => {
          const others = blocks.filter(([id]) => id !== target);
          if (change.kind === 'insert') blocks.splice(change.at % (blocks.length + 1), 0, [`new${n}`, `new ${n}`]);
          else if (others.length > 0) {
            const id = others[change.at % others.length]![0];
            if (change.kind === 'delete') blocks = blocks.filter(([other]) => other !== id);
            else blocks = blocks.map(([other, text]) => [other, other === id ? `${id} retyped ${n}` : text]);
          }
          write(doc, paragraphs(Object.fromEntries(blocks)));
        });
        expect(anchoredBlockId(reloaded(doc), anchor)).toBe(target);
        const next = blocks[blocks.findIndex(([id]) => id === target) + 1]?.[0];
        write(doc, paragraphs(Object.fromEntries(blocks.filter(([id]) => id !== target))));
        expect(resolveAnchor(reloaded(doc), anchor, target)).toEqual(next ? { node: next } : { detached: true });
      }),
    );
  });
});
