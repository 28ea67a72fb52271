import { createHash } from 'node:crypto';
import { unzipSync, type UnzipFileInfo } from 'fflate';
import { prepareImport, type PreparedImport } from './prepare.js';
import { LIMITS, type ReadFailure, type RepositoryFile } from './read-repository.js';
import { fromWikilinks } from './wikilinks.js';
import { blobOid, type LayoutState, type SpaceListing } from './write-repository.js';

/**
 * A folder of Markdown uploaded as a zip (the app's "Import a folder", docs/git-sync.md): its
 * entries as a repository's files, bounded before anything is inflated. The bounds are the
 * sizes the zip declares; fflate inflates an entry into a buffer of its declared size and no
 * further, so a zip that lies about them yields cut files, never more memory.
 */
export const ARCHIVE_LIMITS = {
  /** Entries of any kind, directories included. */
  entries: 20_000,
  /** All entries inflated. */
  bytes: 512 * 1024 * 1024,
};

/** What a folder holds that is not the documentation (version control, editors' settings, macOS's zip leftovers). */
const SKIPPED = new Set(['.git', '.obsidian', '.trash', 'node_modules', '__MACOSX', '.DS_Store']);

export type ArchiveRead = { ok: true; files: Map<string, RepositoryFile & { oid: string }> } | { ok: false; message: string };

export function readArchive(zip: Uint8Array): ArchiveRead {
  let entries = 0;
  let bytes = 0;
  let problem: string | undefined;
  const oversize = new Map<string, number>();
  const refuse = (message: string) => {
    problem ??= message;
    return false;
  };
  let inflated: Record<string, Uint8Array>;
  try {
    inflated = unzipSync(zip, {
      filter: (entry: UnzipFileInfo) => {
        if (problem) return false;
        if (++entries > ARCHIVE_LIMITS.entries) return refuse(`the zip holds more than ${ARCHIVE_LIMITS.entries} entries`);
        if (entry.name.endsWith('/') || skipped(entry.name)) return false;
        if (!safePath(entry.name)) return refuse(`${entry.name}: a path in a zip must stay inside it (no "..", no leading "/", no "\\")`);
        // Over a file's limit: listed, without its bytes, as a repository's file would be.
        if (entry.originalSize > LIMITS.fileBytes) {
          oversize.set(entry.name, entry.originalSize);
          return false;
        }
        bytes += entry.originalSize;
        if (bytes > ARCHIVE_LIMITS.bytes) return refuse(`the zip's files come to more than ${ARCHIVE_LIMITS.bytes} bytes`);
        return true;
      },
    });
  } catch (error) {
    return { ok: false, message: `not a zip Folio can read: ${(error as Error).message}` };
  }
  if (problem) return { ok: false, message: problem };
  const empty = new Uint8Array(0);
  for (const [name, size] of oversize) inflated[name] = empty;
  const paths = Object.keys(inflated);
  if (paths.length === 0) return { ok: false, message: 'the zip holds no files' };
  // A zipped folder usually holds that folder: its contents are the space's.
  const top = commonFolder(paths);
  const files = new Map<string, RepositoryFile & { oid: string }>();
  for (const [name, data] of Object.entries(inflated)) {
    const path = name.slice(top.length);
    const size = oversize.get(name) ?? data.length;
    files.set(path, { path, mode: '100644', size, bytes: data, oid: blobOid(data) });
  }
  return { ok: true, files: withWikilinksResolved(files) };
}

/** Obsidian's links name notes and attachments by file name: read as relative links before anything else. */
export function withWikilinksResolved(files: Map<string, RepositoryFile & { oid: string }>): Map<string, RepositoryFile & { oid: string }> {
  const text = new TextDecoder();
  const bytes = new TextEncoder();
  for (const [path, file] of files) {
    if (!/\.md$/i.test(path) || file.bytes.length === 0) continue;
    const before = text.decode(file.bytes);
    const after = fromWikilinks(before, path, files.keys());
    if (after !== before) files.set(path, { ...file, bytes: bytes.encode(after) });
  }
  return files;
}

const skipped = (name: string) => name.split('/').some((segment) => SKIPPED.has(segment));

function safePath(name: string): boolean {
  if (name.startsWith('/') || name.includes('\\') || name.includes('\0')) return false;
  return name.split('/').every((segment) => segment !== '..' && segment !== '.' && segment !== '');
}

/** `docs/` when every file lies under `docs/`; '' otherwise. */
function commonFolder(paths: readonly string[]): string {
  const first = paths[0]!.split('/')[0]!;
  return paths.every((path) => path.startsWith(`${first}/`)) ? `${first}/` : '';
}

/** A folder's version, as a commit names a repository's: its files' paths and contents. */
export function folderVersion(files: ReadonlyMap<string, RepositoryFile & { oid: string }>): string {
  return createHash('sha1').update([...files.values()].map((file) => `${file.path}\0${file.oid}`).join('\n')).digest('hex');
}

/** A failure names its stage as a repository's would: reading the zip is its fetch. */
export type ArchivePrepared = { ok: true; value: PreparedImport; version: string } | { ok: false; error: { stage: ReadFailure['stage'] | 'repo_fetch'; message: string } };

/** A zip read into pages (a worker task: inflating and reading a thousand pages take seconds). */
export function prepareArchive(zip: Uint8Array, previous: LayoutState | undefined, reconcile: { space?: SpaceListing; proposed?: ReadonlyMap<string, string> } = {}): ArchivePrepared {
  const read = readArchive(zip);
  if (!read.ok) return { ok: false, error: { stage: 'repo_fetch', message: read.message } };
  const prepared = prepareImport(read.files, previous, '', reconcile);
  if (!prepared.ok) return prepared;
  return { ok: true, value: prepared.value, version: folderVersion(read.files) };
}
