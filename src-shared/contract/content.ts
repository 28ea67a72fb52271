import { z } from 'zod';
import { ChangeRequest } from './change-requests.js';
import { CommentBodyInput, DocumentFormat } from './comments.js';
import { ContentRef, Emoji, EntityId, JSONDocument, ListQuery, QueryBoolean, Timestamp, listOf } from './common.js';
import { defineOperation, type OperationDef } from './operation.js';

/**
 * Space content and change-request content (Part B; shapes of the 0.202.0 OpenAPI description):
 * revisions, page trees, pages with their documents, files; and writing pages into a change
 * request (`updateChangeRequestContent`).
 */

export const RevisionPageLayout = z
  .looseObject({
    width: z.enum(['default', 'wide']),
    cover: z.boolean(),
    coverSize: z.enum(['hero', 'full', 'background']),
    title: z.boolean(),
    description: z.boolean(),
    tableOfContents: z.boolean(),
    outline: z.boolean(),
    pagination: z.boolean(),
    metadata: z.boolean(),
  })
  .meta({ id: 'RevisionPageLayoutOptions' });


const PageBase = {
  id: z.string(),
  title: z.string(),
  emoji: Emoji.optional(),
  createdAt: Timestamp.optional(),
  updatedAt: Timestamp.optional(),
  hidden: z.boolean(),
};

/** Child pages, recursive: a page's `pages` hold pages of every type. */
const ChildPages: z.ZodType<unknown[]> = z.lazy(() => z.array(RevisionPage));

/** `{type, dependencies: {spec: {ref: {kind: openapi, spec}}}, props}`: what a computed page is made from. */
export const ComputedContentSource = z
  .object({ type: z.string(), dependencies: z.record(z.string(), z.unknown()), props: z.record(z.string(), z.unknown()) })
  .meta({ id: 'ComputedContentSource' });

export const RevisionPageDocument = z
  .object({
    ...PageBase,
    /** Deprecated in the reference, which still requires it: a document page's kind is `sheet` there (0.146.0). */
    kind: z.literal('sheet'),
    type: z.literal('document'),
    slug: z.string(),
    path: z.string(),
    description: z.string().optional(),
    layout: RevisionPageLayout,
    tags: z.array(z.unknown()),
    pages: ChildPages,
    urls: z.object({ app: z.string() }),
    /** Where a computed page's content comes from (API-reference pages: docs/openapi-specs.md). */
    computed: ComputedContentSource.optional(),
    /** The body, in the format asked for (`format`; `document` when none is). Lists leave it out. */
    document: JSONDocument.optional(),
    markdown: z.string().optional(),
  })
  .meta({ id: 'RevisionPageDocument' });

export const RevisionPageGroup = z
  .object({ ...PageBase, kind: z.literal('group'), type: z.literal('group'), slug: z.string(), path: z.string(), pages: ChildPages })
  .meta({ id: 'RevisionPageGroup' });

export const RevisionPageLink = z
  .object({ ...PageBase, kind: z.literal('link'), type: z.literal('link'), target: ContentRef, href: z.string().optional() })
  .meta({ id: 'RevisionPageLink' });

export const RevisionPage = z
  .discriminatedUnion('type', [RevisionPageDocument, RevisionPageGroup, RevisionPageLink])
  .meta({ id: 'RevisionPage' });

export const RevisionFile = z
  .object({ id: z.string(), name: z.string(), contentType: z.string(), downloadURL: z.string(), size: z.number() })
  .meta({ id: 'RevisionFile' });

const RevisionFields = {
  object: z.literal('revision'),
  id: z.string(),
  parents: z.array(z.string()),
  createdAt: Timestamp,
  pages: z.array(RevisionPage),
  files: z.array(RevisionFile),
  reusableContents: z.array(z.unknown()),
  tags: z.array(z.unknown()),
  variables: z.record(z.string(), z.string()),
  urls: z.object({ app: z.string() }),
};

/** A merge revision names the change request it merged (`mergedFrom`), as the reference's `RevisionTypeMerge` does. */
export const Revision = z
  .discriminatedUnion('type', [
    z.object({ ...RevisionFields, type: z.enum(['edits', 'update', 'rollback']) }),
    z.object({ ...RevisionFields, type: z.literal('merge'), mergedFrom: ChangeRequest }),
  ])
  .meta({ id: 'Revision' });

