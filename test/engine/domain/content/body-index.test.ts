import fc from 'fast-check';
import * as Y from 'yjs';
import { describe, expect, it } from 'vitest';
import { BodyIndex } from '../../../../src-main/engine/domain/content/body-index.js';
import { prereadBlocks } from '../../../../src-main/engine/domain/content/body-preread.js';
import { bodyFacts } from '../../../../src-main/engine/domain/content/body-text.js';
import { BODY_FRAGMENT, readBody, writeBody } from '../../../../src-shared/content/index.js';
import { body } from '../../../shared/content/arbitraries.js';
import { apply, step, textIn } from './body-edits.js';

/**
 * A live edit's projection reads only the blocks the edit touched (BodyIndex). Whatever the edits
 * (body-edits.ts), its facts must be those of the whole body read again.
 */

describe('BodyIndex', () => {
  it('answers the facts of the whole body read again, after any edits', () => {
    fc.assert(
      fc.property(body, fc.array(fc.record({ step, check: fc.boolean() }), { minLength: 1, maxLength: 12 }), (initial, steps) => {
        const doc = new Y.Doc();
        writeBody(doc, initial);
        const index = new BodyIndex(doc);
        expect(index.body()).toEqual(bodyFacts(readBody(doc)));
        for (const { step, check } of steps) {
          apply(doc, step);
          if (check) expect(index.body()).toEqual(bodyFacts(readBody(doc)));
        }
        expect(index.body()).toEqual(bodyFacts(readBody(doc)));
      }),
      { numRuns: 150 },
    );
  });

  it('reads the blocks ahead in slices between edits, taking those a worker read from the doc’s rows while unchanged, and still answers the facts of the whole body', () => {
    fc.assert(
      fc.property(body, fc.array(fc.record({ step, slices: fc.nat(3) }), { minLength: 1, maxLength: 12 }), fc.boolean(), (initial, steps, preread) => {
        const written = new Y.Doc();
        writeBody(written, initial);
        const rows = [Y.encodeStateAsUpdate(written)];
        // The engine's doc and the worker's, each built from the same rows.
        const doc = new Y.Doc();
        Y.applyUpdate(doc, rows[0]!);
        const index = new BodyIndex(doc);
        if (preread) index.usePreread(prereadBlocks(rows));
        // A budget of 0 ms reads about one block a slice: edits land between any two blocks read.
        for (const { step, slices } of steps) {
          for (let i = 0; i < slices; i++) index.readAhead(0);
          apply(doc, step);
        }
        while (!index.readAhead(0));
        expect(index.body()).toEqual(bodyFacts(readBody(doc)));
        apply(doc, steps[0]!.step);
        expect(index.body()).toEqual(bodyFacts(readBody(doc)));
      }),
      { numRuns: 300 },
    );
  });

  it('finishes a large body a part at a time (links gathered, runs cut) as it reads ahead, edits landing between any two parts', () => {
    // 700 blocks in 35 runs: the last slices gather links 500 blocks at a time, then cut a run each.
    const large = new Y.Doc();
    writeBody(large, {
      type: 'doc',
      content: Array.from({ length: 700 }, (_, i) =>
        i % 20 === 0
          ? { type: 'heading', attrs: { level: 2, id: `h${i}` }, content: [{ type: 'text', text: `Section ${i}` }] }
          : { type: 'paragraph', content: [{ type: 'text', text: `Para ${i}`, marks: [{ type: 'link', attrs: { href: `https://folio.example/${i % 30}` } }] }] },
      ),
    });
    const state = Y.encodeStateAsUpdate(large);
    fc.assert(
      fc.property(fc.nat(60), fc.array(fc.record({ step, slices: fc.nat(30) }), { minLength: 1, maxLength: 5 }), (lead, steps) => {
        const doc = new Y.Doc();
        Y.applyUpdate(doc, state);
        const index = new BodyIndex(doc);
        // A budget of 0 ms reads one block a call: the blocks take 700 calls, then the last parts begin.
        for (let i = 0; i < 680 + lead; i++) index.readAhead(0);
        for (const { step, slices } of steps) {
          apply(doc, step);
          for (let i = 0; i < slices; i++) index.readAhead(0);
        }
        while (!index.readAhead(0));
        expect(index.body()).toEqual(bodyFacts(readBody(doc)));
      }),
      { numRuns: 25 },
    );
  });

  it('keeps the sections an edit did not reach as they were', () => {
    const doc = new Y.Doc();
    const blocks = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'paragraph', content: [{ type: 'text', text: `Para ${i}` }] }));
    writeBody(doc, {
      type: 'doc',
      content: [0, 1, 2].flatMap((s) => [{ type: 'heading', attrs: { level: 2, id: `h${s}` }, content: [{ type: 'text', text: `Section ${s}` }] }, ...blocks(3)]),
    });
    const index = new BodyIndex(doc);
    const before = index.body();
    textIn(doc.getXmlFragment(BODY_FRAGMENT).get(5) as Y.XmlElement)!.insert(0, 'x');
    const after = index.body();
    expect(after.sections[1]!.body).toContain('xPara 0');
    expect(after.sections[0]).toBe(before.sections[0]);
    expect(after.sections[2]).toBe(before.sections[2]);
    expect(after.hash).not.toBe(before.hash);
    expect(after).toEqual(bodyFacts(readBody(doc)));
  });
});
