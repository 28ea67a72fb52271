import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { newSite } from '../../api/sites/support.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

const claim = (description: string) => ({ type: 'boolean', description });
const schema = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    isBeta: claim('Visitors in the beta programme'),
    'plan-pro': claim('Visitors on the pro plan'),
    unsigned: {
      type: 'object',
      description: 'Unsigned claims of the site visitor.',
      properties: { likesDarkMode: claim('Visitors who chose dark mode') },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
};

describe('…/adaptive-schema', () => {
  it('answers 404 before a schema is set, and no template conditions', async () => {
    const { params } = await newSite(t);
    expectFailure(await call('getSiteAdaptiveSchema', { params }), 404, 'No visitor attributes schema found');
    expect(ok(await call('listSiteAdaptiveTemplateConditions', { params }))).toEqual({ items: [] });
  });

  it('stores a schema of the documented shape and reads it back', async () => {
    const { params } = await newSite(t);
    const put = ok(await call('updateSiteAdaptiveSchema', { params, body: { jsonSchema: schema } }));
    expect(put).toEqual({ object: 'site-adaptive-schema', jsonSchema: schema, updatedAt: expect.any(String) });
    expect(ok(await call('getSiteAdaptiveSchema', { params }))).toEqual(put);
  });

  it('derives one template condition per claim', async () => {
    const { params } = await newSite(t);
    ok(await call('updateSiteAdaptiveSchema', { params, body: { jsonSchema: schema } }));
    expect(ok(await call('listSiteAdaptiveTemplateConditions', { params })).items).toEqual([
      { description: 'Visitors in the beta programme', condition: 'visitor.claims.isBeta == true' },
      { description: 'Visitors on the pro plan', condition: 'visitor.claims["plan-pro"] == true' },
      { description: 'Visitors who chose dark mode', condition: 'visitor.claims.unsigned.likesDarkMode == true' },
    ]);
  });

  it.each([
    ['a claim that is not boolean', { ...schema, properties: { age: { type: 'number', description: 'Age' } } }, /^body\.jsonSchema\.properties\.age\.type: not an adaptive schema/],
    ['a claim without a description', { ...schema, properties: { isBeta: { type: 'boolean' } } }, /^body\.jsonSchema\.properties\.isBeta: .*description/],
    ['additional properties allowed', { ...schema, additionalProperties: true }, /^body\.jsonSchema\.additionalProperties:/],
    ['a type other than object', { ...schema, type: 'array' }, /^body\.jsonSchema\.type:/],
    ['an unknown keyword at the top', { ...schema, title: 'Visitors' }, /^body\.jsonSchema: not an adaptive schema: .*"title"/],
    ['unsigned claims with another description', { ...schema, properties: { unsigned: { ...schema.properties.unsigned, description: 'x' } } }, /^body\.jsonSchema\.properties\.unsigned\.description:/],
    ['another draft', { ...schema, $schema: 'https://json-schema.org/draft/2020-12/schema' }, /^body\.jsonSchema\.\$schema: not an adaptive schema/],
    ['no JSON Schema at all', { ...schema, type: 12 }, /^body\.jsonSchema\.type:/],
  ])('refuses %s with a 400 naming the problem', async (_, jsonSchema, message) => {
    const { params } = await newSite(t);
    expectFailure(await call('updateSiteAdaptiveSchema', { params, body: { jsonSchema } }), 400, message);
    expectFailure(await call('getSiteAdaptiveSchema', { params }), 404);
  });

  it('requires jsonSchema to be an object', async () => {
    const { params } = await newSite(t);
    expectFailure(await call('updateSiteAdaptiveSchema', { params, body: {} as never }), 400, /^body\.jsonSchema:/);
    expectFailure(await call('updateSiteAdaptiveSchema', { params, body: { jsonSchema: [] as never } }), 400, /^body\.jsonSchema:/);
  });
});
