import type { z } from 'zod';
import type { CommentBodyInput, DocumentFormat } from '../../../../src-shared/contract/comments.js';
import { documentToMarkdown, markdownToDocument, pmToDocument, type ContentError } from '../../../../src-shared/content/index.js';
import type { ReadMarkdown } from '../../content/markdown-reader.js';
import { describeContentError } from '../../content/page-body.js';
import { badRequest, type Failure } from '../../pipeline/failure.js';

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
  return document.ok ? markdown : invalid(document.error, 'body.body.markdown');
}

/** A stored body in the requested format (Markdown unless `document` is asked for). */
export function presentBody(markdown: string, format: z.infer<typeof DocumentFormat> | undefined) {
  if (format !== 'document') return { markdown };
  const converted = markdownToDocument(markdown);
  // storedMarkdown let only convertible bodies in.
  if (!converted.ok) throw new Error(`a stored comment body does not convert: ${converted.error.kind}`);
  return { document: converted.value.document };
}

function invalid(error: ContentError, field: string): Failure {
  return badRequest(`${field}: ${describeContentError(error)}`);
}
