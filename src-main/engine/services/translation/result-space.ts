import { writeBody } from '../../../../src-shared/content/index.js';
import { DocEdits } from '../../domain/content/doc-edits.js';
import { pagesMap, readFiles, readPages, setFile, setPageFields, type TreeFile, type TreePage } from '../../domain/content/tree.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { newId } from '../../core/ids.js';
import { MAIN, mainTreeDoc, pageDoc } from '../../../../src-shared/sync/doc-names.js';
import { cutRevision } from '../../domain/revisions/revisions.js';
import { updateRow } from '../../domain/content-tree/rows.js';
import { endOf } from '../../domain/content-tree/siblings.js';
import { insertSpace, type SpaceRow } from '../../domain/spaces/sql.js';
import type { PageText } from './page-translation.js';
import type { SourcePage } from './source-pages.js';

const SPACE_TITLE_MAX = 50;

/** A new space for a translation, beside its source, titled after it with the language. */
export function createResultSpace(db: Database, docs: DocStore, source: SpaceRow, language: string, now: string): string {
  const suffix = ` (${language})`;
  const place = { organization_id: source.organization_id, parent_id: source.parent_id };
  return insertSpace(
    db,
    docs,
    {
      ...place,
      title: `${source.title.slice(0, SPACE_TITLE_MAX - suffix.length)}${suffix}`,
      emoji: source.emoji,
      language,
      position: endOf(db, place),
    },
    now,
  );
}

export interface ResultWrite {
  space: SpaceRow;
  pages: readonly SourcePage[];
  /** The source's files: file blocks name them by id, and their bytes are shared by hash. */
  files: readonly TreeFile[];
  /** Source page id → its page in the result space (every source page has one). */
  targets: ReadonlyMap<string, string>;
  /** The pages translated by this run, by source page id. */
  translated: ReadonlyMap<string, PageText>;
  /** Result pages whose source page is gone. */
  removed: readonly string[];
  now: string;
}

/**
 * Writes a run's result into the result space's main content, as a direct edit of main: every
 * page follows its source's place in the tree; translated pages get their new title, description
 * and body; pages whose source is gone are removed; the source's files are copied, so that file
 * blocks keep working. One `edits` revision holds it and becomes the
 * space's revision. Answers that revision, or the space's current one when nothing changed.
 */
export function writeResult(db: Database, docs: DocStore, write: ResultWrite): string {
  const { space } = write;
  const edits = new DocEdits(docs);
  const tree = edits.open(mainTreeDoc(space.id));
  const existing = readPages(tree);
  let changed = write.translated.size > 0 || write.removed.length > 0;
  for (const source of write.pages) {
    const target = write.targets.get(source.tree.id)!;
    const text = write.translated.get(source.tree.id);
    const fields = {
      ...placeOf(source.tree, write.targets),
      ...(text ? { title: text.title, description: text.description } : {}),
      ...(existing.has(target) ? {} : { createdAt: write.now }),
    };
    const differs = differing(existing.get(target), fields);
    if (Object.keys(differs).length > 0) changed = true;
    setPageFields(tree, target, differs);
    if (text?.body) {
      const written = writeBody(edits.open(pageDoc(space.id, MAIN, target)), text.body);
      if (!written.ok) throw new Error(`translated page ${source.tree.id} does not fit the content model`);
    }
  }
  for (const target of write.removed) pagesMap(tree).delete(target);
  const files = readFiles(tree);
  for (const file of write.files) {
    if (JSON.stringify(files.get(file.id)) === JSON.stringify(file)) continue;
    setFile(tree, file);
    changed = true;
  }
  // Saving unchanged copies would still append their delete sets: a run that changed nothing cuts no revision.
  if (!changed) return space.revision;
  edits.save();
  const revision = newId();
  const documents = [...readPages(docs.load(mainTreeDoc(space.id))).values()].filter((page) => page.type === 'document');
  const docIds = [mainTreeDoc(space.id), ...documents.map((page) => pageDoc(space.id, MAIN, page.id))];
  cutRevision(db, docs, { id: revision, spaceId: space.id, parents: [space.revision], type: 'edits', docIds, now: write.now });
  updateRow(db, 'spaces', space.id, { revision, updated_at: write.now });
  return revision;
}

/** Only the fields that change: a JSON field (layout, a link's target) set again would be a new write each run. */
function differing(page: TreePage | undefined, fields: Partial<TreePage>): Partial<TreePage> {
  const before = (page ?? {}) as Partial<TreePage>;
  return Object.fromEntries(
    Object.entries(fields).filter(([key, value]) => JSON.stringify(before[key as keyof TreePage]) !== JSON.stringify(value)),
  );
}

/** The fields a result page copies from its source as they are: its kind and its place. */
function placeOf(page: TreePage, targets: ReadonlyMap<string, string>): Partial<TreePage> {
  return {
    type: page.type,
    slug: page.slug,
    parent: page.parent === null ? null : (targets.get(page.parent) ?? null),
    position: page.position,
    emoji: page.emoji,
    hidden: page.hidden,
    target: page.target,
    layout: page.layout,
  };
}
