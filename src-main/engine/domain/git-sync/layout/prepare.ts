import { newId } from '../../../core/ids.js';
import { readRepository, type ImportedRepository, type ReadFailure, type RepositoryFile } from './read-repository.js';
import { isMarkdown, within } from './paths.js';
import { readConfig } from './config.js';
import { emptyState, exportedKeys, renderSummary, sha256, type LayoutState, type SpaceListing, type SpacePage } from './write-repository.js';

/**
 * An import worked out before it touches the space: the repository read, and which pages and
 * files it changes against the last sync. Pure, so that it runs in a worker thread.
 */
export interface PreparedImport {
  imported: ImportedRepository;
  /** Page id by key, and file id by path: the last sync's where it had them. */
  keys: Map<string, string>;
  fileIds: Map<string, string>;
  changed: Set<string>;
  structure: boolean;
  removedPages: string[];
  removedFiles: string[];
  oids: Map<string, string>;
  summaryPath: string;
  /** SHA-256 of the SUMMARY.md the imported tree renders to. */
  summaryRendered: string;
  /** A first import into a space that had pages, matched to them by path: it goes into a change request. */
  reconciled: boolean;
  /** Files the repository renamed since the last sync, new path to old: each keeps its page's or file's id. */
  renamed: Map<string, string>;
}

export type PrepareResult = { ok: true; value: PreparedImport } | { ok: false; error: ReadFailure };

export function prepareImport(
  files: ReadonlyMap<string, RepositoryFile & { oid: string }>,
  previous: LayoutState | undefined,
  projectDirectory: string,
  /**
   * `onPage`: progress; `space`: on a first import, the space as it is, its pages matched by path;
   * `proposed`: the ids an earlier first import gave in a change request not merged (pages by key,
   * files by path), given again where main has nothing at that path, so that merging both makes no copies;
   * `renames`: files Git found renamed since the last sync (new path to old, `git diff-tree -M`).
   */
  { onPage, space, proposed, renames }: { onPage?: (done: number, total: number) => void; space?: SpaceListing; proposed?: ReadonlyMap<string, string>; renames?: ReadonlyMap<string, string> } = {},
): PrepareResult {
  const reconciled = !previous && space !== undefined && space.pages.length > 0;
  const ids = new Map([...(proposed ?? []), ...(reconciled ? spaceKeys(files, projectDirectory, space) : []), ...(previous?.proposedKeys ?? []), ...(previous?.proposedFiles ?? []), ...(previous?.keys ?? [])]);
  for (const [fileId, file] of previous?.files ?? []) ids.set(file.path, fileId);
  const renamed = previous ? renamedFiles(files, previous, ids, renames) : new Map<string, string>();
  for (const [path, from] of renamed) ids.set(path, ids.get(from)!);
  const idFor = (key: string) => {
    let known = ids.get(key);
    if (!known) ids.set(key, (known = newId()));
    return known;
  };
  const read = readRepository(files, idFor, projectDirectory, onPage);
  if (!read.ok) return read;
  const imported = read.value;
  const oids = new Map([...files].map(([path, file]) => [path, file.oid]));
  const changed = new Set(imported.pages.filter((page) => !previous || !page.path || previous.oids.get(page.path) !== oids.get(page.path)).map((page) => page.key));
  const summaryPath = imported.summaryPath ?? within(imported.config.root, imported.config.summary);
  const keys = new Map(imported.pages.map((page) => [page.key, idFor(page.key)]));
  const structure = !previous || previous.oids.get(summaryPath) !== oids.get(summaryPath) || [...keys.keys()].some((key) => !previous.keys.has(key));
  // A renamed page's or file's old path is gone, but its id lives on under the new one.
  const keptPages = new Set(keys.values());
  const removedPages = [...(previous?.keys ?? []), ...(previous?.proposedKeys ?? [])].filter(([key, pageId]) => !keys.has(key) && !keptPages.has(pageId)).map(([, pageId]) => pageId);
  const fileIds = new Map(imported.files.map((file) => [file.path, idFor(file.path)]));
  const keptFiles = new Set(fileIds.values());
  const removedFiles = [
    ...[...(previous?.files ?? [])].filter(([fileId, file]) => !fileIds.has(file.path) && !keptFiles.has(fileId)).map(([fileId]) => fileId),
    ...[...(previous?.proposedFiles ?? [])].filter(([path, fileId]) => !fileIds.has(path) && !keptFiles.has(fileId)).map(([, fileId]) => fileId),
  ];

  // The table of contents as the space will hold it, rendered the way an export renders it.
  const pages: SpacePage[] = imported.pages.map((page) => ({
    id: keys.get(page.key)!,
    type: page.type,
    title: page.title,
    slug: '',
    parent: page.parentKey === null ? null : keys.get(page.parentKey)!,
    signature: '',
    ...(page.description ? { description: page.description } : {}),
    ...(page.emoji ? { emoji: page.emoji } : {}),
    ...(page.hidden ? { hidden: true } : {}),
    ...(page.url !== undefined ? { url: page.url } : {}),
  }));
  const paths = new Map(imported.pages.filter((page) => page.path).map((page) => [keys.get(page.key)!, page.path!]));
  // Pages are not rendered now: an export renders only pages that changed, and compares them with their file's blob.
  return {
    ok: true,
    value: {
      imported, keys, fileIds, changed, structure, removedPages, removedFiles, oids, summaryPath,
      summaryRendered: sha256(renderSummary(pages, paths, summaryPath)),
      reconciled,
      renamed,
    },
  };
}

