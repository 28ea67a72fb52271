import { createHash } from 'node:crypto';
import { stringify as stringifyYaml } from 'yaml';
import { pmToMarkdown, type PmNodeJson } from '../../../../../src-shared/content/index.js';
import { DEFAULT_CONFIG, type LayoutConfig } from './config.js';
import { gitbookBlocksOut } from './gitbook-blocks.js';
import { addressOf, mapAddresses, type SpacePaths } from './links.js';
import { within } from './paths.js';
import { writeSummary, type SummaryEntry, type SummaryGroup } from './summary.js';

/** A page of the space as the export sees it, in tree order (parents before children, siblings in order). */
export interface SpacePage {
  id: string;
  type: 'document' | 'group' | 'link';
  title: string;
  slug: string;
  parent: string | null;
  description?: string;
  emoji?: string;
  hidden?: boolean;
  /** A link page's address. */
  url?: string;
  /** What changes when the page's file would: its fields and its body's hash. */
  signature: string;
}

export interface SpaceFile {
  id: string;
  name: string;
  /** SHA-256 of the bytes. */
  blob: string;
}

/** What the last sync left of each file: enough to tell whether the file as it stands still says what the space says. */
export interface SyncedPage {
  path: string;
  parent: string | null;
  signature: string;
  /**
   * SHA-256 of Folio's rendering of the page when it was last written; '' after an import, where
   * the file's blob id (`oids`) stands for it: a rendering equal to either keeps the file as it is.
   */
  rendered: string;
  extraFront?: Record<string, unknown>;
}

export interface LayoutState {
  config: LayoutConfig;
  summaryPath: string;
  /** SHA-256 of the SUMMARY.md the space's tree rendered to when it was last synced. */
  summaryRendered?: string;
  pages: Map<string, SyncedPage>;
  files: Map<string, { path: string; blob: string }>;
  /** Page id by the key that named it in the repository (its path, or a group's or link's place). */
  keys: Map<string, string>;
  /** Git's blob id of each file as the last sync left it, to tell which files a new commit changed. */
  oids: Map<string, string>;
  /**
   * Ids that imports into change requests gave to pages (by key) and files (by path) main did not
   * hold then: a later import gives them the same ids, so that merging both change requests makes
   * no copies, and a later deletion in the repository reaches them.
   */
  proposedKeys?: Map<string, string>;
  proposedFiles?: Map<string, string>;
  /** A first import that went into a change request, which brings the link back in step once merged (sync-steps.ts, `syncBase`). */
  reconciling?: Reconciling;
  /**
   * The repository's content as Folio holds it, where it may differ from `pages` and `files` (which
   * tell an export what main changed): each page's signature and each file's blob as the last
   * imported commit gives them, kept by imports that leave the link out of step, for an import-only
   * link's rule (sync-steps.ts, `untouchedInMain`). Absent, `pages` and `files` stand for it.
   */
  gitPages?: Map<string, string>;
  gitFiles?: Map<string, string>;
}

export interface Reconciling {
  changeRequest: string;
  /** The revision the import cut in it, and main's then: a merge of exactly these leaves main as the commit. */
  revision: string;
  base: string;
  /** The state (`stateToJson`) the import would have left had it gone into main. */
  layout: string;
}

export const emptyState = (config: LayoutConfig = DEFAULT_CONFIG): LayoutState => ({
  config,
  summaryPath: within(config.root, config.summary),
  pages: new Map(),
  files: new Map(),
  keys: new Map(),
  oids: new Map(),
});

/** The state as stored (JSON). */
export function stateToJson(state: LayoutState): string {
  return JSON.stringify({
    ...state, pages: [...state.pages], files: [...state.files], keys: [...state.keys], oids: [...state.oids],
    ...(state.proposedKeys ? { proposedKeys: [...state.proposedKeys] } : {}),
    ...(state.proposedFiles ? { proposedFiles: [...state.proposedFiles] } : {}),
    ...(state.gitPages ? { gitPages: [...state.gitPages] } : {}),
    ...(state.gitFiles ? { gitFiles: [...state.gitFiles] } : {}),
  });
}

