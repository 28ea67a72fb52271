import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestServer, raw } from '../../../support/server.js';

/**
 * Large bodies are parsed and validated in worker threads, not on the event loop (zod took 0.9 s
 * over 62,000 refused values, holding every other client): a request sent after one is answered
 * first, and the large one still gets its precise answer.
 */
let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

describe('a large body', () => {
  it('is refused naming the field, while a request sent after it is answered first', async () => {
    const order: string[] = [];
    const body = JSON.stringify({ title: 'Docs', spaces: Array.from({ length: 62_000 }, () => 0) });
    const large = raw(`${t.url}/v1/orgs/${t.organizationId}/sites`, { method: 'POST', token: t.owner.token, body }).then((res) => {
      order.push('large');
      return res;
    });
    // Once the large body has left, a small request on another connection.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const small = await raw(`${t.url}/v1/user`, { token: t.owner.token });
    order.push('small');
    const refused = await large;
    expect(small.status).toBe(200);
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toMatch(/^body\.spaces\.0: /);
    expect(order).toEqual(['small', 'large']);
  });

  it('is taken when valid, with its Markdown read', async () => {
    const space = await raw(`${t.url}/v1/orgs/${t.organizationId}/spaces`, { method: 'POST', token: t.owner.token, body: '{"title":"Big"}' });
    const cr = await raw(`${t.url}/v1/spaces/${space.body.id}/change-requests`, { method: 'POST', token: t.owner.token, body: '{"subject":"Big"}' });
    const markdown = Array.from({ length: 1_500 }, (_, i) => `Paragraph ${i} with *emphasis*.`).join('\n\n');
    const changes = Array.from({ length: 6 }, (_, i) => ({ operation: 'insert_page', title: `Page ${i}`, document: { markdown } }));
    const body = JSON.stringify({ changes });
    expect(body.length).toBeGreaterThan(256 * 1024);
    const res = await raw(`${t.url}/v1/spaces/${space.body.id}/change-requests/${cr.body.id}/content?compat=false`, { method: 'POST', token: t.owner.token, body });
    expect(res.status).toBe(200);
    expect(res.body.changes).toHaveLength(6);
    const page = await raw(`${t.url}/v1/spaces/${space.body.id}/change-requests/${cr.body.id}/content/page/${res.body.changes[0].page.id}?format=markdown`, { token: t.owner.token });
    expect(page.body.markdown).toContain('Paragraph 1499 with *emphasis*.');
  });
});
