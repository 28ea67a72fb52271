import type { z } from 'zod';
import type { Role } from '../../../../src-shared/contract/common.js';
import type { SiteSectionGroup } from '../../../../src-shared/contract/site-section-groups.js';
import type { SiteSection } from '../../../../src-shared/contract/site-sections.js';
import type { SiteSpace } from '../../../../src-shared/contract/site-spaces.js';
import type { Site } from '../../../../src-shared/contract/sites.js';
import { contentRole } from '../access/content-role.js';
import type { Membership } from '../access/membership.js';
import type { Database } from '../../core/db/database.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { findGroup, type SiteSectionGroupRow } from '../site-section-groups/sql.js';
import { findSection, type SiteSectionRow } from '../site-sections/sql.js';
import { findSiteSpace, siteSpacesIn, type SiteSpaceRow } from '../site-spaces/sql.js';
import { toSpace } from '../spaces/serialize.js';
import type { SpaceRow } from '../spaces/sql.js';
import { siblings, type StructureItem } from './order.js';
import { publishedUrl, segmentOf } from './published-urls.js';
import { countSiteSpaces, type SiteRow } from './sql.js';
import { sitePermissions } from './rules.js';

/** What presenting a site needs: the database, the addresses, and the request's time. */
export type SiteReader = Pick<RequestContext, 'db' | 'urls' | 'now'>;

export type SiteNode = z.input<typeof SiteSection> | z.input<typeof SiteSectionGroup>;

/**
 * The space a site space points to: its row stays until the space is purged (the site space goes
 * with it), even past its time in the trash.
 */
export function spaceOf(db: Database, spaceId: string): SpaceRow {
  return db.get<SpaceRow>('SELECT * FROM spaces WHERE id = ?', spaceId)!;
}

/** Turns one site's rows into API objects for one caller (`membership` undefined: a visitor). */
export class SitePresenter {
  constructor(
    private readonly reader: SiteReader,
    readonly site: SiteRow,
    private readonly membership: Membership | undefined,
  ) {}

  toSite(role: Role | null | undefined): z.input<typeof Site> {
    const { site, reader } = this;
    const path = `/orgs/${site.organization_id}/sites/${site.id}`;
    const result: z.input<typeof Site> = {
      object: 'site',
      id: site.id,
      type: site.type as z.input<typeof Site>['type'],
      appliedType: site.type as z.input<typeof Site>['type'],
      title: site.title,
      visibility: site.visibility,
      published: site.published === 1,
      siteSpaces: countSiteSpaces(reader.db, site.id),
      createdAt: site.created_at,
      adaptiveContent: { enabled: site.adaptive_content === 1 },
      agentsContext: site.agents_context,
      features: [],
      permissions: sitePermissions(role),
      urls: { location: reader.urls.api(path), app: reader.urls.app(path), published: publishedUrl(reader.urls, site) },
    };
    if (site.hostname !== null) result.hostname = site.hostname;
    if (site.basename !== null) result.basename = site.basename;
    if (site.proxy !== null) result.proxy = { origin: site.proxy, target: publishedUrl(reader.urls, { ...site, published: 1 })! };
    return result;
  }

  siteSpace(row: SiteSpaceRow): z.input<typeof SiteSpace> {
    const { db } = this.reader;
    const spaceRow = spaceOf(db, row.space_id);
    const section = row.section_id === null ? undefined : findSection(db, row.site_id, row.section_id);
    const segments = [...(section ? segmentOf(section) : []), ...segmentOf(row)];
    const siteSpace: z.input<typeof SiteSpace> = {
      object: 'site-space',
      id: row.id,
      path: row.path,
      space: toSpace(this.reader, spaceRow, contentRole(db, spaceRow, this.membership)),
      title: spaceRow.title,
      default: row.is_default === 1,
      hasAdvancedCustomizationFeature: false,
      hidden: row.hidden === 1,
      urls: { published: publishedUrl(this.reader.urls, this.site, segments) },
    };
    if (row.section_id !== null) siteSpace.section = row.section_id;
    if (row.condition !== null) siteSpace.condition = row.condition;
    return siteSpace;
  }

  /** A section with its site spaces: all of them, or those given (a visitor's). */
  section(row: SiteSectionRow, siteSpaces = siteSpacesIn(this.reader.db, row.site_id, row.id)): z.input<typeof SiteSection> {
    const section: z.input<typeof SiteSection> = {
      object: 'site-section',
      id: row.id,
      title: row.title,
      default: row.is_default === 1,
      path: row.path,
      siteSpaces: siteSpaces.map((siteSpace) => this.siteSpace(siteSpace)),
      urls: { published: publishedUrl(this.reader.urls, this.site, segmentOf(row)) },
    };
    if (row.description !== null) section.description = row.description;
    if (row.condition !== null) section.condition = row.condition;
    if (row.group_id !== null) section.sectionGroup = row.group_id;
    if (row.icon !== null) section.icon = row.icon;
    return section;
  }

  /** A group with what it holds: all of it, or the nodes given (a visitor's). */
  group(row: SiteSectionGroupRow, children = this.children(row.id)): z.input<typeof SiteSectionGroup> {
    const group: z.input<typeof SiteSectionGroup> = {
      object: 'site-section-group',
      id: row.id,
      title: row.title,
      sections: children.filter((child) => child.object === 'site-section'),
      children,
    };
    if (row.parent_id !== null) group.sectionGroup = row.parent_id;
    if (row.icon !== null) group.icon = row.icon;
    return group;
  }

  /** The sections and groups directly in a group (or at the root when null), in order. */
  children(groupId: string | null): SiteNode[] {
    return siblings(this.reader.db, { kind: 'sections', siteId: this.site.id, groupId }).map((item) => this.node(item));
  }

  /** Any item of the structure, as a sort answers it. */
  item(item: StructureItem): SiteNode | z.input<typeof SiteSpace> {
    if (item.type !== 'site-space') return this.node(item);
    return this.siteSpace(findSiteSpace(this.reader.db, this.site.id, item.id)!);
  }

  node(item: StructureItem): SiteNode {
    const { db } = this.reader;
    if (item.type === 'site-section') return this.section(findSection(db, this.site.id, item.id)!);
    return this.group(findGroup(db, this.site.id, item.id)!);
  }
}
