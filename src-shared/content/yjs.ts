import { prosemirrorToYXmlFragment, yXmlFragmentToProseMirrorRootNode } from 'y-prosemirror';
import type * as Y from 'yjs';
import { blockHash } from './block-hash.js';
import { parsePm, type PmNodeJson } from './pm-json.js';
import { ok, type Result } from './result.js';
import { pageSchema } from './schema.js';

/** The name of the `Y.XmlFragment` holding a page's body in the page's `Y.Doc`, where `ySyncPlugin` binds the editor. */
export const BODY_FRAGMENT = 'body';

/**
 * Replaces the body with `json` in one transaction. y-prosemirror writes the difference, so blocks
 * that did not change keep their Yjs items and concurrent edits to them still merge.
 */
export function writeBody(doc: Y.Doc, json: PmNodeJson): Result<void> {
  const parsed = parsePm(json);
  if (!parsed.ok) return parsed;
  doc.transact(() => prosemirrorToYXmlFragment(parsed.value, doc.getXmlFragment(BODY_FRAGMENT)));
  return ok(undefined);
}

/** The body as ProseMirror JSON, read as the editor binding reads it. */
export function readBody(doc: Y.Doc): PmNodeJson {
  return yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(BODY_FRAGMENT), pageSchema).toJSON() as PmNodeJson;
}

/** Block id → hash of the block's own content, for every block in the body: what merge compares to see which blocks changed. */
export function blockIndex(doc: Y.Doc): Map<string, string> {
  const index = new Map<string, string>();
  const visit = (node: PmNodeJson) => {
    const id = node.attrs?.id;
    if (typeof id === 'string') index.set(id, blockHash(node));
    node.content?.forEach(visit);
  };
  visit(readBody(doc));
  return index;
}
