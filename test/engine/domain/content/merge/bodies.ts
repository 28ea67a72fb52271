import * as Y from 'yjs';
import type { PmNodeJson } from '../../../../../src-shared/content/pm-json.js';
import { writeBody } from '../../../../../src-shared/content/yjs.js';

/** A page body of paragraphs: block id → text, in order. */
export function paragraphs(blocks: Record<string, string>): PmNodeJson {
  return {
    type: 'doc',
    content: Object.entries(blocks).map(([id, text]) => ({
      type: 'paragraph',
      attrs: { id },
      content: text ? [{ type: 'text', text }] : [],
    })),
  };
}

/** Writes `blocks` over the doc's body, as an editor would: only what differs changes. */
export function writeParagraphs(doc: Y.Doc, blocks: Record<string, string>): void {
  const written = writeBody(doc, paragraphs(blocks));
  if (!written.ok) throw new Error(JSON.stringify(written.error));
}
