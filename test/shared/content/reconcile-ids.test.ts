import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { markdownToPm } from '../../../src-shared/content/markdown-in.js';
import { pmToMarkdown } from '../../../src-shared/content/markdown-out.js';
import type { PmNodeJson } from '../../../src-shared/content/pm-json.js';
import { reconcileIds } from '../../../src-shared/content/reconcile-ids.js';
import { body } from './arbitraries.js';
import { value, withoutIds } from './examples.js';

const fromMd = (markdown: string) => value(markdownToPm(markdown)).body;
const ids = (pm: PmNodeJson): string[] => (pm.content ?? []).flatMap((node) => (node.attrs?.id ? [node.attrs.id as string, ...ids(node)] : ids(node)));
/** Block id by the text of its first text, for blocks that have text. */
const idsByText = (pm: PmNodeJson): Record<string, string> =>
  Object.fromEntries(
    (pm.content ?? []).flatMap((node): [string, string][] => [
      ...(node.content?.[0]?.type === 'text' ? [[`${node.type}:${node.content[0].text}`, node.attrs!.id as string] as [string, string]] : []),
      ...Object.entries(idsByText(node)),
    ]),
  );

const BEFORE = '# Guide\n\nIntro text.\n\n- one\n- two\n\nClosing words.\n';

describe('reconcileIds', () => {
  it('reconciles bodies nested to the limit (each level once doubled the escaping of all below it)', () => {
    // 15 lists and their items around a paragraph: 31 blocks deep, within MAX_BLOCK_DEPTH.
    const deep = `${'- '.repeat(15)}deep\n`;
    const previous = fromMd(deep);
    expect(reconcileIds(previous, fromMd(deep))).toEqual(previous);
  });

  it('keeps every id when the Markdown did not change', () => {
    const previous = fromMd(BEFORE);
    const next = reconcileIds(previous, fromMd(BEFORE));
    expect(next).toEqual(previous);
  });

  it('keeps the ids of unchanged blocks and of the block edited in place', () => {
    const previous = fromMd(BEFORE);
    const next = reconcileIds(previous, fromMd('# Guide\n\nIntro text, edited.\n\n- one\n- two\n\nClosing words.\n'));
    expect(ids(next)).toEqual(ids(previous));
    expect(withoutIds(next)).toEqual(withoutIds(fromMd('# Guide\n\nIntro text, edited.\n\n- one\n- two\n\nClosing words.\n')));
  });

  it('keeps the ids of moved blocks, and gives inserted blocks their own', () => {
    const before = fromMd(BEFORE);
    const previous = idsByText(before);
    const next = reconcileIds(before, fromMd('# Guide\n\nClosing words.\n\nNew paragraph.\n\n- one\n- two\n\nIntro text.\n'));
    const after = idsByText(next);
    for (const key of ['heading:Guide', 'paragraph:Intro text.', 'paragraph:Closing words.', 'paragraph:one', 'paragraph:two']) expect(after[key]).toBe(previous[key]);
    expect(Object.values(previous)).not.toContain(after['paragraph:New paragraph.']);
    expect(new Set(ids(next)).size).toBe(ids(next).length);
  });

  it('does not hand a deleted block’s id to a block of another type', () => {
    const previous = fromMd('Para one.\n\nPara two.\n');
    const next = reconcileIds(previous, fromMd('Para one.\n\n## A heading now\n'));
    expect(ids(next)[0]).toBe(ids(previous)[0]);
    expect(ids(previous)).not.toContain(ids(next)[1]);
  });

  it('keeps every id of a generated body through Markdown and back, and ids stay unique', () => {
    fc.assert(
      fc.property(body, (pm) => {
        const next = reconcileIds(pm, fromMd(value(pmToMarkdown(pm))));
        expect(ids(next)).toEqual(ids(pm));
      }),
      { numRuns: 150 },
    );
  });
});
