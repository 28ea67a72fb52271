import { mkdirSync, existsSync } from 'node:fs';
import { git, gitProblem, type GitResult } from './git.js';
import type { RepositoryFile } from '../../domain/git-sync/layout/read-repository.js';
import { credentialEnvironment, fullRef, type Remote } from '../../domain/git-sync/remote.js';

/**
 * A space's copy of its repository: a bare repository in the data dir (`git/<space id>.git`) that
 * fetches the ref, reads trees and blobs, writes commits with `git fast-import` and pushes them.
 * Every step is a git child process, so the engine's event loop only waits.
 */
/** `unreachable`: the repository did not answer (offline, no such host or path), as opposed to refusing. */
export type GitStep<T> = { ok: true; value: T } | { ok: false; message: string; unreachable?: boolean };

const UNREACHABLE = /could not resolve|connection refused|timed out|took longer than|failed to connect|network is unreachable|unable to access|does not appear to be a git repository|could not read from remote/i;

const failed = (result: GitResult, what: string): { ok: false; message: string; unreachable: boolean } => ({
  ok: false,
  message: `${what}: ${gitProblem(result)}`,
  unreachable: UNREACHABLE.test(result.stderr),
});

export class RepositoryCopy {
  constructor(
    readonly gitDir: string,
    private readonly remote: Remote,
    private readonly signal?: AbortSignal,
  ) {}

  private run(args: string[], input?: string | Buffer, remote = false) {
    return git(args, {
      gitDir: this.gitDir,
      input,
      signal: this.signal,
      ...(remote ? { transport: this.remote.transport, env: credentialEnvironment(this.remote.secret) } : {}),
    });
  }

  async init(): Promise<GitStep<void>> {
    if (existsSync(`${this.gitDir}/HEAD`)) return { ok: true, value: undefined };
    mkdirSync(this.gitDir, { recursive: true, mode: 0o700 });
    const result = await git(['init', '--bare', '--quiet', '--', this.gitDir], { signal: this.signal });
    return result.ok ? { ok: true, value: undefined } : failed(result, 'cannot create the repository copy');
  }

