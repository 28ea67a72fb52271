import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { pollSpec } from './spec-server.js';

/**
 * A specification is read and validated in a worker thread, not on the event loop: YAML nested
 * 140,000 deep held the engine 1.8 s after the request had answered (found by the contract fuzzer).
 */
let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());

describe('a hostile specification', () => {
  it('is processed while the engine answers others, and ends as a processing error', async () => {
    const organizationId = t.organizationId;
    const created = ok(await t.owner.client.call('createOpenAPISpec', { params: { organizationId }, body: { slug: 'nested', source: { text: '- '.repeat(140_000) } } }));
    expect(created.processingState).toBe('pending');
    // Answered while the specification is still being read: the loop is free meanwhile.
    const during = ok(await t.owner.client.call('getOpenAPISpecBySlug', { params: { organizationId, specSlug: 'nested' } }));
    expect(during.processingState).not.toBe('complete');
    const done = await pollSpec(t, 'nested');
    expect(done.lastProcessedErrors?.length).toBeGreaterThan(0);
    expect(done.lastVersion).toBeUndefined();
  });
});
