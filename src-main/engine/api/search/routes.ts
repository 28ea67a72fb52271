import type { search } from '../../../../src-shared/contract/search.js';
import { paginate } from '../../pagination.js';
import { isFailure, type Handlers } from '../../pipeline/index.js';
import { can as orgCan, requireOrganization } from '../orgs/rules.js';
import { can, requireSpace } from '../spaces/rules.js';
import { matchExpression } from './match-expression.js';
import { searchPagesOf } from './results.js';
import { readableSpaceIds } from './rules.js';
import { bestPagesPerSpace, rankedPages, rankedSpaces, type PageHit } from './sql.js';

/** An organization search lists at most this many pages per space, the best first. */
export const PAGES_PER_SPACE = 20;

const NOTHING = { items: [], count: 0 };

export const searchHandlers: Handlers<typeof search> = {
  searchSpaceContent(ctx, { params, query }) {
    const access = requireSpace(ctx, params.spaceId, can.view, 'readable');
    if (isFailure(access)) return access;
    const match = matchExpression(query.query);
    if (!match) return NOTHING;
    const scope = { match, spaceIds: [access.row.id], branch: 'main' };
    const page = paginate<PageHit>(ctx.db, rankedPages(scope), query);
    if (isFailure(page)) return page;
    return { ...page, items: searchPagesOf(ctx, scope, access.row.id, page.items.map((hit) => hit.page_id)) };
  },

  searchOrganizationContent(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, orgCan.view);
    if (isFailure(access)) return access;
    const match = matchExpression(query.query);
    if (!match) return NOTHING;
    const spaces = new Map(readableSpaceIds(ctx, access.organization.id, access.membership).map((space) => [space.id, space]));
    const page = paginate<{ space_id: string }>(ctx.db, rankedSpaces({ match, spaceIds: [...spaces.keys()], branch: 'main' }), query);
    if (isFailure(page)) return page;
    const scope = { match, spaceIds: page.items.map((hit) => hit.space_id), branch: 'main' };
    const best = bestPagesPerSpace(ctx.db, scope, PAGES_PER_SPACE);
    const items = page.items.map((hit) => {
      const pageIds = best.filter((pageHit) => pageHit.space_id === hit.space_id).map((pageHit) => pageHit.page_id);
      const space = spaces.get(hit.space_id)!;
      return { id: space.id, title: space.title, pages: searchPagesOf(ctx, scope, space.id, pageIds) };
    });
    return { ...page, items };
  },
};
