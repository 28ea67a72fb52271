import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as Y from 'yjs';
import type { Database } from '../../../../src-main/engine/core/db/database.js';
import { openDatabase } from '../../../../src-main/engine/app/open-database.js';
import { DocStore, type DocStoreOptions } from '../../../../src-main/engine/core/docs/store.js';
import { migratedDatabaseAt } from '../../../support/migrated-database.js';

/** Real SQLite files in a temp dir; `close()` removes them. */
export class Stores {
  readonly dir = mkdtempSync(join(tmpdir(), 'folio-docs-'));
  private readonly opened: { db: Database; store: DocStore }[] = [];
  private count = 0;

  /** A store on a new file, or on `file` when given (a second connection to the same database). */
  open(options: DocStoreOptions = {}, file = join(this.dir, `docs-${this.count++}.db`)): { db: Database; store: DocStore; file: string } {
    migratedDatabaseAt(file);
    const db = openDatabase(file).db;
    // Background compaction would run between test steps; tests that want it pass their own schedule.
    const store = new DocStore(db, { schedule: () => undefined, ...options });
    this.opened.push({ db, store });
    return { db, store, file };
  }

  close(): void {
    for (const { db, store } of this.opened) {
      store.close();
      db.close();
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/** Collects the updates `doc` emits, as an editor would send them. */
export function recordUpdates(doc: Y.Doc): Uint8Array[] {
  const updates: Uint8Array[] = [];
  doc.on('update', (update: Uint8Array) => updates.push(update));
  return updates;
}

/** Appends `n` paragraphs (`id` attribute, one text child) at the end of the doc's `body`. */
export function addParagraphs(doc: Y.Doc, n: number, prefix = 'p'): void {
  const body = doc.getXmlFragment('body');
  doc.transact(() => {
    const start = body.length;
    body.insert(
      start,
      Array.from({ length: n }, (_, i) => paragraph(`${prefix}${start + i}`, `Paragraph ${start + i}`)),
    );
  });
}

export function paragraph(id: string, text: string): Y.XmlElement {
  const element = new Y.XmlElement('paragraph');
  element.setAttribute('id', id);
  element.insert(0, [new Y.XmlText(text)]);
  return element;
}

/** The text of paragraph `index`. */
export function textOf(doc: Y.Doc, index: number): Y.XmlText {
  return (doc.getXmlFragment('body').get(index) as Y.XmlElement).get(0) as Y.XmlText;
}

/** What two docs must agree on to be the same doc: content, state vector and delete set. */
export function contentOf(doc: Y.Doc): { body: string; stateVector: number[]; deleteSet: string } {
  const fresh = new Y.Doc();
  Y.applyUpdate(fresh, Y.encodeStateAsUpdate(doc));
  const ds = Y.createDeleteSetFromStructStore(fresh.store);
  return {
    body: fresh.getXmlFragment('body').toString(),
    stateVector: [...Y.decodeStateVector(Y.encodeStateVector(fresh))].sort((a, b) => a[0] - b[0]).flat(),
    deleteSet: JSON.stringify([...ds.clients].sort((a, b) => a[0] - b[0])),
  };
}

export function rowsOf(db: Database, docId: string): { seq: number; update: Uint8Array }[] {
  return db.all('SELECT seq, "update" FROM doc_updates WHERE doc_id = ? ORDER BY seq', docId);
}
