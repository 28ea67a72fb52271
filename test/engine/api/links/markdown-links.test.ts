import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { writeMain } from '../search/fixture.js';

let t: TestServer;
beforeAll(async () => {
  t = await TestServer.start();
});
afterAll(async () => {
  await t.stop();
});

describe('relative links in Markdown given to the API', () => {
  it('become references to the pages they name, by the pages\' paths; others are reported broken', async () => {
    const spaceId = (await newSpace(t.owner, t.organizationId)).id;
    const [faq, guide, install, notes] = await writeMain(t, spaceId, [
      { title: 'FAQ', markdown: 'Questions.\n' },
      { title: 'Guide', markdown: 'The guide.\n' },
      { title: 'Install', markdown: '## Setup\n\nSteps.\n', parent: 1 },
      {
        title: 'Notes',
        parent: 1,
        markdown: 'See [the FAQ](../faq.md), [setup](install.md#setup), [the guide](README.md) and [nothing](gone.md).\n',
      },
    ]);
    const document = JSON.stringify(ok(await t.owner.client.call('getPageById', { params: { spaceId, pageId: notes! }, query: { format: 'document' } as never })));
    expect(document).toContain(`{"kind":"page","page":"${faq}"}`);
    expect(document).toContain(`{"kind":"anchor","anchor":"setup","page":"${install}"}`);
    expect(document).toContain(`{"kind":"page","page":"${guide}"}`);
    expect(document).toContain('{"kind":"url","url":"gone.md"}');
    const links = ok(await t.owner.client.call('listSpaceLinks', { params: { spaceId } }));
    expect(links.stats.broken.total).toBe(1);
    expect(links.items.filter((item) => item.status === 'ok').length).toBe(3);
  });
});
