import type { z } from 'zod';
import type { CommentBodyInput, DocumentFormat } from '../../../../src-shared/contract/comments.js';
import { documentToMarkdown, markdownToDocument, pmToDocument, type ContentError, type DocumentJson, type Result } from '../../../../src-shared/content/index.js';
import type { ReadMarkdown } from '../../core/pipeline/context.js';
import { describeContentError } from '../content/page-body.js';
import { badRequest, type Failure } from '../../core/pipeline/failure.js';

/**
 * The Markdown a body is stored as. Markdown is kept as given; it must convert to a `Document`,
 * so that `format=document` can always answer it.
 */
export function storedMarkdown(input: z.infer<typeof CommentBodyInput>, readMarkdown: ReadMarkdown): string | Failure {
  if ('document' in input) {
    const markdown = documentToMarkdown(input.document);
    return markdown.ok ? markdown.value : invalid(markdown.error, 'body.body.document');
  }
  const markdown = 'markdown' in input ? input.markdown : '';
  const page = readMarkdown(markdown);
  const document = page.ok ? pmToDocument(page.value.body) : page;
  if (!document.ok) return invalid(document.error, 'body.body.markdown');
  bodyDocuments.remember(markdown, document);
  return markdown;
}

/**
 * A stored body in the requested format (Markdown unless `document` is asked for). Only bodies
 * that convert are stored; one stored before today's limits that no longer converts is answered
 * as its Markdown rather than not at all.
 */
export function presentBody(markdown: string, format: z.infer<typeof DocumentFormat> | undefined) {
  if (format !== 'document') return { markdown };
  const converted = bodyDocument(markdown);
  return converted.ok ? { document: converted.value } : { markdown };
}

/** A stored body as a `Document`, or why it does not convert. */
export function bodyDocument(markdown: string): Result<DocumentJson> {
  return bodyDocuments.read(markdown);
}

/**
 * Stored bodies as `Document`s, remembered by their text (the most recently used, up to 16 Mi
 * characters of Markdown): answering comments as documents, and projecting a thread at each of
 * its writes, would otherwise parse every post's Markdown each time, on the event loop. A body
 * posted through the API is remembered from the parse its request made in the Markdown reader's
 * threads. A pure function's results: remembering them changes no answer.
 */
class BodyDocuments {
  private readonly known = new Map<string, Result<DocumentJson>>();
  private characters = 0;

  constructor(private readonly maxCharacters: number) {}

  read(markdown: string): Result<DocumentJson> {
    const known = this.known.get(markdown);
    if (known) {
      // Most recently used last: the first entries are the ones to forget.
      this.known.delete(markdown);
      this.known.set(markdown, known);
      return known;
    }
    const converted = markdownToDocument(markdown);
    const document: Result<DocumentJson> = converted.ok ? { ok: true, value: converted.value.document } : converted;
    this.remember(markdown, document);
    return document;
  }

  remember(markdown: string, document: Result<DocumentJson>): void {
    if (markdown.length > this.maxCharacters || this.known.has(markdown)) return;
    this.known.set(markdown, document);
    this.characters += markdown.length;
    for (const [text] of this.known) {
      if (this.characters <= this.maxCharacters) break;
      this.known.delete(text);
      this.characters -= text.length;
    }
  }
}

const bodyDocuments = new BodyDocuments(16 * 1024 * 1024);

function invalid(error: ContentError, field: string): Failure {
  return badRequest(`${field}: ${describeContentError(error)}`);
}
