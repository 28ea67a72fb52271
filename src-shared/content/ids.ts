import { getRandomValues } from 'lib0/webcrypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const LENGTH = 12;

/**
 * A fresh block id: 12 random base-62 characters (about 71 bits), short enough to sit on every
 * block and in comment anchors, long enough that two writers offline never pick the same one.
 */
export function newBlockId(): string {
  // Random values are drawn for 512 ids at a time: a draw per id made ids the costliest step of
  // reading a large page's Markdown.
  if (used + LENGTH > pool.length) {
    getRandomValues(pool);
    used = 0;
  }
  let id = '';
  for (let i = used; i < used + LENGTH; i++) id += ALPHABET[pool[i]! % ALPHABET.length];
  used += LENGTH;
  return id;
}

const pool = new Uint32Array(LENGTH * 512);
let used = pool.length;

/**
 * Hands out block ids while a document is being built: a wanted id is kept the first time it is
 * seen, and a missing or repeated one is replaced by a fresh id, so that ids stay unique in a page
 * even when the input repeats a key.
 */
export class IdAllocator {
  private readonly taken = new Set<string>();

  claim(wanted?: unknown): string {
    const id = typeof wanted === 'string' && wanted !== '' && !this.taken.has(wanted) ? wanted : newBlockId();
    this.taken.add(id);
    return id;
  }
}
