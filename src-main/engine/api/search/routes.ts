import type { search } from '../../../../src-shared/contract/search.js';
import { paginateList } from '../../core/pagination.js';
import { isFailure, type Handlers } from '../../core/pipeline/index.js';
import { can as orgCan, requireOrganization } from '../../domain/orgs/rules.js';
import { can, requireSpace } from '../../domain/spaces/rules.js';
import { requireChangeRequestContent } from '../../domain/content/rules.js';
import { appBase } from '../../domain/content/serialize.js';
import { matchExpressions } from '../../domain/search/match-expression.js';
import { queryTerms } from '../../domain/search/query-terms.js';
import { rankPages, type PageHit } from '../../domain/search/ranking.js';
import { searchPagesOf } from '../../domain/search/results.js';
import { readableSpaceIds } from '../../domain/search/rules.js';

/** An organization search lists at most this many pages per space, the best first. */
const PAGES_PER_SPACE = 20;

const NOTHING = { items: [], count: 0 };

/** Hits are few (the candidates are bounded), so they are ranked once and paged in memory. */
const BY_RANK = { of: (hit: PageHit) => [hit.score, hit.space_id, hit.page_id], length: 3 };

export const searchHandlers: Handlers<typeof search> = {
  searchSpaceContent(ctx, { params, query }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const terms = queryTerms(query.query);
    const expressions = matchExpressions(terms);
    if (!expressions) return NOTHING;
    const page = paginateList(rankPages(ctx.db, { ...expressions, spaceIds: [access.row.id], branch: 'main' }, terms), BY_RANK, query);
    if (isFailure(page)) return page;
    return { ...page, items: searchPagesOf(ctx, access.row.id, page.items, terms) };
  },

  /** The change request's own rows (main's while it has none), for links from its pages to pages and headings. */
  searchChangeRequestContent(ctx, { params, query }) {
    const target = requireChangeRequestContent(ctx, params);
    if (isFailure(target)) return target;
    const terms = queryTerms(query.query);
    const expressions = matchExpressions(terms);
    if (!expressions) return NOTHING;
    const spaceId = target.space.id;
    const page = paginateList(rankPages(ctx.db, { ...expressions, spaceIds: [spaceId], branch: target.rows }, terms), BY_RANK, query);
    if (isFailure(page)) return page;
    const content = { rows: target.rows, appBase: appBase(target.place) };
    return { ...page, items: searchPagesOf(ctx, spaceId, page.items, terms, content) };
  },

  searchOrganizationContent(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, orgCan.view);
    if (isFailure(access)) return access;
    const terms = queryTerms(query.query);
    const expressions = matchExpressions(terms);
    if (!expressions) return NOTHING;
    const spaces = new Map(readableSpaceIds(ctx, access.organization.id, access.membership).map((space) => [space.id, space]));
    const bySpace = new Map<string, PageHit[]>();
    for (const hit of rankPages(ctx.db, { ...expressions, spaceIds: [...spaces.keys()], branch: 'main' }, terms)) {
      const hits = bySpace.get(hit.space_id);
      if (hits) hits.push(hit);
      else bySpace.set(hit.space_id, [hit]);
    }
    // A space ranks as its best page; hits come best first, so that is each list's first.
    const best = [...bySpace.values()].map((hits) => hits[0]!).sort((a, b) => a.score - b.score || (a.space_id < b.space_id ? -1 : 1));
    const page = paginateList(best, BY_RANK, query);
    if (isFailure(page)) return page;
    const items = page.items.map(({ space_id: spaceId }) => {
      const space = spaces.get(spaceId)!;
      return { id: space.id, title: space.title, pages: searchPagesOf(ctx, space.id, bySpace.get(spaceId)!.slice(0, PAGES_PER_SPACE), terms) };
    });
    return { ...page, items };
  },
};
