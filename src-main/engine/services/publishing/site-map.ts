import type { z } from 'zod';
import type { SiteSectionGroupShape } from '../../../../src-shared/contract/site-section-groups.js';
import type { SiteSection } from '../../../../src-shared/contract/site-sections.js';
import type { SiteSpace } from '../../../../src-shared/contract/site-spaces.js';
import type { PublishedContentSite } from '../../../../src-shared/contract/sites.js';
import { sitePath } from '../../domain/sites/published-urls.js';
import { placeOf, type SitePlace } from './addresses.js';

type Published = z.input<typeof PublishedContentSite>;
type SectionJson = z.input<typeof SiteSection>;
type SiteSpaceJson = z.input<typeof SiteSpace>;

/** A site space as the publisher serves it: its space's main content at `place`. */
export interface PublishedSpace {
  id: string;
  spaceId: string;
  title: string;
  place: SitePlace;
  /** Reachable by its address, absent from navigation. */
  hidden: boolean;
  sectionId?: string;
}

/** The site's top navigation: its sections, gathered in (nested) groups. */
export type NavNode =
  | { kind: 'section'; id: string; title: string; place: SitePlace; spaces: PublishedSpace[] }
  | { kind: 'group'; id: string; title: string; children: NavNode[] };

/** What one visitor may see of a site, as places: the structure `GET …/published` answers for them. */
export interface SiteMap {
  siteId: string;
  title: string;
  spaces: PublishedSpace[];
  nav: NavNode[];
  /** The site spaces at the root of a site without sections, as navigation lists them. */
  rootSpaces: PublishedSpace[];
}

/**
 * The places come from the structure's `urls.published` (the site API's addresses, so the two
 * never disagree): the path under the site's own published address.
 */
export function siteMap(published: Published): SiteMap {
  const root = sitePath(published.site.id);
  // Every item of a published site has its address.
  const placeFrom = (url: string | undefined): SitePlace => (url === undefined ? [] : (placeOf(new URL(url).pathname.slice(root.length)) ?? []));
  const spaces: PublishedSpace[] = [];
  const space = (json: SiteSpaceJson): PublishedSpace => {
    const entry: PublishedSpace = { id: json.id, spaceId: json.space.id, title: json.title, place: placeFrom(json.urls.published), hidden: json.hidden };
    if (json.section !== undefined) entry.sectionId = json.section;
    spaces.push(entry);
    return entry;
  };
  const node = (json: SectionJson | SiteSectionGroupShape): NavNode =>
    json.object === 'site-section'
      ? { kind: 'section', id: json.id, title: json.title, place: placeFrom(json.urls.published), spaces: json.siteSpaces.map(space).filter((entry) => !entry.hidden) }
      : { kind: 'group', id: json.id, title: json.title, children: json.children.map(node) };
  const { structure } = published;
  const nav = structure.type === 'sections' ? structure.structure.map((json) => node(json as SectionJson | SiteSectionGroupShape)) : [];
  const rootSpaces = structure.type === 'siteSpaces' ? structure.structure.map(space).filter((entry) => !entry.hidden) : [];
  return { siteId: published.site.id, title: published.site.title, spaces, nav, rootSpaces };
}

/** The site space whose place is the longest start of `place`, and the rest of the place: its page's. */
export function spaceAt(map: SiteMap, place: SitePlace): { space: PublishedSpace; rest: string[] } | undefined {
  let best: PublishedSpace | undefined;
  for (const space of map.spaces) {
    const matches = space.place.every((segment, index) => place[index] === segment);
    if (matches && (!best || space.place.length > best.place.length)) best = space;
  }
  return best && { space: best, rest: place.slice(best.place.length) };
}

/** The site spaces a visitor can switch between from `space`: the visible ones of its section (or of the root). */
export function variantsOf(map: SiteMap, space: PublishedSpace): PublishedSpace[] {
  if (space.sectionId === undefined) return map.rootSpaces;
  const section = sectionsOf(map.nav).find((candidate) => candidate.id === space.sectionId);
  return section?.spaces ?? [];
}

function sectionsOf(nodes: NavNode[]): Extract<NavNode, { kind: 'section' }>[] {
  return nodes.flatMap((node) => (node.kind === 'section' ? [node] : sectionsOf(node.children)));
}