/** `metadata=false` leaves out pages' edit times; `computed=false` answers a computed page without its content (docs/content-design.md, "Page reads"). */
const RevisionQuery = z.object({ metadata: QueryBoolean.optional(), computed: QueryBoolean.optional() });

/** `evaluated` evaluates conditions and expressions, `dereferenced` resolves references to this space's pages and files. */
const PageQuery = RevisionQuery.extend({
  format: DocumentFormat.optional(),
  'format.markdown.refs': z.enum(['relative', 'stable']).optional(),
  evaluated: z.enum(['true', 'false', 'deterministic-only']).optional(),
  dereferenced: z.enum(['true', 'false', 'reusable-contents']).optional(),
});

const InSpace = z.object({ spaceId: EntityId });
const InChangeRequest = InSpace.extend({ changeRequestId: EntityId });
const PageParam = { pageId: EntityId };
const FileParam = { fileId: EntityId };
const PathParam = { pagePath: z.string().min(1).max(2048) };

/** A page's document as sent: Markdown (whose front matter sets title, description and emoji), a `Document`, or nothing. */
const PageDocumentInput = CommentBodyInput;

const PageFields = {
  title: z.string().min(1).max(255).optional(),
  slug: z.string().max(100).regex(/^[^/]*$/, 'must not contain "/"').optional(),
  emoji: z.union([Emoji, z.literal('')]).optional(),
  description: z.string().max(1000).optional(),
  hidden: z.boolean().optional(),
};

const InsertPage = z.object({
  operation: z.literal('insert_page'),
  ...PageFields,
  into: EntityId.optional(),
  at: z.number().int().min(0).optional(),
  ref: z.string().min(1).max(256).optional(),
  document: PageDocumentInput,
});

const UpdatePage = z.object({
  operation: z.literal('update_page'),
  ...PageFields,
  page: EntityId,
  document: PageDocumentInput.optional(),
  into: EntityId.nullable().optional(),
  at: z.number().int().min(0).optional(),
});

const DeletePage = z.object({ operation: z.literal('delete_page'), page: EntityId });

/** Folio reverts to the change request's base only; other revisions and block-level reverts are refused (400). */
const RevertPage = z.object({
  operation: z.literal('revert_page'),
  page: EntityId,
  revision: z.string().optional(),
  block: z.array(z.string()).optional(),
});

/** 1 MB of bytes is at most 1,398,104 base64 characters. */
const MAX_BASE64 = 1_398_104;
const FileInput = z.union([
  z.object({
    ref: z.string().min(1).max(256).optional(),
    name: z.string().min(1).max(256),
    contentType: z.string().min(1).max(255),
    base64: z.string().max(MAX_BASE64).regex(/^[A-Za-z0-9+/]*={0,2}$/, 'must be base64'),
  }),
  z.object({
    ref: z.string().min(1).max(256).optional(),
    name: z.string().min(1).max(256),
    contentType: z.string().min(1).max(255).optional(),
    url: z.url().max(2048),
  }),
]);

const InsertFiles = z.object({ operation: z.literal('insert_files'), files: z.array(FileInput).min(1).max(20) });

export const ChangeRequestContentChange = z
  .discriminatedUnion('operation', [InsertPage, UpdatePage, DeletePage, RevertPage, InsertFiles])
  .meta({ id: 'ChangeRequestContentChange' });
export type ChangeRequestContentChange = z.infer<typeof ChangeRequestContentChange>;

const PageRef = z.object({ object: z.literal('page'), id: z.string(), urls: z.object({ location: z.string() }) });

export const ChangeRequestContentUpdate = z
  .object({
    changeRequest: ChangeRequest,
    changes: z.array(
      z.discriminatedUnion('object', [
        z.object({ object: z.literal('created_page'), ref: z.string().optional(), page: PageRef }),
        z.object({ object: z.literal('updated_page'), page: PageRef }),
        z.object({ object: z.literal('deleted_page'), page: z.string() }),
      ]),
    ),
    insertedFiles: z.array(RevisionFile),
  })
  .meta({ id: 'ChangeRequestContentUpdate' });

