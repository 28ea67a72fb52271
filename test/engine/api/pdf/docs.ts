import * as Y from 'yjs';
import type { Engine } from '../../../../src-main/engine/app/engine.js';
import { pageDoc, treeDoc, type Branch } from '../../../../src-shared/sync/doc-names.js';
import type { PmNodeJson } from '../../../../src-shared/content/pm-json.js';
import { writeBody } from '../../../../src-shared/content/yjs.js';

/**
 * Writes a branch's content straight into its Yjs docs, in the shared model's shape (a tree doc
 * with `pages` and `files`, a body doc per page), as the content writers will.
 */
export interface TestPage {
  id: string;
  title: string;
  position: string;
  parent?: string;
  type?: 'document' | 'group' | 'link';
  target?: unknown;
  body?: PmNodeJson;
}

export function edit(engine: Engine, docId: string, change: (doc: Y.Doc) => void): void {
  const doc = new Y.Doc();
  Y.applyUpdate(doc, Y.encodeStateAsUpdate(engine.docs.load(docId)));
  const before = Y.encodeStateVector(doc);
  change(doc);
  const written = engine.docs.append(docId, Y.encodeStateAsUpdate(doc, before));
  if (!written.ok) throw new Error(written.problem.message);
}

export function writePages(engine: Engine, spaceId: string, branch: Branch, pages: TestPage[]): void {
  edit(engine, treeDoc(spaceId, branch), (doc) => {
    const map = doc.getMap<Y.Map<unknown>>('pages');
    for (const page of pages) {
      const entry = new Y.Map<unknown>();
      map.set(page.id, entry);
      entry.set('type', page.type ?? 'document');
      entry.set('title', page.title);
      entry.set('slug', page.title.toLowerCase().replace(/\W+/g, '-'));
      entry.set('parent', page.parent ?? null);
      entry.set('position', page.position);
      if (page.target !== undefined) entry.set('target', page.target);
    }
  });
  for (const page of pages) {
    if (!page.body) continue;
    edit(engine, pageDoc(spaceId, branch, page.id), (doc) => {
      const written = writeBody(doc, page.body!);
      if (!written.ok) throw new Error(JSON.stringify(written.error));
    });
  }
}

export function writeFile(engine: Engine, spaceId: string, branch: Branch, fileId: string, name: string): void {
  edit(engine, treeDoc(spaceId, branch), (doc) => {
    const file = new Y.Map<unknown>();
    doc.getMap<Y.Map<unknown>>('files').set(fileId, file);
    file.set('name', name);
    file.set('contentType', 'application/pdf');
    file.set('size', 1);
  });
}
