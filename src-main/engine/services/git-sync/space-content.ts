import type * as Y from 'yjs';
import { readBody, reconcileIds, writeBody, type PmNodeJson } from '../../../../src-shared/content/index.js';
import { DocEdits } from '../../domain/content/doc-edits.js';
import { positionBetween } from '../../domain/content/positions.js';
import type { Projector } from '../../domain/content/projector.js';
import { storeBlob } from '../../domain/content/projection-sql.js';
import { slugFromTitle } from '../../domain/content/slugs.js';
import { watchTree } from '../../domain/content/tree-watch.js';
import { childrenIndex, filesMap, pagesMap, readFiles, readPages, setFile, setPageFields, type TreePage } from '../../domain/content/tree.js';
import type { Database } from '../../core/db/database.js';
import type { DocStore } from '../../core/docs/store.js';
import { MAIN, pageDoc, treeDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import type { ImportedRepository } from '../../domain/git-sync/layout/read-repository.js';
import { sha256, type SpaceListing, type SpacePage } from '../../domain/git-sync/layout/write-repository.js';

/**
 * The space's side of Git Sync: its pages, files and bodies as the layout reads and writes them,
 * from and to a branch's docs (main, or the change request an import goes into).
 */

/** Main's pages and files as they stand, read in one transaction: what a first import matches by path. */
export function mainListing(db: Database, docs: DocStore, spaceId: string): SpaceListing {
  return db.transaction(() => readSpace(db, docs.load(treeDoc(spaceId, MAIN)), spaceId, 'main'));
}

/** A branch's pages in tree order with their signatures (fields and body hash), and its files: `tree` is its tree doc, `rowsBranch` the branch of its rows. */
export function readSpace(db: Database, tree: Y.Doc, spaceId: string, rowsBranch: string): SpaceListing {
  const all = readPages(tree);
  const hashes = new Map(
    db.all<{ page_id: string; body_hash: string | null }>('SELECT page_id, body_hash FROM content_pages WHERE space_id = ? AND branch = ?', spaceId, rowsBranch)
      .map((row) => [row.page_id, row.body_hash]),
  );
  const index = childrenIndex(all);
  const pages: SpacePage[] = [];
  const visit = (parent: string | null) => {
    for (const page of index.get(parent) ?? []) {
      pages.push(spacePage(page, hashes.get(page.id) ?? null));
      visit(page.id);
    }
  };
  visit(null);
  const files = [...readFiles(tree).values()].map((file) => ({ id: file.id, name: file.name, blob: file.blob }));
  return { pages, files };
}

function spacePage(page: TreePage, bodyHash: string | null): SpacePage {
  const target = page.target as { kind?: string; url?: string } | undefined;
  const out: SpacePage = {
    id: page.id,
    type: page.type,
    title: page.title,
    slug: page.slug,
    parent: page.parent,
    signature: '',
    ...(page.description ? { description: page.description } : {}),
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.hidden ? { hidden: true } : {}),
    ...(page.type === 'link' && target?.kind === 'url' ? { url: target.url } : {}),
  };
  out.signature = sha256(JSON.stringify([out.title, out.description ?? '', out.emoji ?? '', out.hidden ?? false, out.url ?? '', bodyHash ?? '']));
  return out;
}

/** A page's body doc as its rows stand, for a worker thread to read (`bodyFromRows`): loading and reading 1,000 bodies here held the event loop ~0.9 s. */
export const rowsOf = (docs: DocStore, spaceId: string, branch: Branch) => (pageId: string): Uint8Array[] => docs.updatesOf(pageDoc(spaceId, branch, pageId));

export interface ImportWrite {
  spaceId: string;
  branch: Branch;
  imported: ImportedRepository;
  /** Page id of each imported page's key; file id of each imported file's path. */
  pageIds: ReadonlyMap<string, string>;
  fileIds: ReadonlyMap<string, string>;
  /** Keys of the pages whose file changed since the last sync (all, on a first sync). */
  changed: ReadonlySet<string>;
  /** Whether the table of contents changed: then every imported page takes its place from it. */
  structure: boolean;
  /** Pages and files the repository no longer has. */
  removedPages: readonly string[];
  removedFiles: readonly string[];
  now: string;
}