export function stateFromJson(json: string): LayoutState {
  const raw = JSON.parse(json) as Record<string, unknown>;
  return {
    ...(raw as unknown as LayoutState),
    pages: new Map(raw.pages as [string, SyncedPage][]),
    files: new Map(raw.files as [string, { path: string; blob: string }][]),
    keys: new Map(raw.keys as [string, string][]),
    oids: new Map(raw.oids as [string, string][]),
    ...(raw.proposedKeys ? { proposedKeys: new Map(raw.proposedKeys as [string, string][]) } : {}),
    ...(raw.proposedFiles ? { proposedFiles: new Map(raw.proposedFiles as [string, string][]) } : {}),
    ...(raw.gitPages ? { gitPages: new Map(raw.gitPages as [string, string][]) } : {}),
    ...(raw.gitFiles ? { gitFiles: new Map(raw.gitFiles as [string, string][]) } : {}),
  };
}

/** Git's id of a blob holding `bytes`. */
export const blobOid = (bytes: Uint8Array) => createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');

/** A branch's pages in tree order and its files, as Git Sync reads them (`readSpace`). */
export interface SpaceListing {
  pages: SpacePage[];
  files: SpaceFile[];
}

export interface ExportPlan {
  /** Text of the files to write; file bytes to write, by the SHA-256 of their blob. */
  writes: Map<string, { text: string } | { blob: string }>;
  deletes: Set<string>;
  state: LayoutState;
  /** Page id by the key an import of the written repository would give each page. */
  keys: Map<string, string>;
}

export const sha256 = (text: string | Uint8Array) => createHash('sha256').update(text).digest('hex');

/**
 * The files that change in the repository for the space as it is now, against what the last
 * sync left (`state`): a page whose fields, body and links did not change keeps its file byte for
 * byte; an edited page rewrites its file only; SUMMARY.md is rewritten only when the tree it
 * renders changed; a deleted page deletes its file, a moved page moves it. `body` gives the
 * bodies of the pages to render (new, edited or moved pages, and pages linking to moved ones);
 * every other page keeps its file untouched.
 */
export function planExport(pages: readonly SpacePage[], files: readonly SpaceFile[], state: LayoutState, body: (pageId: string) => PmNodeJson | undefined): ExportPlan {
  const root = state.config.root;
  const paths = planPaths(pages, state);
  const filePaths = planFilePaths(files, state, root);
  const spacePaths: SpacePaths = { pages: paths, files: new Map([...filePaths].map(([id, path]) => [id, path])) };
  const writes: ExportPlan['writes'] = new Map();
  const deletes = new Set<string>();
  const next: LayoutState = { ...state, pages: new Map(), files: new Map() };

  for (const page of pages) {
    const path = paths.get(page.id);
    if (page.type !== 'document' || path === undefined) continue;
    const synced = state.pages.get(page.id);
    const given = body(page.id);
    if (synced && synced.path === path && given === undefined) {
      next.pages.set(page.id, { ...synced, parent: page.parent });
      continue;
    }
    const text = renderPage(page, given ?? { type: 'doc', content: [] }, path, spacePaths, synced?.extraFront);
    const rendered = sha256(text);
    next.pages.set(page.id, { path, parent: page.parent, signature: page.signature, rendered, ...(synced?.extraFront ? { extraFront: synced.extraFront } : {}) });
    const same = synced?.path === path && (synced.rendered ? synced.rendered === rendered : state.oids.get(path) === blobOid(Buffer.from(text, 'utf8')));
    if (same) continue;
    writes.set(path, { text });
    if (synced && synced.path !== path) deletes.add(synced.path);
  }
  for (const [id, synced] of state.pages) if (!next.pages.has(id) && !writes.has(synced.path)) deletes.add(synced.path);

  for (const file of files) {
    const path = filePaths.get(file.id)!;
    const synced = state.files.get(file.id);
    next.files.set(file.id, { path, blob: file.blob });
    if (synced?.path === path && synced.blob === file.blob) continue;
    writes.set(path, { blob: file.blob });
    if (synced && synced.path !== path) deletes.add(synced.path);
  }
  for (const [id, synced] of state.files) if (!next.files.has(id) && !writes.has(synced.path)) deletes.add(synced.path);

  const groups = summaryGroups(pages, paths);
  const summary = writeSummary(groups, state.summaryPath);
  const summaryRendered = sha256(summary);
  if (summaryRendered !== state.summaryRendered) writes.set(state.summaryPath, { text: summary });
  next.summaryRendered = summaryRendered;
  for (const path of writes.keys()) deletes.delete(path);
  // Groups and link pages are keyed by their place in SUMMARY.md; while it stays as it was, so do their keys.
  const keys = keysOf(groups, pages, paths);
  if (!writes.has(state.summaryPath)) {
    for (const [key, id] of keys) if (key.startsWith('group:') || key.startsWith('link:')) keys.delete(key);
    for (const [key, id] of state.keys) if (key.startsWith('group:') || key.startsWith('link:')) keys.set(key, id);
  }
  return { writes, deletes, state: next, keys };
}

