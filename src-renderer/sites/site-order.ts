import type { SiteSection, SiteSectionGroup, SiteSpace, SiteStructure } from '../api/types.js';

export type StructureItem = SiteSpace | SiteSection | SiteSectionGroup;
export type StructurePointer = { type: 'site-space' | 'site-section' | 'site-section-group'; id: string };
export type Step = 'up' | 'down';

const POINTER_TYPES = { 'site-space': 'site-space', 'site-section': 'site-section', 'site-section-group': 'site-section-group' } as const;

/** How the structure sort names an item. */
export function pointerTo(item: StructureItem): StructurePointer {
  return { type: POINTER_TYPES[item.object], id: item.id };
}

/**
 * The sort's position for moving one step among siblings: before the previous one, or after the
 * next one. None at either end, where the button is disabled.
 */
export function stepPosition(siblings: StructureItem[], index: number, step: Step): { before?: StructurePointer; after?: StructurePointer } | undefined {
  const neighbour = siblings[step === 'up' ? index - 1 : index + 1];
  if (!neighbour) return undefined;
  return step === 'up' ? { before: pointerTo(neighbour) } : { after: pointerTo(neighbour) };
}

/** Every section of a site, groups opened, in structure order. */
export function sectionsIn(structure: SiteStructure): SiteSection[] {
  if (structure.type === 'siteSpaces') return [];
  const walk = (items: (SiteSection | SiteSectionGroup)[]): SiteSection[] => items.flatMap((item) => (item.object === 'site-section' ? [item] : walk(item.children)));
  return walk(structure.structure);
}

/** Every section group of a site, nested ones included, in structure order. */
export function groupsIn(structure: SiteStructure): SiteSectionGroup[] {
  if (structure.type === 'siteSpaces') return [];
  const walk = (items: (SiteSection | SiteSectionGroup)[]): SiteSectionGroup[] => items.flatMap((item) => (item.object === 'site-section-group' ? [item, ...walk(item.children)] : []));
  return walk(structure.structure);
}
