import { blockText } from '../../src-shared/content/text.js';
import type { PmNodeJson } from '../../src-shared/content/pm-json.js';
import type { RevisionPage } from './branch.js';
import { placedPages } from './page-tree.js';

export type PageChange =
  | { kind: 'added'; page: RevisionPage }
  | { kind: 'removed'; page: RevisionPage }
  | { kind: 'renamed'; page: RevisionPage; before: string }
  | { kind: 'moved'; page: RevisionPage };

/** How a change request's page tree differs from main's: pages added, removed, renamed or moved. */
export function pageChanges(main: RevisionPage[], head: RevisionPage[]): PageChange[] {
  const before = new Map(placedPages(main).map((placed) => [placed.page.id, placed]));
  const after = placedPages(head);
  const changes: PageChange[] = [];
  for (const placed of after) {
    const old = before.get(placed.page.id);
    if (!old) changes.push({ kind: 'added', page: placed.page });
    else if (old.page.title !== placed.page.title) changes.push({ kind: 'renamed', page: placed.page, before: old.page.title });
    else if (old.parent !== placed.parent) changes.push({ kind: 'moved', page: placed.page });
  }
  const kept = new Set(after.map((placed) => placed.page.id));
  for (const placed of before.values()) if (!kept.has(placed.page.id)) changes.push({ kind: 'removed', page: placed.page });
  return changes;
}

export type BlockLine =
  | { kind: 'same' | 'added' | 'removed'; id: string; text: string }
  | { kind: 'changed'; id: string; text: string; before: string };

/**
 * A page's top-level blocks against main's, matched by block id: the head's blocks in order, each
 * kept, added or changed, with main's removed blocks shown after the block that preceded them.
 */
export function blockChanges(base: PmNodeJson | undefined, head: PmNodeJson): BlockLine[] {
  const baseBlocks = base?.content ?? [];
  const headBlocks = head.content ?? [];
  const idOf = (block: PmNodeJson, index: number) => (typeof block.attrs?.id === 'string' ? block.attrs.id : `#${index}`);
  const inHead = new Map(headBlocks.map((block, index) => [idOf(block, index), block]));
  const inBase = new Map(baseBlocks.map((block, index) => [idOf(block, index), block]));
  const removedAfter = new Map<string | null, BlockLine[]>();
  let previous: string | null = null;
  baseBlocks.forEach((block, index) => {
    const id = idOf(block, index);
    if (inHead.has(id)) previous = id;
    else removedAfter.set(previous, [...(removedAfter.get(previous) ?? []), { kind: 'removed', id, text: blockText(block) }]);
  });
  const lines: BlockLine[] = [...(removedAfter.get(null) ?? [])];
  headBlocks.forEach((block, index) => {
    const id = idOf(block, index);
    const old = inBase.get(id);
    const text = blockText(block);
    if (!old) lines.push({ kind: 'added', id, text });
    else if (!sameBlock(old, block)) lines.push({ kind: 'changed', id, text, before: blockText(old) });
    else lines.push({ kind: 'same', id, text });
    lines.push(...(removedAfter.get(id) ?? []));
  });
  return lines;
}

// Both sides come through the same conversion (Document → content model), so equal blocks print equally.
function sameBlock(a: PmNodeJson, b: PmNodeJson): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