/**
 * Each document page's file: the path it was synced at while its parent stays the same; else,
 * for a new or moved page, `<slug>.md` (or `<slug>/README.md` for a page with children) in its
 * parent's folder. The first page of a space without a README gets the root's README.md.
 */
export function planPaths(pages: readonly SpacePage[], state: LayoutState): Map<string, string> {
  const root = state.config.root;
  const paths = new Map<string, string>();
  const taken = new Set<string>();
  const hasChildren = new Set(pages.map((page) => page.parent).filter((parent): parent is string => parent !== null));
  const folders = new Map<string | null, string>([[null, root]]);
  for (const page of pages) {
    const synced = state.pages.get(page.id);
    if (synced && synced.parent === page.parent) {
      paths.set(page.id, synced.path);
      taken.add(synced.path);
    }
  }
  const readme = within(root, state.config.readme);
  for (const page of pages) {
    const folder = folders.get(page.parent) ?? root;
    if (page.type === 'document' && !paths.has(page.id)) {
      let path: string;
      if (page.parent === null && !taken.has(readme) && pages.find((first) => first.type === 'document') === page) path = readme;
      else {
        const base = page.slug || 'page';
        const wanted = (n: number) => within(folder, hasChildren.has(page.id) ? `${base}${n ? `-${n}` : ''}/README.md` : `${base}${n ? `-${n}` : ''}.md`);
        let n = 0;
        while (taken.has(wanted(n))) n++;
        path = wanted(n);
      }
      paths.set(page.id, path);
      taken.add(path);
    }
    const own = paths.get(page.id);
    folders.set(page.id, own === undefined ? within(folder, page.slug || 'group') : own.endsWith('/README.md') || own === 'README.md' ? dirOf(own) : own.replace(/\.md$/i, ''));
  }
  return paths;
}

function planFilePaths(files: readonly SpaceFile[], state: LayoutState, root: string): Map<string, string> {
  const paths = new Map<string, string>();
  const taken = new Set([...state.files.values()].map((file) => file.path));
  for (const file of files) {
    const synced = state.files.get(file.id);
    if (synced) {
      paths.set(file.id, synced.path);
      continue;
    }
    const dot = file.name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [file.name.slice(0, dot), file.name.slice(dot)] : [file.name, ''];
    let n = 0;
    const wanted = () => within(root, `.gitbook/assets/${stem}${n ? ` (${n})` : ''}${ext}`);
    while (taken.has(wanted())) n++;
    paths.set(file.id, wanted());
    taken.add(wanted());
  }
  return paths;
}

const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');

