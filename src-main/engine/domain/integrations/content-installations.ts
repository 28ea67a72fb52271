import type { z } from 'zod';
import type { IntegrationSiteInstallation, IntegrationSpaceInstallation } from '../../../../src-shared/contract/integrations.js';
import { contentRole } from '../access/content-role.js';
import { findMembership } from '../access/membership.js';
import { paginateList, type Page } from '../../core/pagination.js';
import type { Failure } from '../../core/pipeline/failure.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { presenterFor } from '../sites/access.js';
import { can as siteCan } from '../sites/rules.js';
import type { SiteRow } from '../sites/sql.js';
import { can as spaceCan } from '../spaces/rules.js';
import { toSpace } from '../spaces/serialize.js';
import type { SpaceRow } from '../spaces/sql.js';
import { roleIn, visibleInstallationOrganizations } from './rules.js';
import { installationUrls } from './serialize.js';
import { installationsOf, type InstallationRow, type IntegrationRow } from './sql.js';

export interface ContentInstallationsQuery {
  page?: string;
  limit: number;
  externalId?: string;
  extended: boolean;
}

type SpaceInstallation = z.input<typeof IntegrationSpaceInstallation>;
type SiteInstallation = z.input<typeof IntegrationSiteInstallation>;

/** One installation on one space or site, keyed for paging by the installation, then the content. */
interface Placed<T> {
  key: [string, string, string];
  item: T;
}

const PAGE_KEY = { of: <T>(placed: Placed<T>) => placed.key, length: 3 };

/**
 * The installations of the integration the caller sees whose selection covers this kind of
 * content: an installation with `all` selected goes on every space (site) of its organization,
 * when the integration's target allows spaces (sites).
 */
function coveringInstallations(
  ctx: RequestContext,
  integration: IntegrationRow,
  kind: 'space' | 'site',
  externalId: string | undefined,
): InstallationRow[] {
  if (integration.target !== 'all' && integration.target !== kind) return [];
  const installations = installationsOf(ctx.db, integration.id, visibleInstallationOrganizations(ctx, integration), externalId);
  return installations.filter((installation) => (kind === 'space' ? installation.space_selection : installation.site_selection) === 'all');
}

function base(ctx: RequestContext, integration: IntegrationRow, installation: InstallationRow) {
  return {
    integration: integration.name,
    installation: installation.id,
    status: installation.status,
    configuration: JSON.parse(installation.configuration) as Record<string, unknown>,
    externalIds: JSON.parse(installation.external_ids) as string[],
    urls: installationUrls(ctx, integration.name, installation.id),
  };
}

function placedOn<T>(installation: InstallationRow, contentId: string, item: T): Placed<T> {
  return { key: [installation.created_at, installation.id, contentId], item };
}

function page<T>(placed: Placed<T>[], query: ContentInstallationsQuery): Page<T> | Failure {
  placed.sort((a, b) => (a.key.join('\u0000') < b.key.join('\u0000') ? -1 : 1));
  const served = paginateList(placed, PAGE_KEY, query);
  return 'items' in served ? { ...served, items: served.items.map((entry) => entry.item) } : served;
}

/** The live spaces of each covering installation's organization that the caller can view. */
export function spaceInstallations(
  ctx: RequestContext,
  integration: IntegrationRow,
  query: ContentInstallationsQuery,
): Page<SpaceInstallation> | Failure {
  const placed = coveringInstallations(ctx, integration, 'space', query.externalId).flatMap((installation) => {
    const membership = findMembership(ctx.db, installation.organization_id, ctx.actor.id);
    const spaces = ctx.db.all<SpaceRow>('SELECT * FROM spaces WHERE organization_id = ? AND deleted_at IS NULL', installation.organization_id);
    return spaces.flatMap((space) => {
      const role = contentRole(ctx.db, space, membership);
      if (!spaceCan.view(role)) return [];
      return [placedOn(installation, space.id, { ...base(ctx, integration, installation), space: query.extended ? toSpace(ctx, space, role) : space.id })];
    });
  });
  return page(placed, query);
}

/** The sites of each covering installation's organization, when the caller may view them. */
export function siteInstallations(
  ctx: RequestContext,
  integration: IntegrationRow,
  query: ContentInstallationsQuery,
): Page<SiteInstallation> | Failure {
  const placed = coveringInstallations(ctx, integration, 'site', query.externalId).flatMap((installation) => {
    const role = roleIn(ctx, installation.organization_id);
    if (!siteCan.view(role)) return [];
    const sites = ctx.db.all<SiteRow>('SELECT * FROM sites WHERE organization_id = ?', installation.organization_id);
    return sites.map((site) =>
      placedOn(installation, site.id, { ...base(ctx, integration, installation), site: query.extended ? presenterFor(ctx, site).toSite(role) : site.id }),
    );
  });
  return page(placed, query);
}
