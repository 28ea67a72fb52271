import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importedState, prepareImport, type PreparedImport } from '../../../../../src-main/engine/domain/git-sync/layout/prepare.js';
import type { RepositoryFile } from '../../../../../src-main/engine/domain/git-sync/layout/read-repository.js';
import { blobOid, type LayoutState } from '../../../../../src-main/engine/domain/git-sync/layout/write-repository.js';

type Files = Map<string, RepositoryFile & { oid: string }>;

function filesOf(entries: Record<string, string | Uint8Array>): Files {
  const files: Files = new Map();
  for (const [path, content] of Object.entries(entries)) {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    files.set(path, { path, mode: '100644', size: bytes.length, bytes, oid: blobOid(bytes) });
  }
  return files;
}

function prepared(files: Files, previous?: LayoutState, renames?: Map<string, string>): PreparedImport {
  const result = prepareImport(files, previous, '', { renames });
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** The state a sync leaves after importing `files` into main. */
function stateAfter(files: Files, previous?: LayoutState): { state: LayoutState; prepared: PreparedImport } {
  const value = prepared(files, previous);
  const signatures = new Map([...value.keys.values()].map((id) => [id, { parent: null, signature: id }]));
  const blobs = new Map([...value.fileIds.values()].map((id) => [id, `blob-${id}`]));
  return { state: importedState(value, signatures, blobs), prepared: value };
}

const idsByPath = (value: PreparedImport) => new Map([...value.keys, ...value.fileIds]);

describe('prepareImport, with files renamed since the last sync', () => {
  it('gives a page or file moved with its bytes unchanged (a folder or zip imported again) its id, and removes none of them', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 8 }),
        fc.array(fc.boolean(), { minLength: 8, maxLength: 8 }),
        (names, moved) => {
          const entries: Record<string, string | Uint8Array> = { 'README.md': '# Home\n' };
          for (const [i, name] of names.entries()) {
            entries[`${name}.md`] = `# Page ${name}\n\nWords of ${name}.\n`;
            entries[`.gitbook/assets/${name}.png`] = Uint8Array.from([137, 80, 78, 71, i, ...Buffer.from(name)]);
          }
          const first = stateAfter(filesOf(entries));
          const next: Record<string, string | Uint8Array> = {};
          const renamedTo = new Map<string, string>();
          for (const [path, content] of Object.entries(entries)) {
            const index = names.findIndex((name) => path.endsWith(`/${name}.png`) || path === `${name}.md`);
            const to = index >= 0 && moved[index] ? path.replace(/([a-z]+)\.(md|png)$/, 'moved/$1.$2') : path;
            next[to] = content;
            if (to !== path) renamedTo.set(path, to);
          }
          const second = prepared(filesOf(next), first.state);
          const before = idsByPath(first.prepared);
          const after = idsByPath(second);
          for (const [from, to] of renamedTo) expect(after.get(to)).toBe(before.get(from));
          expect(new Map(second.renamed)).toEqual(new Map([...renamedTo].map(([from, to]) => [to, from])));
          expect(second.removedPages).toEqual([]);
          expect(second.removedFiles).toEqual([]);
        },
      ),
    );
  });

  it('takes the renames Git found, an edited file included, and removes the page of a path that went without one', () => {
    const first = stateAfter(filesOf({ 'README.md': '# Home\n', 'usage.md': '# Usage\n\nType.\n', 'old.md': '# Old\n' }));
    const ids = idsByPath(first.prepared);
    const second = prepared(filesOf({ 'README.md': '# Home\n', 'how-to-use.md': '# Usage\n\nType away.\n', 'new.md': '# New\n' }), first.state, new Map([['how-to-use.md', 'usage.md']]));
    expect(second.keys.get('how-to-use.md')).toBe(ids.get('usage.md'));
    expect(second.keys.get('new.md')).not.toBe(ids.get('old.md'));
    expect(second.removedPages).toEqual([ids.get('old.md')]);
  });

  it('gives each gone path once: two copies of the same bytes go to the new paths of the same name first', () => {
    const same = '# Same\n\nTwice.\n';
    const first = stateAfter(filesOf({ 'README.md': '# Home\n', 'a/one.md': same, 'a/two.md': same }));
    const ids = idsByPath(first.prepared);
    const second = prepared(filesOf({ 'README.md': '# Home\n', 'b/two.md': same, 'b/one.md': same, 'b/three.md': same }), first.state);
    expect(second.keys.get('b/one.md')).toBe(ids.get('a/one.md'));
    expect(second.keys.get('b/two.md')).toBe(ids.get('a/two.md'));
    expect([...ids.values()]).not.toContain(second.keys.get('b/three.md'));
  });

  it('keeps a page a page and a file a file: Markdown renamed to another kind, or the reverse, is a new one', () => {
    // notes.txt is a file of the space (a page links to it); draft.md a page.
    const first = stateAfter(filesOf({ 'README.md': '# Home\n\n[notes](notes.txt)\n', 'notes.txt': '# Notes\n', 'draft.md': '# Draft\n' }));
    const ids = idsByPath(first.prepared);
    expect(first.prepared.fileIds.has('notes.txt')).toBe(true);
    const second = prepared(filesOf({ 'README.md': '# Home\n', 'notes.md': '# Notes\n', 'draft.txt': '# Draft\n' }), first.state, new Map([['draft.txt', 'draft.md']]));
    expect(second.renamed.size).toBe(0);
    expect(second.keys.get('notes.md')).not.toBe(ids.get('notes.txt'));
    expect(second.removedPages).toEqual([ids.get('draft.md')]);
    expect(second.removedFiles).toEqual([ids.get('notes.txt')]);
  });

  it('leaves a path that is still there, and one Git names but the repository still has, as they are', () => {
    const first = stateAfter(filesOf({ 'README.md': '# Home\n', 'a.md': '# A\n' }));
    const ids = idsByPath(first.prepared);
    // A copy, not a move: a.md keeps its page, and b.md is a new one.
    const second = prepared(filesOf({ 'README.md': '# Home\n', 'a.md': '# A\n', 'b.md': '# A\n' }), first.state, new Map([['b.md', 'a.md']]));
    expect(second.keys.get('a.md')).toBe(ids.get('a.md'));
    expect(second.keys.get('b.md')).not.toBe(ids.get('a.md'));
    expect(second.renamed.size).toBe(0);
  });
});
