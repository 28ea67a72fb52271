import { strToU8, zipSync, type Zippable } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ARCHIVE_LIMITS, readArchive } from '../../../../../src-main/engine/domain/git-sync/layout/archive.js';
import { LIMITS } from '../../../../../src-main/engine/domain/git-sync/layout/read-repository.js';

const zip = (entries: Zippable) => zipSync(entries, { level: 1 });

describe('readArchive', () => {
  it("takes a zipped folder's contents as the space's, and skips what is not documentation", () => {
    const read = readArchive(zip({ 'docs/README.md': strToU8('# A\n'), 'docs/.git/HEAD': strToU8('ref'), 'docs/__MACOSX/x': strToU8('x'), 'docs/img/a.png': new Uint8Array([1, 2]) }));
    expect(read.ok && [...read.files.keys()].sort()).toEqual(['README.md', 'img/a.png']);
  });

  it('keeps paths as they are when the zip holds several top folders', () => {
    const read = readArchive(zip({ 'a/README.md': strToU8('# A\n'), 'b/README.md': strToU8('# B\n') }));
    expect(read.ok && [...read.files.keys()].sort()).toEqual(['a/README.md', 'b/README.md']);
  });

  it('lists a file over the size limit without its bytes, as a repository read does', () => {
    const big = new Uint8Array(LIMITS.fileBytes + 1);
    const read = readArchive(zip({ 'README.md': strToU8('# A\n'), 'video.mp4': big }));
    expect(read.ok && read.files.get('video.mp4')).toMatchObject({ size: LIMITS.fileBytes + 1, bytes: new Uint8Array(0) });
  });

  it('refuses more entries than the limit before inflating them', () => {
    const entries: Zippable = {};
    for (let i = 0; i <= ARCHIVE_LIMITS.entries; i++) entries[`p${i}.md`] = new Uint8Array(0);
    expect(readArchive(zip(entries))).toEqual({ ok: false, message: `the zip holds more than ${ARCHIVE_LIMITS.entries} entries` });
  });

  it.each(['../up.md', '/abs.md', 'a/../../b.md', 'a\\b.md'])('refuses the path %s', (path) => {
    const read = readArchive(zip({ 'README.md': strToU8('# A\n'), [path]: strToU8('# B\n') }));
    expect(read).toMatchObject({ ok: false, message: expect.stringContaining('must stay inside it') });
  });

  it('refuses what is not a zip, and an empty one', () => {
    expect(readArchive(strToU8('hello'))).toMatchObject({ ok: false, message: expect.stringContaining('not a zip Folio can read') });
    expect(readArchive(zip({}))).toEqual({ ok: false, message: 'the zip holds no files' });
  });
});