/**
 * Writes an import into a branch's docs, in the caller's transaction: changed pages get their
 * fields and bodies (block ids kept where blocks did not change), new pages and files are
 * added, removed ones deleted. Answers the docs written, for the revision (none when nothing
 * changed), and the branch's tree doc as it now stands, to read it without loading it again.
 */
export function writeImport(db: Database, docs: DocStore, projector: Projector, write: ImportWrite): { docIds: string[]; tree: Y.Doc } {
  const edits = new DocEdits(docs);
  const edited = editImport(docs, edits, projector, write);
  if (!touchesAny(edited.touched)) return { docIds: [], tree: docs.load(edited.treeId) };
  for (const [blob, bytes] of edited.blobs) storeBlob(db, blob, bytes);
  // The projector is lent what was written, so that it loads none of these docs again.
  const saved = edits.save();
  for (const [docId, { seq, doc }] of saved) {
    if (docId === edited.treeId) projector.lend(docId, seq, doc, edited.treeChanges);
    else projector.lendBody(docId, seq, doc);
  }
  projector.settle();
  // The tree as saved is the copy written: loading it again took ~100 ms for 1,000 pages, each time it was read.
  const tree = saved.get(edited.treeId)?.doc ?? docs.load(edited.treeId);
  const documents = [...readPages(tree).values()].filter((page) => page.type === 'document');
  return { docIds: [edited.treeId, ...documents.map((page) => pageDoc(write.spaceId, write.branch, page.id))], tree };
}

/** Whether an import's touched pages and files (`importTouches`) name any: every change it makes to the tree or a body names one. */
export const touchesAny = (touched: { pages: Set<string>; files: Set<string> }) => touched.pages.size > 0 || touched.files.size > 0;

/** The pages (fields, body, or deleted) and files the import would change on the branch (none: it changes nothing): its edits made on copies and dropped. */
export function importTouches(docs: DocStore, projector: Projector, write: ImportWrite): { pages: Set<string>; files: Set<string> } {
  return editImport(docs, new DocEdits(docs), projector, write).touched;
}

