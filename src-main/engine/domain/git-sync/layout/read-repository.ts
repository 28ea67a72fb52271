import { parse as parseYaml } from 'yaml';
import { markdownToPm, type PmNodeJson } from '../../../../../src-shared/content/index.js';
import { readConfig, type LayoutConfig } from './config.js';
import { gitbookBlocksIn } from './gitbook-blocks.js';
import { mapAddresses, resolveAddress, type RepositoryIndex } from './links.js';
import { isMarkdown, pathOfLink, resolveFrom, under, within } from './paths.js';
import { readSummary, type SummaryEntry, type SummaryGroup } from './summary.js';
import type { BuiltBody } from '../../content/built-body.js';

/** One file of a repository's tree at a commit. */
export interface RepositoryFile {
  path: string;
  /** Git's mode: `100644`, `100755`, `120000` (a symlink), `160000` (a submodule). */
  mode: string;
  /** The file's size; `bytes` is empty for a file read without them (over a limit). */
  size: number;
  bytes: Uint8Array;
}

export const LIMITS = {
  /** A Markdown page's file. */
  pageBytes: 2 * 1024 * 1024,
  /** Any other file brought into the space. */
  fileBytes: 20 * 1024 * 1024,
  pages: 10_000,
};

/** A page read from a repository, keyed by what names it there (its file's path, or its place for a group or link). */
export interface ImportedPage {
  key: string;
  parentKey: string | null;
  type: 'document' | 'group' | 'link';
  title: string;
  /** Its file, for a document. */
  path?: string;
  description?: string;
  emoji?: string;
  hidden?: boolean;
  /** A link page's address. */
  url?: string;
  /** Front matter keys the space has no field for, written back as they were. */
  extraFront?: Record<string, unknown>;
  body?: PmNodeJson;
  /** The body written into a new doc where it was read, for a page the space does not have yet (content/built-body.ts). */
  built?: BuiltBody;
}

