import { createHash } from 'node:crypto';
import type * as Y from 'yjs';
import { markdownToPm, writeBody } from '../../../../src-shared/content/index.js';
import type { Engine } from '../../../../src-main/engine/app/engine.js';
import { DocEdits } from '../../../../src-main/engine/domain/content/doc-edits.js';
import { storeBlob } from '../../../../src-main/engine/domain/content/projection-sql.js';
import { setFile, setPageFields } from '../../../../src-main/engine/domain/content/tree.js';
import { positionBetween } from '../../../../src-main/engine/domain/content/positions.js';
import { MAIN, pageDoc, treeDoc } from '../../../../src-shared/sync/doc-names.js';

/**
 * Writes pages straight into a space's main docs, as a peer over y-websocket would: through the
 * doc store alone, no API handler. The projections must follow all the same.
 */
export function writeMainPages(engine: Engine, spaceId: string, pages: { id: string; title: string; parent?: string; markdown?: string }[]): void {
  engine.db.transaction(() => {
    append(engine, treeDoc(spaceId, MAIN), (doc) => {
      let position: string | null = null;
      for (const page of pages) {
        position = positionBetween(position, null);
        const slug = page.title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
        setPageFields(doc, page.id, { type: 'document', title: page.title, slug, parent: page.parent ?? null, position });
      }
    });
    for (const page of pages) {
      if (page.markdown === undefined) continue;
      const parsed = markdownToPm(page.markdown);
      if (!parsed.ok) throw new Error(parsed.error.kind);
      append(engine, pageDoc(spaceId, MAIN, page.id), (doc) => writeBody(doc, parsed.value.body));
    }
  });
}

/** Adds a file to a space's main tree, its bytes stored as the content API stores them. */
export function writeMainFile(engine: Engine, spaceId: string, file: { id: string; name: string; contentType: string; bytes: Buffer }): void {
  const blob = createHash('sha256').update(file.bytes).digest('hex');
  engine.db.transaction(() => {
    storeBlob(engine.db, blob, file.bytes);
    append(engine, treeDoc(spaceId, MAIN), (doc) =>
      setFile(doc, { id: file.id, name: file.name, contentType: file.contentType, size: file.bytes.length, blob }),
    );
  });
}

/** Edits a copy of the stored doc and appends the difference, as any writer of the store does. */
export function append(engine: Engine, docId: string, change: (doc: Y.Doc) => void): void {
  const edits = new DocEdits(engine.docs);
  change(edits.open(docId));
  edits.save();
}
