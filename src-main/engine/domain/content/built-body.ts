import * as Y from 'yjs';
import type { MarkdownPage, Result } from '../../../../src-shared/content/index.js';
import { readBody } from '../../../../src-shared/content/index.js';
import { newDoc } from '../../core/docs/updates.js';
import { bodyFacts, type BodyFacts } from './body-text.js';
import type { MadeDoc } from './doc-edits.js';
import type { ReadPageExtras } from '../../core/pipeline/context.js';
import { writePageBody } from './page-body.js';

/**
 * A page body written into a new, empty doc where the Markdown was read (a worker thread): the
 * doc's whole update with its state vector (`MadeDoc`) and the facts its projection writes. A request that creates a page with
 * that body appends the bytes and writes the rows, instead of building the doc and reading every
 * block of it again on the event loop (for a 20-page import request, about half of its time).
 */
export interface BuiltBody extends MadeDoc {
  facts: BodyFacts;
}

declare module '../../core/pipeline/context.js' {
  interface ReadPageExtras {
    /** The body as a new page's doc would hold it; only for a page created with the body exactly as read. */
    built?: BuiltBody;
  }
}

/**
 * The body written as `insertPage` writes it into a new page's doc (`writePageBody` into an empty
 * copy), and its facts read back from that doc as the projector reads them; undefined when it
 * does not write (the request then meets the same refusal on the event loop).
 */
export function buildNewBody(page: MarkdownPage): BuiltBody | undefined {
  return buildBody((doc) => writePageBody(doc, { body: page.body, meta: page.meta, fromMarkdown: true }));
}

/** A body written into a new doc by `write` (Git Sync's import writes a new page's body as the layout read it). */
export function buildBody(write: (doc: Y.Doc) => Result<void>): BuiltBody | undefined {
  return writtenBody(newDoc(), write);
}

/** What `write` adds to `doc`: its update from the doc's state before, the state vector it reaches, and the facts the body then gives; undefined when it does not write. */
export function writtenBody(doc: Y.Doc, write: (doc: Y.Doc) => Result<void>): BuiltBody | undefined {
  const before = Y.encodeStateVector(doc);
  if (!write(doc).ok) return undefined;
  return { update: Y.encodeStateAsUpdate(doc, before), stateVector: Y.encodeStateVector(doc), facts: bodyFacts(readBody(doc)) };
}

/** A page read in a worker, with its body built for a new page. */
export function withBuiltBody(read: Result<MarkdownPage>): Result<MarkdownPage & ReadPageExtras> {
  if (!read.ok) return read;
  const built = buildNewBody(read.value);
  return built ? { ok: true, value: { ...read.value, built } } : read;
}