/**
 * The files renamed since the last sync whose page or file keeps its id (new path to old): those
 * Git found (`renames`, which also finds a file edited as it moved), then any other new path
 * holding the very bytes (blob id) of a path that is gone, the one case a folder or a zip shows.
 * Only a path gone from the repository gives its id away, to a path that has none yet, and each
 * once; several gone paths with the same bytes go to new paths of the same name first, then in order.
 */
function renamedFiles(
  files: ReadonlyMap<string, { oid: string }>,
  previous: LayoutState,
  ids: ReadonlyMap<string, string>,
  renames: ReadonlyMap<string, string> | undefined,
): Map<string, string> {
  const renamed = new Map<string, string>();
  const gone = new Set([...previous.oids.keys()].filter((path) => !files.has(path) && ids.has(path)));
  const take = (path: string, from: string) => {
    renamed.set(path, from);
    gone.delete(from);
  };
  // A page stays a page and a file a file: a Markdown file renamed to another kind is a new one.
  const sameKind = (path: string, from: string) => isMarkdown(path) === isMarkdown(from);
  for (const [path, from] of renames ?? []) if (files.has(path) && !ids.has(path) && gone.has(from) && sameKind(path, from)) take(path, from);
  const goneByOid = new Map<string, string[]>();
  for (const path of [...gone].sort()) {
    const oid = previous.oids.get(path)!;
    goneByOid.set(oid, [...(goneByOid.get(oid) ?? []), path]);
  }
  const added = [...files.keys()].filter((path) => !ids.has(path) && !renamed.has(path) && !previous.oids.has(path)).sort();
  const nameOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);
  for (const sameName of [true, false]) {
    for (const path of added) {
      const oid = files.get(path)!.oid;
      const candidates = oid ? goneByOid.get(oid) : undefined;
      if (renamed.has(path) || !candidates) continue;
      const index = candidates.findIndex((from) => sameKind(path, from) && (!sameName || nameOf(from) === nameOf(path)));
      if (index < 0) continue;
      take(path, candidates.splice(index, 1)[0]!);
    }
  }
  return renamed;
}

/** The space's ids by the key each page and file would have in the repository, read with the repository's own `.gitbook.yaml`. */
function spaceKeys(files: ReadonlyMap<string, RepositoryFile>, projectDirectory: string, space: SpaceListing): Map<string, string> {
  const yaml = files.get(within(projectDirectory, '.gitbook.yaml'));
  const config = readConfig(yaml ? Buffer.from(yaml.bytes).toString('utf8') : undefined, projectDirectory);
  return config.ok ? exportedKeys(space.pages, space.files, config.config) : new Map();
}

/**
 * The layout state right after an import into main: each page's file, its signature as the space
 * now holds it (`signatures`, from the projection) and its baseline rendering.
 */
export function importedState(prepared: PreparedImport, signatures: ReadonlyMap<string, { parent: string | null; signature: string }>, blobs: ReadonlyMap<string, string>): LayoutState {
  const state = emptyState(prepared.imported.config);
  state.summaryPath = prepared.summaryPath;
  state.summaryRendered = prepared.summaryRendered;
  state.keys = new Map(prepared.keys);
  state.oids = new Map(prepared.oids);
  for (const page of prepared.imported.pages) {
    const id = prepared.keys.get(page.key)!;
    const held = signatures.get(id);
    if (!page.path || !held) continue;
    state.pages.set(id, { path: page.path, parent: held.parent, signature: held.signature, rendered: '', ...(page.extraFront ? { extraFront: page.extraFront } : {}) });
  }
  for (const [path, fileId] of prepared.fileIds) {
    const blob = blobs.get(fileId);
    if (blob) state.files.set(fileId, { path, blob });
  }
  return state;
}