/** The import's edits, made on the request's copies of the branch's docs; nothing is saved. */
function editImport(docs: DocStore, edits: DocEdits, projector: Projector, write: ImportWrite) {
  const treeId = treeDoc(write.spaceId, write.branch);
  const tree = edits.open(treeId);
  const treeChanges = watchTree(tree);
  const existing = readPages(tree);
  const touched = { pages: new Set<string>(), files: new Set<string>() };
  const blobs = new Map<string, Uint8Array>();
  const lastChild = new Map<string | null, string | null>();
  const siblings = childrenIndex(existing);
  const inPlace = write.structure ? parentsInOrder(write, siblings) : new Set<string | null>();
  // One Yjs transaction for the whole tree: one per page cost ~140 ms of a 1,000-page import in Yjs's cleanup.
  tree.transact(() => {
    for (const page of write.imported.pages) {
      const id = write.pageIds.get(page.key)!;
      const parent = parentOf(write, page);
      const before = existing.get(id);
      const isNew = !before;
      const fields: Partial<TreePage> = {};
      if (before && write.structure && inPlace.has(parent)) {
        // Its siblings already stand in the imported order: the page keeps its place.
        lastChild.set(parent, before.position);
      } else if (isNew || write.structure) {
        const previous = lastChild.get(parent) ?? null;
        // New pages under a parent the import does not restructure go after its last child.
        const after = previous ?? (isNew && !write.structure ? (siblings.get(parent)?.at(-1)?.position ?? null) : null);
        fields.parent = parent;
        fields.position = positionBetween(after, null);
        lastChild.set(parent, fields.position);
      }
      if (isNew || write.changed.has(page.key)) {
        fields.type = page.type;
        fields.title = page.title;
        fields.slug = slugOf(page.path, page.title);
        fields.description = page.description;
        fields.emoji = page.emoji;
        fields.hidden = page.hidden;
        if (page.type === 'link') fields.target = { kind: 'url', url: page.url ?? '' };
        if (isNew) fields.createdAt = write.now;
      }
      const differs = Object.fromEntries(
        Object.entries(fields).filter(([key, value]) => JSON.stringify((before as Record<string, unknown> | undefined)?.[key]) !== JSON.stringify(value)),
      );
      if (Object.keys(differs).length > 0) {
        setPageFields(tree, id, differs);
        touched.pages.add(id);
      }
      if (page.body && (isNew || write.changed.has(page.key))) {
        const docId = pageDoc(write.spaceId, write.branch, id);
        // A new page's body the worker already wrote into a new doc: appended as it is, its rows written from the facts read there.
        const built = isNew ? page.built : undefined;
        if (built && edits.create(docId, built, (seq) => projector.lendBodyFacts(docId, seq, built.facts))) {
          touched.pages.add(id);
        } else {
          const doc = edits.open(docId);
          const previous = isNew ? undefined : readBody(doc);
          const body = previous ? reconcileIds(previous, page.body) : page.body;
          if (!previous || JSON.stringify(withoutIds(previous)) !== JSON.stringify(withoutIds(body))) {
            const result = writeBody(doc, body);
            if (!result.ok) throw new Error(`page ${page.key} does not fit the content model`);
            touched.pages.add(id);
          }
        }
      }
    }
    for (const id of write.removedPages) {
      if (pagesMap(tree).has(id)) {
        pagesMap(tree).delete(id);
        touched.pages.add(id);
      }
    }

    const files = readFiles(tree);
    for (const file of write.imported.files) {
      const id = write.fileIds.get(file.path)!;
      const blob = sha256(file.bytes);
      const before = files.get(id);
      if (before?.blob === blob && before.name === file.name) continue;
      blobs.set(blob, file.bytes);
      setFile(tree, { id, name: file.name, contentType: file.contentType, size: file.bytes.length, blob, createdAt: before?.createdAt ?? write.now });
      touched.files.add(id);
    }
    for (const id of write.removedFiles) {
      if (filesMap(tree).has(id)) {
        filesMap(tree).delete(id);
        touched.files.add(id);
      }
    }
  });
  return { treeId, treeChanges, blobs, touched };
}

/** Parents under which the pages the import places already stand, in the imported order. */
function parentsInOrder(write: ImportWrite, siblings: ReadonlyMap<string | null, TreePage[]>): Set<string | null> {
  const wanted = new Map<string | null, string[]>();
  for (const page of write.imported.pages) {
    const parent = parentOf(write, page);
    const ids = wanted.get(parent);
    if (ids) ids.push(write.pageIds.get(page.key)!);
    else wanted.set(parent, [write.pageIds.get(page.key)!]);
  }
  const inPlace = new Set<string | null>();
  for (const [parent, ids] of wanted) {
    const placed = new Set(ids);
    const standing = (siblings.get(parent) ?? []).filter((page) => placed.has(page.id)).map((page) => page.id);
    if (standing.length === ids.length && standing.every((id, i) => id === ids[i])) inPlace.add(parent);
  }
  return inPlace;
}

/** The id of an imported page's parent (null at the top). */
function parentOf(write: ImportWrite, page: ImportWrite['imported']['pages'][number]): string | null {
  return page.parentKey === null ? null : write.pageIds.get(page.parentKey)!;
}

/** A page's slug: its file's name (a folder's README: the folder's), else its title's. */
function slugOf(path: string | undefined, title: string): string {
  if (!path) return slugFromTitle(title);
  const parts = path.replace(/\.md$/i, '').split('/');
  const name = parts.at(-1)!.toLowerCase() === 'readme' ? parts.at(-2) : parts.at(-1);
  return name ? slugFromTitle(name) : slugFromTitle(title);
}

function withoutIds(node: PmNodeJson): unknown {
  const { attrs, content, ...rest } = node;
  const { id: _id, ...others } = (attrs ?? {}) as Record<string, unknown>;
  return { ...rest, attrs: others, content: content?.map(withoutIds) };
}
