import { toBase64 } from 'lib0/buffer';
import { digest } from 'lib0/hash/sha256';
import { encodeUtf8 } from 'lib0/string';
import type { PmNodeJson } from './pm-json.js';

/**
 * A block's own content, as text: its type, its attributes but the id, its text with marks, and
 * for a container the ids of its children in order, not their content. An edit then changes the
 * hash of the block edited (and of its container when children are added, removed or moved), not
 * of every block around it, so that two edits in different items of one list are not a conflict.
 */
export function ownContent(node: PmNodeJson): string {
  const { id: _id, ...attrs } = node.attrs ?? {};
  const content = (node.content ?? []).map((child) =>
    child.type === 'text' ? [child.text ?? '', child.marks ?? []] : ((child.attrs?.id as string | null | undefined) ?? null),
  );
  return JSON.stringify([node.type, attrs, content]);
}

/** SHA-256 of the block's own content, base64: stable across processes and replicas. */
export function blockHash(node: PmNodeJson): string {
  return toBase64(digest(encodeUtf8(ownContent(node))));
}
