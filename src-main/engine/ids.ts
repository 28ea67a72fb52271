import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** 20 base-62 characters: about 119 bits, safe as a path segment (EntityId pattern). */
export function newId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const byte of bytes) id += ALPHABET[byte % 62];
  return id;
}
