import fc from 'fast-check';
import * as Y from 'yjs';
import { BODY_FRAGMENT, writeBody } from '../../../../src-shared/content/index.js';
import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import { body } from '../../../shared/content/arbitraries.js';

/**
 * Edits of a page body as writers make them: keystrokes inside blocks (some linked), erasures, a
 * block's id changed, the whole body rewritten (y-prosemirror writes the difference: blocks added,
 * removed, moved, retyped), each made here or on another replica and received as an update.
 */
export type Step =
  | { kind: 'replace'; body: PmNodeJson }
  | { kind: 'type'; block: number; at: number; text: string; href: string | undefined }
  | { kind: 'erase'; block: number; at: number; length: number }
  | { kind: 'retag'; block: number; id: string }
  | { kind: 'remote'; step: Step };

/** Words a writer types, rare enough to be searched for. */
export const WORDS = ['quokka', 'zebu', 'ibex'];

/** Edits whose rewrites write any of `bodies`. */
export function steps(bodies: fc.Arbitrary<PmNodeJson>): fc.Arbitrary<Step> {
  const typed = fc.oneof(fc.string({ unit: fc.constantFrom(...'ab #\n'), minLength: 1, maxLength: 4 }), fc.constantFrom(...WORDS.map((word) => ` ${word} `)));
  const href = fc.option(fc.constantFrom('https://folio.example/a', '/b'), { nil: undefined });
  const local: fc.Arbitrary<Step> = fc.oneof(
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('replace' as const), body: bodies }) },
    { weight: 4, arbitrary: fc.record({ kind: fc.constant('type' as const), block: fc.nat(), at: fc.nat(), text: typed, href }) },
    { weight: 2, arbitrary: fc.record({ kind: fc.constant('erase' as const), block: fc.nat(), at: fc.nat(), length: fc.integer({ min: 1, max: 3 }) }) },
    { weight: 1, arbitrary: fc.record({ kind: fc.constant('retag' as const), block: fc.nat(), id: fc.constantFrom('x1', 'x2') }) },
  );
  return fc.oneof({ weight: 3, arbitrary: local }, { weight: 1, arbitrary: local.map((inner) => ({ kind: 'remote' as const, step: inner })) });
}

/** Edits whose rewrites write any body the schema allows. */
export const step = steps(body);

/** The first text inside a top-level block, where a writer types. */
export function textIn(type: Y.XmlElement): Y.XmlText | undefined {
  for (const child of type.toArray()) {
    if (child instanceof Y.XmlText) return child;
    const inner = child instanceof Y.XmlElement ? textIn(child) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

export function apply(doc: Y.Doc, step: Step): void {
  if (step.kind === 'remote') {
    const other = new Y.Doc();
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc));
    const before = Y.encodeStateVector(other);
    apply(other, step.step);
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, before));
    return;
  }
  if (step.kind === 'replace') {
    writeBody(doc, step.body);
    return;
  }
  const blocks = doc.getXmlFragment(BODY_FRAGMENT).toArray().filter((block): block is Y.XmlElement => block instanceof Y.XmlElement);
  if (blocks.length === 0) return;
  const block = blocks[step.block % blocks.length]!;
  if (step.kind === 'retag') {
    block.setAttribute('id', step.id);
    return;
  }
  const text = textIn(block);
  if (!text) return;
  const at = step.at % (text.length + 1);
  if (step.kind === 'type') text.insert(at, step.text, step.href ? { link: { href: step.href } } : {});
  else text.delete(at, Math.min(step.length, text.length - at));
}
