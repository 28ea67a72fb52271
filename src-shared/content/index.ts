/** The page content model: one schema, three representations (ProseMirror/Yjs, the API `Document`, Markdown). */
export { pageSchema, HINT_STYLES, ALIGNMENTS, type HintStyle, type Alignment } from './schema.js';
export { newBlockId } from './ids.js';
export { parsePm, type PmNodeJson, type PmMarkJson } from './pm-json.js';
export type { ContentError, Result } from './result.js';
export { documentToPm } from './document-in.js';
export { pmToDocument, type DocumentJson, type DocumentBlockJson } from './document-out.js';
export { markdownToPm, type MarkdownPage } from './markdown-in.js';
export { pmToMarkdown } from './markdown-out.js';
export { hrefOf, refOf, type LinkRef } from './link-refs.js';
export { documentToMarkdown, markdownToDocument } from './document-markdown.js';
export type { PageMeta } from './front-matter.js';
export { reconcileIds } from './reconcile-ids.js';
export { BODY_FRAGMENT, writeBody, readBody, readBlock, blockIndex } from './yjs.js';
export { blockText, sections, sectionsOf, summarizeBlock, type BlockSummary, type Section } from './text.js';
