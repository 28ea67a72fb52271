import type { z } from 'zod';
import type { CommentBodyInput, DocumentFormat } from '../../../../src-shared/contract/comments.js';
import { documentToMarkdown, markdownToDocument, type ContentError } from '../../../../src-shared/content/index.js';
import { badRequest, type Failure } from '../../pipeline/failure.js';

/**
 * The Markdown a body is stored as. Markdown is kept as given; it must convert to a `Document`,
 * so that `format=document` can always answer it.
 */
export function storedMarkdown(input: z.infer<typeof CommentBodyInput>): string | Failure {
  if ('document' in input) {
    const markdown = documentToMarkdown(input.document);
    return markdown.ok ? markdown.value : invalid(markdown.error);
  }
  const markdown = 'markdown' in input ? input.markdown : '';
  const document = markdownToDocument(markdown);
  return document.ok ? markdown : invalid(document.error);
}

/** A stored body in the requested format (Markdown unless `document` is asked for). */
export function presentBody(markdown: string, format: z.infer<typeof DocumentFormat> | undefined) {
  if (format !== 'document') return { markdown };
  const converted = markdownToDocument(markdown);
  // storedMarkdown let only convertible bodies in.
  if (!converted.ok) throw new Error(`a stored comment body does not convert: ${converted.error.kind}`);
  return { document: converted.value.document };
}

function invalid(error: ContentError): Failure {
  const reason = 'message' in error ? error.message : 'a table row has more or fewer cells than the table has columns';
  return badRequest(`body.body: ${reason}`);
}
