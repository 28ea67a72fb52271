import { prosemirrorToYXmlFragment, yXmlFragmentToProseMirrorFragment, yXmlFragmentToProseMirrorRootNode } from 'y-prosemirror';
import * as Y from 'yjs';
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

/**
 * One top-level block of the body as `readBody` reads it: `readBody(doc).content` is the blocks
 * of the fragment read one by one, those it cannot read left out (undefined here). y-prosemirror's
 * converter only walks what `toArray()` of the fragment it is given returns, so it is handed the
 * one block (a projection converts only the blocks an edit touched: content/body-index.ts).
 */
export function readBlock(block: Y.XmlElement | Y.XmlText): PmNodeJson | undefined {
  const single = { toArray: () => [block] } as unknown as Y.XmlFragment;
  return yXmlFragmentToProseMirrorFragment(single, pageSchema).firstChild?.toJSON() as PmNodeJson | undefined;
}

/**
 * Block id → a key of the block's own content, for every block in the body: what merge compares to
 * see which blocks changed (equal keys, equal content). A block's own content is its type, its
 * attributes but the id, its text with marks, and for a container the ids of its children in
 * order, not their content: an edit changes the key of the block edited (and of its container when
 * children are added, removed or moved), so two edits in different items of one list are not a
 * conflict. Read from the Yjs elements as the y-prosemirror binding stores them, not through a
 * ProseMirror document: a merge indexes four versions of every page both sides changed in one
 * block. The key is the content written canonically, not a digest of it: hashing cost most of
 * the indexing, and keys are only compared.
 */
export function blockIndex(doc: Y.Doc): Map<string, string> {
  const index = new Map<string, string>();
  const visit = (element: Y.XmlElement) => {
    const { id, ...attrs } = element.getAttributes() as Record<string, unknown>;
    const children = element.toArray();
    if (typeof id === 'string') {
      let key = `${element.nodeName}${canonical(attrs)}`;
      for (const child of children) {
        key += child instanceof Y.XmlElement ? `\u0001${String(child.getAttribute('id') ?? '')}` : `\u0002${canonical((child as Y.XmlText).toDelta())}`;
      }
      index.set(id, key);
    }
    for (const child of children) if (child instanceof Y.XmlElement) visit(child);
  };
  for (const child of doc.getXmlFragment(BODY_FRAGMENT).toArray()) if (child instanceof Y.XmlElement) visit(child);
  return index;
}

/**
 * JSON with object keys sorted (Yjs keeps attributes in the order they arrived, which replicas need
 * not share), written by hand: a replacer function costs an object per object of the input.
 */
function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const object = value as Record<string, unknown>;
  let out = '';
  for (const key of Object.keys(object).sort()) {
    if (object[key] === undefined) continue;
    out += `${out ? ',' : ''}${JSON.stringify(key)}:${canonical(object[key])}`;
  }
  return `{${out}}`;
}
