import { z } from 'zod';
import { ALIGNMENTS, HINT_STYLES, SIMPLE_MARKS } from './schema.js';

/**
 * The `Document` shapes of the blocks this model represents, as the hosted service's OpenAPI
 * description gives them (`DocumentBlock*`, `DocumentText`, `DocumentMark*`, …). They are strict:
 * a block with a field they do not name (an icon on a hint, a width on an image) is not one the
 * model can carry, and is kept whole as an opaque block instead of losing that field. Children of
 * container blocks are checked one by one when they are converted, so they are `unknown` here.
 * Fixed flags (`isVoid`) and empty `data` are optional on the way in and always written out.
 */

const keyed = <T extends string>(type: T) => ({ object: z.literal('block'), key: z.string().optional(), type: z.literal(type) });
const notVoid = { isVoid: z.literal(false).optional() };
const isVoid = { isVoid: z.literal(true) };
const noData = z.strictObject({});
const children = z.array(z.unknown());

const DocMark = z.strictObject({ object: z.literal('mark'), type: z.enum(SIMPLE_MARKS) });
const DocLeaf = z.strictObject({ object: z.literal('leaf'), text: z.string(), marks: z.array(DocMark) });
export const DocText = z.strictObject({ object: z.literal('text'), key: z.string().optional(), leaves: z.array(DocLeaf) });
const PlainText = DocText.extend({ leaves: z.array(DocLeaf.extend({ marks: z.tuple([]) })) });
const UrlRef = z.strictObject({ kind: z.literal('url'), url: z.string() });
const FileRef = z.strictObject({ kind: z.literal('file'), file: z.string() });
/** What a link may point at: an address, or a page, an anchor or a file of the content (`link-refs.ts`). */
const LinkRef = z.discriminatedUnion('kind', [
  UrlRef,
  z.strictObject({ kind: z.literal('page'), page: z.string() }),
  z.strictObject({ kind: z.literal('anchor'), anchor: z.string(), page: z.string().optional() }),
  FileRef,
]);
export const DocLink = z.strictObject({
  object: z.literal('inline'),
  type: z.literal('link'),
  key: z.string().optional(),
  ...notVoid,
  data: z.strictObject({ ref: LinkRef }),
  nodes: z.array(DocText),
});
export const DocInline = z.discriminatedUnion('object', [DocText, DocLink]);

export const DocParagraph = z.strictObject({ ...keyed('paragraph'), ...notVoid, data: noData.optional(), nodes: z.array(DocInline) });
export const DocHeading = z.strictObject({
  object: z.literal('block'),
  key: z.string().optional(),
  type: z.enum(['heading-1', 'heading-2', 'heading-3']),
  ...notVoid,
  data: noData.optional(),
  // The service computes `meta.id` (the heading's URL anchor) from the text; it is not content.
  meta: z.unknown().optional(),
  nodes: z.array(DocInline),
});
export const DocListItem = z.strictObject({
  ...keyed('list-item'),
  ...notVoid,
  data: z.strictObject({ checked: z.boolean().optional() }).optional(),
  nodes: children,
});
export const DocListUnordered = z.strictObject({ ...keyed('list-unordered'), ...notVoid, data: noData.optional(), nodes: children });
export const DocListTasks = z.strictObject({ ...keyed('list-tasks'), ...notVoid, data: noData.optional(), nodes: children });
export const DocListOrdered = z.strictObject({
  ...keyed('list-ordered'),
  ...notVoid,
  data: z.strictObject({ start: z.number().int().min(0).optional() }).optional(),
  nodes: children,
});
const DocCodeLine = z.strictObject({ ...keyed('code-line'), ...notVoid, data: noData.optional(), nodes: z.array(PlainText) });
export const DocCode = z.strictObject({
  ...keyed('code'),
  ...notVoid,
  data: z.strictObject({ syntax: z.string().optional() }).optional(),
  nodes: z.array(DocCodeLine).min(1),
});
export const DocQuote = z.strictObject({ ...keyed('blockquote'), ...notVoid, data: noData.optional(), nodes: children });
export const DocHint = z.strictObject({ ...keyed('hint'), ...notVoid, data: z.strictObject({ style: z.enum(HINT_STYLES) }), nodes: children });
export const DocDivider = z.strictObject({ ...keyed('divider'), ...isVoid, data: noData.optional() });

