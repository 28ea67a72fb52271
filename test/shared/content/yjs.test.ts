import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { blockIndex, BODY_FRAGMENT, readBody, writeBody } from '../../../src-shared/content/yjs.js';
import { body } from './arbitraries.js';
import { canonical, EXAMPLES, value } from './examples.js';

describe('the body in a Y.Doc', () => {
  it.each(Object.entries(EXAMPLES))('reads back what was written: %s', (_name, pm) => {
    const doc = new Y.Doc();
    value(writeBody(doc, pm));
    expect(readBody(doc)).toEqual(canonical(pm));
  });

  it('reads back generated bodies, each written over the one before, in one transaction per write', () => {
    const doc = new Y.Doc();
    let transactions = 0;
    doc.on('afterTransaction', () => transactions++);
    fc.assert(
      fc.property(body, (pm) => {
        const before = transactions;
        value(writeBody(doc, pm));
        expect(transactions - before).toBeLessThanOrEqual(1);
        expect(readBody(doc)).toEqual(canonical(pm));
      }),
      { numRuns: 150 },
    );
  });

  it('travels to another replica as a Yjs update', () => {
    const doc = new Y.Doc();
    value(writeBody(doc, EXAMPLES.table!));
    const replica = new Y.Doc();
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc));
    expect(readBody(replica)).toEqual(canonical(EXAMPLES.table!));
    expect(doc.getXmlFragment(BODY_FRAGMENT).length).toBe(1);
  });

  it('refuses a body that does not fit the schema and leaves the doc as it was', () => {
    const doc = new Y.Doc();
    value(writeBody(doc, EXAMPLES.paragraph!));
    expect(writeBody(doc, { type: 'doc', content: [{ type: 'table_row', attrs: { id: 'r' } }] })).toMatchObject({ ok: false, error: { kind: 'invalid-pm' } });
    expect(readBody(doc)).toEqual(canonical(EXAMPLES.paragraph!));
  });
});

describe('blockIndex', () => {
  const t = (text: string) => ({ type: 'text', text });
  const item = (id: string, pid: string, text: string) => ({ type: 'list_item', attrs: { id }, content: [{ type: 'paragraph', attrs: { id: pid }, content: [t(text)] }] });
  const page = (second: string, order: 'ab' | 'ba' = 'ab') => ({
    type: 'doc',
    content: [
      { type: 'heading', attrs: { id: 'h', level: 1 }, content: [t('Title')] },
      { type: 'bullet_list', attrs: { id: 'l' }, content: order === 'ab' ? [item('a', 'pa', 'first'), item('b', 'pb', second)] : [item('b', 'pb', second), item('a', 'pa', 'first')] },
    ],
  });
  const index = (pm: Parameters<typeof writeBody>[1]) => {
    const doc = new Y.Doc();
    value(writeBody(doc, pm));
    return blockIndex(doc);
  };

  it('has every block id', () => {
    expect([...index(page('second')).keys()].sort()).toEqual(['a', 'b', 'h', 'l', 'pa', 'pb']);
  });

  it('changes only the hash of the block edited', () => {
    const before = index(page('second'));
    const after = index(page('second, edited'));
    expect([...before.keys()].filter((id) => before.get(id) !== after.get(id))).toEqual(['pb']);
  });

  it('changes the container’s hash when its children move, not the children’s', () => {
    const before = index(page('second'));
    const after = index(page('second', 'ba'));
    expect([...before.keys()].filter((id) => before.get(id) !== after.get(id))).toEqual(['l']);
  });

  it('is the same on every replica and every read', () => {
    expect(index(page('second'))).toEqual(index(page('second')));
  });
});
