import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentToMarkdown, pmToDocument, pmToMarkdown } from '../../../../src-shared/content/index.js';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { EXAMPLES, value } from '../../../shared/content/examples.js';
import { created, crPage, spaceWithChangeRequest, type Target } from './fixture.js';

let t: TestServer;
let target: Target;
beforeAll(async () => {
  t = await TestServer.start();
  target = await spaceWithChangeRequest(t);
});
afterAll(() => t.stop());

/** Every block and mark of the content model, written over HTTP in one format and read back in both. */
describe.each(Object.entries(EXAMPLES))('%s', (_name, body) => {
  const document = value(pmToDocument(body));
  const markdown = value(pmToMarkdown(body));

  it('round-trips as a Document, keys included, and reads as its Markdown', async () => {
    const [id] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Blocks', document: { document } }]);
    expect(ok(await crPage(t.owner, target, id!, 'document'))).toMatchObject({ document });
    expect(ok(await crPage(t.owner, target, id!, 'markdown'))).toMatchObject({ markdown });
  });

  it('round-trips as Markdown', async () => {
    const [id] = await created(t.owner, target, [{ operation: 'insert_page', title: 'Blocks', document: { markdown } }]);
    expect(ok(await crPage(t.owner, target, id!, 'markdown'))).toMatchObject({ markdown });
    // Markdown gives fresh ids, which a Document carries (keys, table columns): compare what the Document says.
    const read = ok(await crPage(t.owner, target, id!));
    expect('document' in read && value(documentToMarkdown(read.document))).toBe(markdown);
  });
});

