import { pathToFileURL } from 'node:url';
import * as Y from 'yjs';
import { BODY_FRAGMENT, markdownToPm, writeBody } from '../src-shared/content/index.js';
import { MAIN, pageDoc } from '../src-shared/sync/doc-names.js';
import { call, newOrganization, withEngine } from './in-process.js';
import { seedPages } from './sync-catchup.js';

/**
 * What one keystroke of a y-websocket editor costs the engine, by the size of the page: the
 * client's update applied in its own write transaction, as `writeFromClient` does, with the
 * projection it brings (the body's sections for search, its links, the page's edit time). Pages
 * have a heading every 20 blocks; each keystroke inserts one character into the 6th block. The
 * baseline, in the same run: the same update applied to a doc in memory, all that
 * `@y/websocket-server` does with it.
 */
export interface LiveEditFigures {
  blocks: number;
  sections: number;
  medianMs: number;
  p90Ms: number;
  inMemoryMedianMs: number;
}

const KEYSTROKES = 40;

export async function benchLiveEdits(sizes = [100, 1_000, 10_000]): Promise<LiveEditFigures[]> {
  const figures: LiveEditFigures[] = [];
  await withEngine('folio-bench-live-', {}, async (ctx) => {
    const organizationId = newOrganization(ctx);
    for (const blocks of sizes) {
      const spaceId = ((await call(ctx, 'POST', `/v1/orgs/${organizationId}/spaces`, {})) as { id: string }).id;
      const [pageId] = seedPages(ctx.engine, spaceId, 1);
      const docId = pageDoc(spaceId, MAIN, pageId!);
      const editor = new Y.Doc();
      Y.applyUpdate(editor, Y.encodeStateAsUpdate(ctx.engine.docs.load(docId)));
      const memory = new Y.Doc();
      Y.applyUpdate(memory, Y.encodeStateAsUpdate(editor));
      const inMemory: number[] = [];
      const write = (change: () => void) => {
        const before = Y.encodeStateVector(editor);
        change();
        const update = Y.encodeStateAsUpdate(editor, before);
        const applied = performance.now();
        Y.applyUpdate(memory, update);
        inMemory.push(performance.now() - applied);
        const start = performance.now();
        ctx.engine.db.transaction(() => ctx.engine.docs.applyRemote(docId, update, 'editor'));
        return performance.now() - start;
      };
      write(() => replaceBody(editor, blocks));
      const text = (editor.getXmlFragment(BODY_FRAGMENT).get(5) as Y.XmlElement).get(0) as Y.XmlText;
      const times = Array.from({ length: KEYSTROKES }, () => write(() => text.insert(0, 'x'))).sort((a, b) => a - b);
      const inMemoryMedianMs = inMemory.slice(1).sort((a, b) => a - b)[KEYSTROKES / 2]!;
      figures.push({ blocks, sections: blocks / 20, medianMs: times[KEYSTROKES / 2]!, p90Ms: times[Math.floor(KEYSTROKES * 0.9)]!, inMemoryMedianMs });
    }
  });
  return figures;
}

function replaceBody(doc: Y.Doc, blocks: number): void {
  const sections = Array.from({ length: blocks / 20 }, (_, s) =>
    [`## Section ${s}`, ...Array.from({ length: 19 }, (_, i) => `Paragraph ${s}.${i}, with a few words in it.`)].join('\n\n'),
  );
  const body = markdownToPm(`${sections.join('\n\n')}\n`);
  if (!body.ok) throw new Error(body.error.kind);
  const fragment = doc.getXmlFragment(BODY_FRAGMENT);
  fragment.delete(0, fragment.length);
  writeBody(doc, body.value.body);
}

export function report(figures: LiveEditFigures[]): void {
  console.log(`\nlive edits: one keystroke of a y-websocket editor, written and projected (${KEYSTROKES} per page size)`);
  console.table(
    figures.map((f) => ({
      blocks: f.blocks,
      sections: f.sections,
      'median ms': Number(f.medianMs.toFixed(2)),
      'p90 ms': Number(f.p90Ms.toFixed(2)),
      'in memory ms': Number(f.inMemoryMedianMs.toFixed(3)),
      ratio: Math.round(f.medianMs / f.inMemoryMedianMs),
    })),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) report(await benchLiveEdits());
