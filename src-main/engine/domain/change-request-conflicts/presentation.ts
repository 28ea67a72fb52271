import { pmToDocument, pmToMarkdown, type DocumentJson } from '../../../../src-shared/content/index.js';
import type { ConflictSide } from '../content/merge/conflicts.js';

/** A side as stored: with its Markdown and Document written once, when the conflict is recorded. */
export type StoredSide = ConflictSide & { markdown?: string; document?: DocumentJson };

const EMPTY_DOCUMENT: DocumentJson = { object: 'document', data: {}, nodes: [] };

/**
 * A side as the API gives it: Markdown and Document of the body holding it, and a field's value.
 * Converting to Markdown costs most of a listing, so the stored side carries both.
 */
export function presented(side: StoredSide): { markdown: string; document: DocumentJson; value?: unknown } {
  const markdown = side.markdown ?? orElse(pmToMarkdown(side.body), '');
  const document = side.document ?? orElse(pmToDocument(side.body), EMPTY_DOCUMENT);
  return { markdown, document, ...(side.value !== undefined ? { value: side.value } : {}) };
}

/** The side to store: as recorded, with what the API gives of it. */
export function toStore(side: ConflictSide): StoredSide {
  return { ...side, ...presented(side) };
}

function orElse<T>(result: { ok: true; value: T } | { ok: false }, fallback: T): T {
  return result.ok ? result.value : fallback;
}