  /** Fetches `ref`; answers its commit, or undefined when the repository has no such ref. */
  async fetch(ref: string): Promise<GitStep<string | undefined>> {
    const result = await this.run(['fetch', '--quiet', '--no-tags', '--depth=1', '--', this.remote.url, `+${fullRef(ref)}:refs/folio/remote`], undefined, true);
    if (!result.ok) {
      if (/couldn't find remote ref|no such ref|not our ref/i.test(result.stderr)) return { ok: true, value: undefined };
      return failed(result, 'the repository cannot be fetched');
    }
    const head = await this.run(['rev-parse', '--verify', '--quiet', 'refs/folio/remote^{commit}']);
    return head.ok ? { ok: true, value: head.stdout.toString('utf8').trim() } : failed(head, 'the fetched ref is not a commit');
  }

  /** Every file of `commit`'s tree, with its bytes; files over `maxBytes` come without them (their size says why). */
  async files(commit: string, maxBytes: number): Promise<GitStep<Map<string, RepositoryFile & { oid: string }>>> {
    const listing = await this.run(['ls-tree', '-r', '-z', '-l', '--full-tree', commit]);
    if (!listing.ok) return failed(listing, 'the commit cannot be read');
    const entries: { mode: string; type: string; oid: string; size: number; path: string }[] = [];
    for (const line of listing.stdout.toString('utf8').split('\0')) {
      if (!line) continue;
      const tab = line.indexOf('\t');
      const [mode, type, oid, size] = line.slice(0, tab).split(/\s+/);
      entries.push({ mode: mode!, type: type!, oid: oid!, size: Number(size) || 0, path: line.slice(tab + 1) });
    }
    const wanted = entries.filter((entry) => entry.type === 'blob' && entry.size <= maxBytes);
    const batch = await this.run(['cat-file', '--batch'], wanted.map((entry) => entry.oid).join('\n') + '\n');
    if (!batch.ok) return failed(batch, 'the files cannot be read');
    const bytes = new Map<string, Uint8Array>();
    let at = 0;
    const out = batch.stdout;
    while (at < out.length) {
      const newline = out.indexOf(10, at);
      const [oid, , size] = out.subarray(at, newline).toString('utf8').split(' ');
      const length = Number(size);
      bytes.set(oid!, out.subarray(newline + 1, newline + 1 + length));
      at = newline + 1 + length + 1;
    }
    const files = new Map<string, RepositoryFile & { oid: string }>();
    for (const entry of entries) {
      files.set(entry.path, { path: entry.path, mode: entry.mode, oid: entry.oid, size: entry.size, bytes: bytes.get(entry.oid) ?? new Uint8Array(0) });
    }
    return { ok: true, value: files };
  }

  /** Messages of the commits after `from` up to `to` (newest first), for a change request's subject. */
  async subjects(from: string, to: string): Promise<string[]> {
    const result = await this.run(['log', '--format=%s', '-n', '20', `${from}..${to}`, '--']);
    return result.ok ? result.stdout.toString('utf8').split('\n').filter(Boolean) : [];
  }

  /**
   * The files Git finds renamed from `from` to `to` (new path to old), an edited file included
   * where at least half of it stayed (`-M`, Git's own measure). Empty when this copy lacks `from`
   * (a last sync made on another device): then only files moved unchanged are matched (`prepareImport`).
   */
  async renames(from: string, to: string): Promise<Map<string, string>> {
    const result = await this.run(['diff-tree', '-r', '-z', '-M', '--diff-filter=R', '--name-status', '--no-commit-id', from, to, '--']);
    const renames = new Map<string, string>();
    if (!result.ok) return renames;
    const fields = result.stdout.toString('utf8').split('\0');
    for (let at = 0; at + 2 < fields.length; at += 3) {
      if (fields[at]!.startsWith('R')) renames.set(fields[at + 2]!, fields[at + 1]!);
    }
    return renames;
  }

  /**
   * A commit on `parent` (none: a first commit) that writes and deletes the given paths, in one
   * `git fast-import` run. Answers its id.
   */
  async commit(
    parent: string | undefined,
    writes: ReadonlyMap<string, Uint8Array>,
    deletes: ReadonlySet<string>,
    author: { name: string; email: string },
    message: string,
    when: Date,
  ): Promise<GitStep<string>> {
    const parts: Buffer[] = [];
    const text = (value: string) => parts.push(Buffer.from(value, 'utf8'));
    const data = (bytes: Uint8Array) => {
      text(`data ${bytes.length}\n`);
      parts.push(Buffer.from(bytes));
      text('\n');
    };
    const seconds = Math.floor(when.getTime() / 1000);
    const person = `${clean(author.name) || 'Folio'} <${clean(author.email)}> ${seconds} +0000`;
    text('commit refs/folio/export\n');
    text(`author ${person}\ncommitter ${person}\n`);
    data(Buffer.from(message, 'utf8'));
    if (parent) text(`from ${parent}\n`);
    for (const path of deletes) text(`D ${quote(path)}\n`);
    for (const [path, bytes] of writes) {
      text(`M 100644 inline ${quote(path)}\n`);
      data(bytes);
    }
    text('done\n');
    const result = await this.run(['fast-import', '--quiet', '--force', '--done'], Buffer.concat(parts));
    if (!result.ok) return failed(result, 'the commit cannot be written');
    const head = await this.run(['rev-parse', '--verify', 'refs/folio/export^{commit}']);
    return head.ok ? { ok: true, value: head.stdout.toString('utf8').trim() } : failed(head, 'the commit cannot be found');
  }

  /** Pushes `commit` to `ref` without forcing: a ref that moved meanwhile refuses it. */
  async push(commit: string, ref: string): Promise<GitStep<void>> {
    const result = await this.run(['push', '--quiet', '--porcelain', '--', this.remote.url, `${commit}:${fullRef(ref)}`], undefined, true);
    return result.ok ? { ok: true, value: undefined } : failed(result, 'the commit cannot be pushed');
  }
}

/** Names and addresses in a commit header hold no angle brackets or line breaks. */
const clean = (value: string) => value.replace(/[<>\n\r]/g, '').trim();

/** A path as fast-import reads it: C-style quoted. */
function quote(path: string): string {
  return `"${path.replace(/[\\"]/g, (char) => `\\${char}`).replace(/\n/g, '\\n')}"`;
}
