import { toBase64 } from 'lib0/buffer';
import { digest } from 'lib0/hash/sha256';
import { encodeUtf8 } from 'lib0/string';

/** SHA-256 of a block's own content as text, base64: stable across processes and replicas. */
export function hashOf(text: string): string {
  return toBase64(digest(encodeUtf8(text)));
}
