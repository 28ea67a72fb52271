import type { JsonSchema } from './reference.js';

/**
 * Where the seed documents say otherwise than `@gitbook/api@0.146.0`, the documents win
 * (docs/decisions.md, "Where the documents and the reference differ"). Each departure names the
 * operations whose answers carry it and the place in the reference description (a JSON pointer)
 * that the documents replace; the checker validates those answers against the reference with
 * that place replaced by what the documents say. Nothing else is let through.
 */
export interface Departure {
  /**
   * The operations whose answers carry it, by the reference's operation ids (ours are the same),
   * or every operation whose answer can hold a component of the reference (`holding`).
   */
  operations: readonly string[] | { holding: string };
  /** JSON pointer into the reference description as published (`…/-` appends to an array). */
  at: string;
  /** What stands there instead, as the documents describe it (in the reference's own terms: JSON Schema, a `required` list, a pattern). */
  documents: JsonSchema | string[] | string;
  /** The anchor of its entry in docs/decisions.md. */
  decision: string;
}

/** Every answer that holds a page of a revision (trees, reads, links and backlinks naming pages). */
const PAGE_ANSWERS = [
  'getCurrentRevision', 'getRevisionOfChangeRequestById', 'listPages', 'listPagesInChangeRequest',
  'getPageById', 'getPageByPath', 'getPageInChangeRequestById', 'getPageInChangeRequestByPath',
  'listSpaceLinks', 'listPageLinksInSpace', 'listPageLinksInChangeRequest',
  'listSpaceFileBacklinks', 'listChangeRequestFileBacklinks',
] as const;

const SAML_ANSWERS = [
  'createOrganizationSAMLProvider', 'getOrganizationSAMLProviderById', 'listSAMLProvidersInOrganizationById',
  'updateOrganizationSAMLProvider',
] as const;

const SPEC_ANSWERS = [
  'createOpenAPISpec', 'getOpenAPISpecBySlug', 'listOpenAPISpecs', 'createOrUpdateOpenAPISpecBySlug', 'updateOpenAPISpecBySlug',
] as const;

const CLUSTER_ANSWERS = ['listConversationsIssuesClusters', 'getConversationsIssuesCluster'] as const;
const ISSUE_ANSWERS = ['listConversationsIssues', 'getConversationIssueById'] as const;

export const DEPARTURES: readonly Departure[] = [
  {
    // Part B's Page lists `markdown` as one optional field and no body otherwise; 0.146.0 joins every
    // document page with its `Document` oneOf (markdown, document or nothing else), which no page
    // of a tree, listed without its body, can satisfy.
    operations: PAGE_ANSWERS,
    at: '/components/schemas/RevisionPageDocument/allOf/1',
    documents: { type: 'object', properties: { markdown: { type: 'string' }, document: { $ref: '#/components/schemas/JSONDocument' } } },
    decision: 'a-page-needs-no-body',
  },
  {
    // Part A: only `label` is required to create a provider, so one may have no identity-provider address yet (status `pending`).
    operations: SAML_ANSWERS,
    at: '/components/schemas/OrganizationSAMLProvider/required',
    documents: ['object', 'id', 'label', 'entityID', 'certificate', 'defaultRole', 'createdAt', 'status', 'service', 'urls'],
    decision: 'a-saml-provider-without-an-address',
  },
  {
    // Part B: the slug pattern admits capitals (`^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$`); 0.146.0's is lowercase only.
    operations: SPEC_ANSWERS,
    at: '/components/schemas/OpenAPISpecSlug/pattern',
    documents: '^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$',
    decision: 'openapi-slugs-admit-capitals',
  },
  {
    // Part B: a cluster's `summary` is a Document; 0.146.0 has a string.
    operations: CLUSTER_ANSWERS,
    at: '/components/schemas/ConversationsIssuesCluster/properties/summary',
    documents: { $ref: '#/components/schemas/JSONDocument' },
    decision: 'conversations-follow-part-b',
  },
  {
    // Part B: `stats` is `{issues, conversations}`; 0.146.0 adds task counts, and Folio has no tasks.
    operations: CLUSTER_ANSWERS,
    at: '/components/schemas/ConversationsIssuesCluster/properties/stats/required',
    documents: ['issues', 'conversations'],
    decision: 'conversations-follow-part-b',
  },
  {
    // Part B: a cluster's `urls` is `location`; the app has no page of one cluster.
    operations: CLUSTER_ANSWERS,
    at: '/components/schemas/ConversationsIssuesCluster/properties/urls/required',
    documents: ['location'],
    decision: 'conversations-follow-part-b',
  },
  {
    // Part B: an issue has `details` (a Document) where 0.146.0 has a `summary` string.
    operations: ISSUE_ANSWERS,
    at: '/components/schemas/ConversationIssue/required',
    documents: ['object', 'id', 'title', 'createdAt', 'ingestedAt', 'conversation', 'urls'],
    decision: 'conversations-follow-part-b',
  },
  {
    // 0.146.0 has conditional blocks (`if`) only inside fragments; its later versions (0.202.0) let them
    // stand at a document's top level, as Folio's conditions do, which Part B's `evaluated` evaluates.
    operations: { holding: 'DocumentBlocksTopLevels' },
    at: '/components/schemas/DocumentBlocksTopLevels/oneOf/-',
    documents: { $ref: '#/components/schemas/DocumentBlockIf' },
    decision: 'conditional-blocks-at-the-top',
  },
  {
    // 0.146.0 joins a page edit's attributes with a `oneOf` of its document, group and link attributes,
    // which overlap (each is an open object of optional fields, `title` in all three): whatever matches
    // one matches all, so no answer can satisfy it. Read as the `anyOf` it means.
    operations: { holding: 'RevisionSemanticChangePageEdited' },
    at: '/components/schemas/RevisionSemanticChangePageEdited/properties/attributes',
    documents: {
      anyOf: [
        { $ref: '#/components/schemas/RevisionPageDocumentChangeAttributes' },
        { $ref: '#/components/schemas/RevisionPageGroupChangeAttributes' },
        { $ref: '#/components/schemas/RevisionPageLinkChangeAttributes' },
      ],
    },
    decision: 'page-edit-attributes-overlap',
  },
];
