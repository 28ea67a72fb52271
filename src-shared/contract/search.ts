import { z } from 'zod';
import { EntityId, ListQuery, listOf } from './common.js';
import { defineOperation } from './operation.js';

/**
 * Full-text search of page content (docs/search.md): a space's main content, a change request's
 * content (a Folio extension: the editor's links to pages and headings), or every space of an
 * organization the caller may read. Shapes of the documents (0.146.0's `SearchPageResult`
 * with the documents' `ancestors`).
 */

const SEARCH_QUERY_MAX = 512;

const SearchSectionResult = z
  .object({ id: z.string(), title: z.string(), path: z.string(), body: z.string(), urls: z.object({ app: z.string() }) })
  .meta({ id: 'SearchSectionResult' });

export const SearchPageResult = z
  .object({
    id: z.string(),
    title: z.string(),
    path: z.string(),
    sections: z.array(SearchSectionResult),
    ancestors: z.array(z.object({ title: z.string() })),
    urls: z.object({ app: z.string() }),
  })
  .meta({ id: 'SearchPageResult' });

export const SearchSpaceResult = z
  .object({ id: z.string(), title: z.string(), pages: z.array(SearchPageResult) })
  .meta({ id: 'SearchSpaceResult' });

const SearchQuery = ListQuery.extend({ query: z.string().min(1).max(SEARCH_QUERY_MAX) });
const SearchChangeRequestParams = z.object({ spaceId: EntityId, changeRequestId: EntityId });

export const search = {
  searchSpaceContent: defineOperation({
    id: 'searchSpaceContent',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/search',
    summary: "Search the pages of a space's main content, best matches first",
    params: z.object({ spaceId: EntityId }),
    query: SearchQuery,
    success: 200,
    response: listOf(SearchPageResult),
  }),
  searchChangeRequestContent: defineOperation({
    id: 'searchChangeRequestContent',
    method: 'GET',
    path: '/v1/spaces/{spaceId}/change-requests/{changeRequestId}/search',
    summary: "Search the pages of a change request's content (its revision of the space), best matches first (Folio extension)",
    params: SearchChangeRequestParams,
    query: SearchQuery,
    success: 200,
    response: listOf(SearchPageResult),
  }),
  searchOrganizationContent: defineOperation({
    id: 'searchOrganizationContent',
    method: 'GET',
    path: '/v1/orgs/{organizationId}/search',
    summary: "Search the content of the organization's spaces the caller can read, best matches first",
    params: z.object({ organizationId: EntityId }),
    query: SearchQuery,
    success: 200,
    response: listOf(SearchSpaceResult),
  }),
};