/** A file's bytes, served as they were stored, under the file's own content type. */
const FileBytes = z.instanceof(Uint8Array).meta({ id: 'FileBytes', type: 'string', format: 'binary' });

const PAGES = z.object({ pages: z.array(RevisionPage) });

/**
 * The read operations of one branch's content: a space's main content (`of` = "the space") or a
 * change request's. Each is named by the caller (`named`), as the reference's ids do not follow
 * one pattern.
 */
function reads<const Params extends z.ZodObject>(base: string, params: Params, of: string) {
  const withParam = <const Shape extends z.core.$ZodLooseShape>(shape: Shape) => params.safeExtend(shape) as z.ZodObject<Params['shape'] & Shape>;
  const get = <const Extra extends object>(path: string, summary: string, extra: Extra) =>
    ({ method: 'GET', path: `${base}${path}`, summary, success: 200, ...extra }) as const;
  return {
    revision: get('', `The active revision of ${of}, with its page tree and files`, { params, query: RevisionQuery, response: Revision }),
    pages: get('/pages', `The pages of ${of}, nested`, { params, query: RevisionQuery, response: PAGES }),
    files: get('/files', `The files of ${of}`, { params, query: ListQuery.extend(RevisionQuery.shape), response: listOf(RevisionFile) }),
    file: get('/files/{fileId}', `A file of ${of}`, { params: withParam(FileParam), query: RevisionQuery, response: RevisionFile }),
    download: get('/files/{fileId}/download', `The bytes of a file of ${of}, with its content type (the file's downloadURL)`, {
      params: withParam(FileParam),
      response: FileBytes,
      responseType: 'application/octet-stream',
    }),
    page: get('/page/{pageId}', `A page of ${of}, with its document for a document page`, {
      params: withParam(PageParam),
      query: PageQuery,
      response: RevisionPage,
    }),
    path: get('/path/{pagePath}', `A page of ${of} by its path (URL-encoded)`, {
      params: withParam(PathParam),
      query: PageQuery,
      response: RevisionPage,
    }),
  };
}

const named = <const Id extends string, const Op extends Omit<OperationDef, 'id'>>(id: Id, op: Op) => defineOperation({ ...op, id });

const SPACE = reads('/v1/spaces/{spaceId}/content', InSpace, 'the space');
const CR = reads('/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content', InChangeRequest, 'a change request');

export const content = {
  getCurrentRevision: named('getCurrentRevision', SPACE.revision),
  listPages: named('listPages', SPACE.pages),
  listFiles: named('listFiles', SPACE.files),
  getFileById: named('getFileById', SPACE.file),
  downloadFile: named('downloadFile', SPACE.download),
  getPageById: named('getPageById', SPACE.page),
  getPageByPath: named('getPageByPath', SPACE.path),
  getRevisionOfChangeRequestById: named('getRevisionOfChangeRequestById', CR.revision),
  listPagesInChangeRequest: named('listPagesInChangeRequest', CR.pages),
  listFilesInChangeRequestById: named('listFilesInChangeRequestById', CR.files),
  getFileInChangeRequestById: named('getFileInChangeRequestById', CR.file),
  downloadFileInChangeRequest: named('downloadFileInChangeRequest', CR.download),
  getPageInChangeRequestById: named('getPageInChangeRequestById', CR.page),
  getPageInChangeRequestByPath: named('getPageInChangeRequestByPath', CR.path),
  updateChangeRequestContent: defineOperation({
    id: 'updateChangeRequestContent',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/content',
    summary: 'Insert, update, move, delete and revert pages and upload files in a change request, all at once',
    params: InChangeRequest,
    query: z.object({ compat: QueryBoolean.default(true) }),
    body: z.object({ changes: z.array(ChangeRequestContentChange).min(1).max(50) }),
    // Up to 20 files of 1 MB each, in base64, beside the pages.
    maxBodyBytes: 40 * 1024 * 1024,
    success: 200,
    response: z.union([ChangeRequest, ChangeRequestContentUpdate]),
  }),
};
