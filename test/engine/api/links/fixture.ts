import { createHash } from 'node:crypto';
import { storeBlob } from '../../../../src-main/engine/content/projection-sql.js';
import { setFile } from '../../../../src-main/engine/content/tree.js';
import { MAIN, treeDoc } from '../../../../src-main/engine/revisions/doc-names.js';
import type { TestServer } from '../../../support/server.js';
import { append } from '../../content/main-writer.js';

/** Markdown of a block the model keeps verbatim, holding a link to a content reference. */
export function refLink(ref: Record<string, string>, text = 'see'): string {
  const block = {
    object: 'block',
    type: 'paragraph',
    nodes: [{ object: 'inline', type: 'link', data: { ref }, nodes: [{ object: 'text', leaves: [{ object: 'leaf', text }] }] }],
  };
  return `<!-- folio-block ${JSON.stringify(block)} -->`;
}

export const fileBlock = (fileId: string) => `{% file src="${fileId}" %}caption{% endfile %}`;

/** Adds a file to a space's main content through the doc store, as a peer would. */
export function writeMainFile(t: TestServer, spaceId: string, fileId: string, text: string): void {
  const bytes = Buffer.from(text);
  const blob = createHash('sha256').update(bytes).digest('hex');
  t.engine.db.transaction(() => {
    storeBlob(t.engine.db, blob, bytes);
    append(t.engine, treeDoc(spaceId, MAIN), (doc) => setFile(doc, { id: fileId, name: 'notes.txt', contentType: 'text/plain', size: bytes.length, blob }));
  });
}