export interface ImportedFile {
  path: string;
  name: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface ImportedRepository {
  config: LayoutConfig;
  /** Parents before children, siblings in order. */
  pages: ImportedPage[];
  files: ImportedFile[];
  /** Repository path of the SUMMARY.md read, when there is one. */
  summaryPath?: string;
}

export type ReadFailure = { stage: 'config_check' | 'content_process'; message: string };
export type ReadResult = { ok: true; value: ImportedRepository } | { ok: false; error: ReadFailure };

const fail = (stage: ReadFailure['stage'], message: string): ReadResult => ({ ok: false, error: { stage, message } });

/**
 * Reads a repository in the service's layout. `ids` names each page and file (by key and path)
 * in the space, so that links between them become references: the caller hands out the ids its
 * earlier syncs gave the same files. Every failure names its stage and the file at fault.
 */
export function readRepository(
  files: ReadonlyMap<string, RepositoryFile>,
  ids: (key: string) => string,
  projectDirectory = '',
  onPage?: (done: number, total: number) => void,
): ReadResult {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const text = (path: string): string | ReadFailure => {
    const file = files.get(path)!;
    if (file.mode === '120000') return { stage: 'content_process', message: `${path} is a symbolic link; Git Sync reads only regular files` };
    if (file.size > LIMITS.pageBytes) return { stage: 'content_process', message: `${path} is ${file.size} bytes, over the ${LIMITS.pageBytes}-byte limit of a page` };
    if (file.bytes.includes(0)) return { stage: 'content_process', message: `${path} is a binary file where a Markdown page is expected` };
    try {
      return decoder.decode(file.bytes);
    } catch {
      return { stage: 'content_process', message: `${path} is not UTF-8 text where a Markdown page is expected` };
    }
  };

  const configPath = within(projectDirectory, '.gitbook.yaml');
  let configText: string | undefined;
  if (files.has(configPath)) {
    const read = text(configPath);
    if (typeof read !== 'string') return fail('config_check', read.message);
    configText = read;
  }
  const configRead = readConfig(configText, projectDirectory);
  if (!configRead.ok) return fail('config_check', configRead.message);
  const config = configRead.config;
  const readmePath = within(config.root, config.readme);
  const summaryPath = within(config.root, config.summary);

  // The pages' structure: SUMMARY.md's entries first, then Markdown files it does not name.
  const structure: ImportedPage[] = [];
  const placed = new Set<string>();
  let summary: SummaryGroup[] | undefined;
  if (files.has(summaryPath)) {
    const read = text(summaryPath);
    if (typeof read !== 'string') return fail('config_check', read.message);
    const parsed = readSummary(read, summaryPath);
    if (!parsed.ok) return fail('config_check', parsed.message);
    summary = parsed.groups;
  }
  if (files.has(readmePath)) {
    structure.push({ key: readmePath, parentKey: null, type: 'document', title: '', path: readmePath });
    placed.add(readmePath);
  }
  if (summary) {
    let readmeNamed = false;
    const add = (entry: SummaryEntry, parentKey: string | null, place: string): string | undefined => {
      if (entry.kind === 'link') {
        const key = `link:${place}`;
        structure.push({ key, parentKey, type: 'link', title: entry.title, url: entry.url });
        return entry.children.map((child, i) => add(child, key, `${place}.${i}`)).find(Boolean);
      }
      if (!files.has(entry.path)) return `SUMMARY.md names ${entry.path}, which is not in the repository`;
      if (placed.has(entry.path)) {
        // The README stands first already; SUMMARY.md naming it (the first time) titles it and puts
        // it where it says — often first in the first group, with pages nested under it.
        if (entry.path === readmePath && !readmeNamed) {
          readmeNamed = true;
          const readme = structure.splice(structure.findIndex((page) => page.key === readmePath), 1)[0]!;
          structure.push({ ...readme, title: entry.title, parentKey });
          return entry.children.map((child, i) => add(child, parentKey === null ? null : readmePath, `${place}.${i}`)).find(Boolean);
        }
        return `SUMMARY.md names ${entry.path} twice`;
      }
      placed.add(entry.path);
      structure.push({ key: entry.path, parentKey, type: 'document', title: entry.title, path: entry.path });
      return entry.children.map((child, i) => add(child, entry.path, `${place}.${i}`)).find(Boolean);
    };
    for (const [g, group] of summary.entries()) {
      let parentKey: string | null = null;
      if (group.title !== null) {
        parentKey = `group:${g}`;
        structure.push({ key: parentKey, parentKey: null, type: 'group', title: group.title });
      }
      const problem = group.entries.map((entry, i) => add(entry, parentKey, `${g}.${i}`)).find(Boolean);
      if (problem) return fail('config_check', problem);
    }
  }
  discover(files, config, placed, structure, summaryPath);
  if (structure.length > LIMITS.pages) return fail('content_process', `the repository has ${structure.length} pages, over the limit of ${LIMITS.pages}`);

  // Files: everything under .gitbook/assets, and any other non-Markdown file a page links to.
  const assets = within(config.root, '.gitbook/assets/');
  const imported: ImportedFile[] = [];
  const fileIds = new Map<string, string>();
  const addFile = (path: string): ReadFailure | undefined => {
    if (fileIds.has(path)) return undefined;
    const file = files.get(path)!;
    if (file.mode === '120000') return { stage: 'content_process', message: `${path} is a symbolic link; Git Sync reads only regular files` };
    if (file.size > LIMITS.fileBytes) return { stage: 'content_process', message: `${path} is ${file.size} bytes, over the ${LIMITS.fileBytes}-byte limit of a file` };
    fileIds.set(path, ids(path));
    imported.push({ path, name: path.split('/').at(-1)!, contentType: contentTypeOf(path), bytes: file.bytes });
    return undefined;
  };
  for (const path of [...files.keys()].sort()) {
    if (path.startsWith(assets) && files.get(path)!.mode !== '160000') {
      const problem = addFile(path);
      if (problem) return { ok: false, error: problem };
    }
  }

  const pageIds = new Map<string, string>();
  for (const page of structure) if (page.path) pageIds.set(page.path, ids(page.key));
  const index: RepositoryIndex = { pages: pageIds, files: fileIds };

  for (const [done, page] of structure.entries()) {
    onPage?.(done, structure.length);
    if (!page.path) continue;
    const read = text(page.path);
    if (typeof read !== 'string') return { ok: false, error: read };
    const front = frontMatterOf(read);
    const parsed = markdownToPm(gitbookBlocksIn(read));
    if (!parsed.ok) return fail('content_process', `${page.path}: ${"message" in parsed.error ? parsed.error.message : parsed.error.kind}`);
    let body = parsed.value.body;
    // The first top heading is the page's title, as the service writes it.
    const first = body.content?.[0];
    if (first?.type === 'heading' && first.attrs?.level === 1) {
      page.title = (first.content ?? []).map((node) => node.text ?? '').join('') || page.title;
      body = { ...body, content: body.content!.slice(1) };
    }
    // Files a page links to outside .gitbook/assets come along too.
    const problem = referencedFiles(body, page.path, files, (path) => addFile(path));
    if (problem) return { ok: false, error: problem };
    page.body = mapAddresses(body, (address) => resolveAddress(address, page.path!, index));
    const meta = parsed.value.meta;
    if (!page.title) page.title = meta.title ?? titleOfPath(page.path);
    if (meta.description !== undefined) page.description = meta.description;
    if (meta.emoji !== undefined) page.emoji = meta.emoji;
    if (front.hidden === true) page.hidden = true;
    const extra = Object.fromEntries(Object.entries(front).filter(([key]) => !['title', 'description', 'emoji', 'hidden'].includes(key)));
    if (Object.keys(extra).length > 0) page.extraFront = extra;
  }
  return { ok: true, value: { config, pages: structure, files: imported, ...(summary ? { summaryPath } : {}) } };
}

/**
 * Markdown files SUMMARY.md does not name become pages by the folder tree: a folder's README.md
 * holds the pages of its folder, other files stand beside it, in name order.
 */
function discover(files: ReadonlyMap<string, RepositoryFile>, config: LayoutConfig, placed: Set<string>, structure: ImportedPage[], summaryPath: string): void {
  const hidden = (path: string) => path.split('/').some((part) => part.startsWith('.')) || path === summaryPath;
  const left = [...files.keys()]
    .filter((path) => isMarkdown(path) && !placed.has(path) && under(config.root, path) !== undefined && !hidden(under(config.root, path)!))
    .sort((a, b) => depth(a) - depth(b) || (isReadme(b) ? 1 : 0) - (isReadme(a) ? 1 : 0) || a.localeCompare(b));
  const folderPage = new Map<string, string>();
  for (const page of structure) if (page.path && isReadme(page.path) && dirOf(page.path) !== config.root) folderPage.set(dirOf(page.path), page.key);
  for (const path of left) {
    const folder = dirOf(path);
    const parentFolder = isReadme(path) ? dirOf(folder) : folder;
    let parentKey = isReadme(path) && folder === config.root ? null : (folderPage.get(parentFolder) ?? nearest(folderPage, parentFolder, config.root));
    // A top folder without a README.md of its own groups its pages.
    const top = under(config.root, path)!.split('/');
    if (parentKey === null && top.length > 1 && !(isReadme(path) && top.length === 2)) {
      const key = `group:dir:${top[0]}`;
      if (!structure.some((page) => page.key === key)) structure.push({ key, parentKey: null, type: 'group', title: titleOfPath(`${top[0]}/README.md`) });
      parentKey = key;
    }
    structure.push({ key: path, parentKey, type: 'document', title: '', path });
    placed.add(path);
    if (isReadme(path)) folderPage.set(folder, path);
  }
}

const isReadme = (path: string) => /(^|\/)README\.md$/i.test(path);
const dirOf = (path: string) => (path.includes('/') ? path.slice(0, path.lastIndexOf('/')) : '');
const depth = (path: string) => path.split('/').length;

function nearest(folderPage: ReadonlyMap<string, string>, folder: string, root: string): string | null {
  for (let at = folder; at !== root && at !== ''; at = dirOf(at)) {
    const key = folderPage.get(at);
    if (key) return key;
  }
  return null;
}

function titleOfPath(path: string): string {
  const name = isReadme(path) ? (dirOf(path).split('/').at(-1) ?? '') : path.split('/').at(-1)!.replace(/\.md$/i, '');
  const words = name.replace(/[-_]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Introduction';
}

function frontMatterOf(markdown: string): Record<string, unknown> {
  const match = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/.exec(markdown);
  if (!match) return {};
  try {
    const value: unknown = parseYaml(match[1]!);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** Non-Markdown files of the repository that a body's links, images and file blocks name. */
function referencedFiles(body: PmNodeJson, from: string, files: ReadonlyMap<string, RepositoryFile>, add: (path: string) => ReadFailure | undefined): ReadFailure | undefined {
  let problem: ReadFailure | undefined;
  mapAddresses(body, (address) => {
    if (problem || /^[a-z][a-z0-9+.-]*:/i.test(address) || address.startsWith('#')) return undefined;
    const path = resolvePathOf(address, from);
    if (path !== undefined && !isMarkdown(path) && files.has(path) && files.get(path)!.mode !== '160000') problem = add(path);
    return undefined;
  });
  return problem;
}

function resolvePathOf(address: string, from: string): string | undefined {
  return resolveFrom(from, pathOfLink(address.split('#')[0]!.split('?')[0]!));
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml', webp: 'image/webp',
  pdf: 'application/pdf', json: 'application/json', yaml: 'application/yaml', yml: 'application/yaml', txt: 'text/plain',
  zip: 'application/zip', mp4: 'video/mp4', csv: 'text/csv',
};

export function contentTypeOf(path: string): string {
  return CONTENT_TYPES[path.split('.').at(-1)?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
