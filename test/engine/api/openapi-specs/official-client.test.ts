import { GitBookAPIError, OpenAPISpecVisibility } from '@gitbook/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialClientServer } from '../../../support/official-client.js';
import { json, openapi30, openapi30Yaml, swagger2 } from './fixtures.js';
import { pollSpec, SpecServer } from './spec-server.js';

const test = officialClientServer();
let specs: SpecServer;
beforeAll(async () => {
  specs = await SpecServer.start();
});
afterAll(() => specs.stop());

describe('@gitbook/api on OpenAPI specs', () => {
  it('creates from a URL, follows processing, reads versions and their content', async () => {
    const { t, api } = test;
    const url = specs.serve('/pets.json', json(swagger2));
    const created = await api.orgs.createOpenApiSpec(t.organizationId, { slug: 'pets', source: { url } });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ object: 'openapi-spec', slug: 'pets', processingState: 'pending', sourceURL: url });
    const done = await pollSpec(t, 'pets');

    const got = await api.orgs.getOpenApiSpecBySlug(t.organizationId, 'pets');
    expect(got.data).toMatchObject({ processingState: 'complete', lastVersion: done.lastVersion });
    const versions = await api.orgs.listOpenApiSpecVersions(t.organizationId, 'pets');
    expect(versions.data.items.map((v) => v.id)).toEqual([done.lastVersion]);
    const latest = await api.orgs.getLatestOpenApiSpecVersion(t.organizationId, 'pets');
    expect(latest.data).toMatchObject({ object: 'openapi-spec-version', id: done.lastVersion, url });
    const byId = await api.orgs.getOpenApiSpecVersionById(t.organizationId, 'pets', done.lastVersion!);
    expect(byId.data).toEqual(latest.data);
    const content = await api.orgs.getLatestOpenApiSpecVersionContent(t.organizationId, 'pets');
    expect(content.data).toEqual({ filesystem: { 'pets.json': swagger2 }, url });
    const contentById = await api.orgs.getOpenApiSpecVersionContentById(t.organizationId, 'pets', done.lastVersion!);
    expect(contentById.data).toEqual(content.data);
  });

  it('creates or updates from text, sets the visibility, lists, and deletes', async () => {
    const { t, api } = test;
    const put = await api.orgs.createOrUpdateOpenApiSpecBySlug(t.organizationId, 'library', { source: { text: openapi30Yaml } });
    expect(put.data.slug).toBe('library');
    await pollSpec(t, 'library');
    const content = await api.orgs.getLatestOpenApiSpecVersionContent(t.organizationId, 'library');
    expect(content.data.filesystem).toEqual({ 'openapi.yaml': openapi30 });
    const patched = await api.orgs.updateOpenApiSpecBySlug(t.organizationId, 'library', { visibility: OpenAPISpecVisibility.Public });
    expect(patched.data.visibility).toBe('public');
    const list = await api.orgs.listOpenApiSpecs(t.organizationId);
    expect(list.data.items.map((s) => s.slug)).toEqual(['library', 'pets']);
    await api.orgs.deleteOpenApiSpecBySlug(t.organizationId, 'library');
    const error = await api.orgs.getOpenApiSpecBySlug(t.organizationId, 'library').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GitBookAPIError);
    expect((error as GitBookAPIError).code).toBe(404);
  });
});