/** A page's file: front matter (description, emoji, hidden and the keys the space keeps for it), its title as the first heading, its body. */
export function renderPage(page: SpacePage, body: PmNodeJson, path: string, paths: SpacePaths, extraFront?: Record<string, unknown>): string {
  const front: Record<string, unknown> = {};
  if (page.description) front.description = page.description;
  if (page.emoji) front.emoji = page.emoji;
  if (page.hidden) front.hidden = true;
  Object.assign(front, extraFront ?? {});
  const linked = mapAddresses(body, (href) => addressOf(href, path, paths));
  const markdown = pmToMarkdown(linked);
  const text = gitbookBlocksOut(markdown.ok ? markdown.value : '');
  const head = Object.keys(front).length > 0 ? `---\n${stringifyYaml(front).trimEnd()}\n---\n\n` : '';
  // A body that already opens with the title as its top heading keeps that one.
  const first = body.content?.[0];
  const titled = first?.type === 'heading' && first.attrs?.level === 1 && (first.content ?? []).map((node) => node.text ?? '').join('') === page.title;
  if (titled) return `${head}${text}`;
  return `${head}# ${page.title.replace(/\n/g, ' ')}\n${text ? `\n${text}` : ''}`;
}

type Identified<T> = T & { id?: string };

/** The table of contents of the tree: groups at the top as `##` sections, link pages as links; each entry knows its page. */
function summaryGroups(pages: readonly SpacePage[], paths: ReadonlyMap<string, string>): Identified<SummaryGroup>[] {
  const children = new Map<string | null, SpacePage[]>();
  for (const page of pages) children.set(page.parent, [...(children.get(page.parent) ?? []), page]);
  const entry = (page: SpacePage): Identified<SummaryEntry>[] => {
    const nested = (children.get(page.id) ?? []).flatMap(entry);
    if (page.type === 'link') return [{ kind: 'link', title: page.title, url: page.url ?? '', children: nested, id: page.id }];
    const path = paths.get(page.id);
    return path === undefined ? nested : [{ kind: 'page', title: page.title, path, children: nested, id: page.id }];
  };
  const groups: Identified<SummaryGroup>[] = [{ title: null, entries: [] }];
  for (const page of children.get(null) ?? []) {
    if (page.type === 'group') groups.push({ title: page.title, entries: (children.get(page.id) ?? []).flatMap(entry), id: page.id });
    else groups.at(-1)!.entries.push(...entry(page));
  }
  return groups.filter((group, i) => i > 0 || group.entries.length > 0);
}

/** SUMMARY.md of the tree. */
export function renderSummary(pages: readonly SpacePage[], paths: ReadonlyMap<string, string>, at: string): string {
  return writeSummary(summaryGroups(pages, paths), at);
}

/**
 * Page and file ids by the key an import of the space's export would give each: a first import
 * into a space that already has pages matches them by path rather than adding copies (a link set
 * again on another device, a folder imported twice).
 */
export function exportedKeys(pages: readonly SpacePage[], files: readonly SpaceFile[], config: LayoutConfig): Map<string, string> {
  const state = emptyState(config);
  const paths = planPaths(pages, state);
  const keys = keysOf(summaryGroups(pages, paths), pages, paths);
  for (const [id, path] of planFilePaths(files, state, config.root)) keys.set(path, id);
  return keys;
}

/** The keys `readRepository` gives the pages of a SUMMARY.md written from `groups` (see its `add`). */
function keysOf(groups: readonly Identified<SummaryGroup>[], pages: readonly SpacePage[], paths: ReadonlyMap<string, string>): Map<string, string> {
  const keys = new Map<string, string>();
  for (const page of pages) {
    const path = paths.get(page.id);
    if (path) keys.set(path, page.id);
  }
  const visit = (entry: Identified<SummaryEntry>, place: string) => {
    if (entry.kind === 'link' && entry.id) keys.set(`link:${place}`, entry.id);
    entry.children.forEach((child, i) => visit(child, `${place}.${i}`));
  };
  for (const [g, group] of groups.entries()) {
    if (group.title !== null && group.id) keys.set(`group:${g}`, group.id);
    group.entries.forEach((entry, i) => visit(entry, `${g}.${i}`));
  }
  return keys;
}