const CaptionParagraph = DocParagraph.extend({ nodes: z.array(PlainText) });
/** Images and files carry a plain-text caption as a `caption` fragment holding one paragraph. */
const DocCaption = z.strictObject({
  object: z.literal('fragment'),
  key: z.string().optional(),
  fragment: z.literal('caption'),
  nodes: z.tuple([CaptionParagraph]),
});
const DocImage = z.strictObject({
  ...keyed('image'),
  ...isVoid,
  data: z.strictObject({ ref: z.discriminatedUnion('kind', [UrlRef, FileRef]), alt: z.string().optional() }),
  fragments: z.array(DocCaption).max(1),
});
/** One image is an `images` block holding one `image`; galleries of several stay opaque. */
export const DocImages = z.strictObject({ ...keyed('images'), isVoid: z.literal(false), data: noData, nodes: z.tuple([DocImage]) });
export const DocFile = z.strictObject({
  ...keyed('file'),
  ...isVoid,
  data: z.strictObject({ ref: FileRef }),
  fragments: z.array(DocCaption).max(1).optional(),
});

/** A table of text columns: a record's value in a column names the fragment holding that cell's paragraph. */
export const DocTableCell = z.strictObject({
  object: z.literal('fragment'),
  key: z.string().optional(),
  fragment: z.string(),
  nodes: z.tuple([DocParagraph]),
});
const DocColumn = z.strictObject({ id: z.string(), title: z.string(), type: z.literal('text'), textAlignment: z.enum(ALIGNMENTS) });
const DocRecord = z.strictObject({ orderIndex: z.string(), values: z.record(z.string(), z.string()) });
export const DocTable = z.strictObject({
  ...keyed('table'),
  ...isVoid,
  data: z.strictObject({
    view: z.strictObject({ type: z.literal('grid'), columns: z.array(z.string()).min(1), hideHeader: z.literal(false) }),
    records: z.record(z.string(), DocRecord),
    definition: z.record(z.string(), DocColumn),
  }),
  fragments: z.array(DocTableCell),
});

/** An expandable: its title (one plain paragraph) and its body, as the two fragments 0.146.0 names. */
const fragmentOf = <T extends string>(name: T) => ({ object: z.literal('fragment'), key: z.string().optional(), fragment: z.literal(name), type: z.literal(name) });
export const DocExpandable = z.strictObject({
  ...keyed('expandable'),
  ...isVoid,
  data: noData,
  // The service computes `meta.id` (the block's URL anchor); it is not content.
  meta: z.unknown().optional(),
  fragments: z.tuple([
    z.strictObject({ ...fragmentOf('expandable-title'), nodes: z.tuple([DocParagraph]) }),
    z.strictObject({ ...fragmentOf('expandable-body'), nodes: children }),
  ]),
});
export const DocTabs = z.strictObject({ ...keyed('tabs'), ...notVoid, data: noData.optional(), nodes: children });
export const DocTabsItem = z.strictObject({
  ...keyed('tabs-item'),
  ...notVoid,
  data: z.strictObject({ title: z.string() }),
  meta: z.unknown().optional(),
  nodes: children,
});
export const DocEmbed = z.strictObject({ ...keyed('embed'), ...isVoid, data: z.strictObject({ url: z.string() }) });
export const DocMath = z.strictObject({ ...keyed('math'), ...isVoid, data: z.strictObject({ formula: z.string() }) });

export type DocInline = z.output<typeof DocInline>;
export type DocText = z.output<typeof DocText>;
export type DocTable = z.output<typeof DocTable>;
export type DocTableCell = z.output<typeof DocTableCell>;
