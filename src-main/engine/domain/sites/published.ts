import type { z } from 'zod';
import type { PublishedContentSite } from '../../../../src-shared/contract/sites.js';
import { activeRole, type Membership } from '../access/membership.js';
import { siteCustomization } from '../publishing/customization.js';
import { findSection, hasSections } from '../site-sections/sql.js';
import { siteSpacesIn, type SiteSpaceRow } from '../site-spaces/sql.js';
import { findGroup } from '../site-section-groups/sql.js';
import { findSpace } from '../spaces/sql.js';
import { siblings, type StructureItem } from './order.js';
import { SitePresenter, type SiteNode, type SiteReader } from './present.js';
import type { SiteRow } from './sql.js';

export type VisitorClaims = Record<string, unknown>;

/** Decides whether a `condition` admits a visitor with `claims`. */
export type ConditionEvaluator = (condition: string, claims: VisitorClaims) => boolean;

/**
 * Until the publishing side supplies its evaluator: an item with a condition shows only when
 * there are no claims to judge it by (members and API callers see everything).
 */
const hideConditionedFromClaims: ConditionEvaluator = () => false;

export type PublishedSite = z.input<typeof PublishedContentSite>;

/**
 * Exactly what a visitor with `visitorClaims` sees of a site (no claims: everything a member
 * sees): site spaces and sections whose condition admits them, whose space is not in the
 * trash; sections with no such site space and groups with nothing left are left out. Hidden site
 * spaces stay (their pages are reachable by address) with `hidden: true`; navigation leaves
 * them out. Undefined when there is no such site.
 */
export function publishedStructure(
  reader: SiteReader,
  siteId: string,
  visitorClaims?: VisitorClaims,
  evaluate: ConditionEvaluator = hideConditionedFromClaims,
  membership?: Membership,
): PublishedSite | undefined {
  const site = reader.db.get<SiteRow>('SELECT * FROM sites WHERE id = ?', siteId);
  if (!site) return undefined;
  const visible = new Visibility(reader, new SitePresenter(reader, site, membership), visitorClaims, evaluate);
  return {
    object: 'published-content-site',
    site: visible.presenter.toSite(activeRole(membership)),
    structure: hasSections(reader.db, site.id)
      ? { type: 'sections', structure: visible.nodes(null) }
      : { type: 'siteSpaces', structure: visible.siteSpaces(null).map((row) => visible.presenter.siteSpace(row)) },
    customizations: { site: siteCustomization(site.title), siteSpaces: {} },
    scripts: [],
  };
}

/** Walks a site's structure keeping what admits one visitor. */
class Visibility {
  constructor(
    private readonly reader: SiteReader,
    readonly presenter: SitePresenter,
    private readonly claims: VisitorClaims | undefined,
    private readonly evaluate: ConditionEvaluator,
  ) {}

  private admits(condition: string | null): boolean {
    if (condition === null || this.claims === undefined) return true;
    return this.evaluate(condition, this.claims);
  }

  siteSpaces(sectionId: string | null): SiteSpaceRow[] {
    const { db, now } = this.reader;
    return siteSpacesIn(db, this.presenter.site.id, sectionId).filter(
      (row) => this.admits(row.condition) && findSpace(db, row.space_id, now)?.deleted_at === null,
    );
  }

  nodes(groupId: string | null): SiteNode[] {
    const items = siblings(this.reader.db, { kind: 'sections', siteId: this.presenter.site.id, groupId });
    return items.map((item) => this.node(item)).filter((node) => node !== undefined);
  }

  private node(item: StructureItem): SiteNode | undefined {
    const siteId = this.presenter.site.id;
    if (item.type === 'site-section') {
      const section = findSection(this.reader.db, siteId, item.id)!;
      const siteSpaces = this.admits(section.condition) ? this.siteSpaces(section.id) : [];
      return siteSpaces.length > 0 ? this.presenter.section(section, siteSpaces) : undefined;
    }
    const children = this.nodes(item.id);
    return children.length > 0 ? this.presenter.group(findGroup(this.reader.db, siteId, item.id)!, children) : undefined;
  }
}
