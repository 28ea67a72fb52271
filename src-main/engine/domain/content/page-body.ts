import type * as Y from 'yjs';
import {
  documentToPm, pmToDocument, pmToMarkdown, readBody, reconcileIds, writeBody,
  type ContentError, type DocumentJson, type PageMeta, type PmNodeJson, type Result,
} from '../../../../src-shared/content/index.js';
import { buildDoc } from '../../core/docs/updates.js';
import type { ReadMarkdown } from '../../core/pipeline/context.js';
import type { BuiltBody } from './built-body.js';

/** A page's document as the API takes it: Markdown (with front matter), a `Document`, or nothing (an empty page). */
export type PageDocument = { markdown: string } | { document: unknown } | Record<string, never>;

export interface ParsedPage {
  body: PmNodeJson;
  /** What Markdown's front matter said of the page. */
  meta: PageMeta;
  /** Markdown carries no block ids: the ids of blocks that did not change are taken from the page's current body. */
  fromMarkdown: boolean;
  /** The body as read, already written into a new doc off the event loop (built-body.ts). */
  built?: BuiltBody;
}

const EMPTY_BODY: PmNodeJson = { type: 'doc', content: [] };

/** A page's body read from its doc's rows as stored (`DocStore.updatesOf`): how work off the event loop reads a body the engine handed over. */
export function bodyFromRows(updates: readonly Uint8Array[]): PmNodeJson {
  return readBody(buildDoc(updates));
}

/** `readMarkdown`: the request's own reader (its texts were read ahead, off the event loop). */
export function parsePageDocument(input: PageDocument, readMarkdown: ReadMarkdown): Result<ParsedPage> {
  if ('markdown' in input) {
    const page = readMarkdown(input.markdown);
    return page.ok ? { ok: true, value: { ...page.value, fromMarkdown: true } } : page;
  }
  if ('document' in input) {
    const body = documentToPm(input.document);
    return body.ok ? { ok: true, value: { body: body.value, meta: {}, fromMarkdown: false } } : body;
  }
  return { ok: true, value: { body: EMPTY_BODY, meta: {}, fromMarkdown: false } };
}

/** Writes the body into the page's doc (y-prosemirror writes only the difference). */
export function writePageBody(doc: Y.Doc, page: ParsedPage): Result<void> {
  return writeBody(doc, page.fromMarkdown ? reconcileIds(readBody(doc), page.body) : page.body);
}

/** The body in the API's format: a `Document` (the default) or Markdown. */
export function presentPageBody(doc: Y.Doc, format: 'document' | 'markdown' | undefined): Result<{ document: DocumentJson } | { markdown: string }> {
  const body = readBody(doc);
  if (format === 'markdown') {
    const markdown = pmToMarkdown(body);
    return markdown.ok ? { ok: true, value: { markdown: markdown.value } } : markdown;
  }
  const document = pmToDocument(body);
  return document.ok ? { ok: true, value: { document: document.value } } : document;
}

export function describeContentError(error: ContentError): string {
  return 'message' in error ? error.message : 'a table row has more or fewer cells than the table has columns';
}
