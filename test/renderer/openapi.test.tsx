import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkspaceContext, type Workspace } from '../../src-renderer/frame/workspace-context.js';
import { SpecRows } from '../../src-renderer/openapi/OpenApiSpecsScreen.js';
import { VersionRow } from '../../src-renderer/openapi/SpecVersions.js';
import { describeContent, isProcessing } from '../../src-renderer/openapi/spec-words.js';
import { hrefFor, parseHash } from '../../src-renderer/routing/route.js';
import { openapi30 } from '../engine/api/openapi-specs/fixtures.js';
import { ok } from '../support/content.js';
import { TestServer } from '../support/server.js';
import { ownerWorkspace } from './owner-workspace.js';

// The views are drawn from what a real engine answered after processing real specifications.
let server: TestServer;
let workspace: Workspace;

const render = (node: ReactNode) => renderToStaticMarkup(<WorkspaceContext.Provider value={workspace}>{node}</WorkspaceContext.Provider>);
const org = () => ({ organizationId: server.organizationId });

async function processed(slug: string, text: string) {
  const created = ok(await server.owner.client.call('createOpenAPISpec', { params: org(), body: { slug, source: { text } } }));
  expect(isProcessing(created)).toBe(true);
  await server.engine.openapi.whenIdle();
  return ok(await server.owner.client.call('getOpenAPISpecBySlug', { params: { ...org(), specSlug: slug } }));
}

beforeAll(async () => {
  server = await TestServer.start();
  workspace = await ownerWorkspace(server);
});
afterAll(() => server?.stop());

describe('the OpenAPI routes', () => {
  it('read and write the list and one spec by slug', () => {
    expect(parseHash(hrefFor({ screen: 'openapi', org: 'o1' }))).toEqual({ screen: 'openapi', org: 'o1' });
    expect(parseHash(hrefFor({ screen: 'openapi-spec', org: 'o1', slug: 'pet-store' }))).toEqual({ screen: 'openapi-spec', org: 'o1', slug: 'pet-store' });
    expect(parseHash('#/orgs/o1/openapi/a/b')).toEqual({ screen: 'not-found', hash: '#/orgs/o1/openapi/a/b' });
  });
});

describe('the specs list', () => {
  it('says a processed spec is complete, and where it came from', async () => {
    const spec = await processed('library', JSON.stringify(openapi30));
    expect(isProcessing(spec)).toBe(false);
    const html = render(<SpecRows org="o1" specs={[spec]} />);
    expect(html).toContain('href="#/orgs/o1/openapi/library"');
    expect(html).toContain('data-testid="processing-state">complete</span>');
    expect(html).toContain('Given as text');
    expect(html).not.toContain('error-code');
  });

  it('shows the error code and every problem of a spec that does not parse', async () => {
    const spec = await processed('broken', 'openapi: 3.0.3\ninfo: [unclosed');
    const html = render(<SpecRows org="o1" specs={[spec]} />);
    expect(html).toContain('data-testid="error-code">PARSE_ERROR</span>');
    expect(html).toContain('This is not a valid OpenAPI or Swagger specification.');
    for (const error of spec.lastProcessedErrors ?? []) expect(html).toContain(error.code!);
  });
});

describe('a spec’s versions', () => {
  it('marks the latest, and reads title, version and paths from its content', async () => {
    const spec = await processed('catalogue', JSON.stringify(openapi30));
    const params = { ...org(), specSlug: 'catalogue' };
    const [version] = ok(await server.owner.client.call('listOpenAPISpecVersions', { params, query: {} })).items;
    expect(render(<VersionRow org="o1" spec={spec} version={version!} />)).toContain('Latest');
    const content = ok(await server.owner.client.call('getOpenAPISpecVersionContentById', { params: { ...params, versionId: version!.id } }));
    expect(describeContent(content)).toEqual({ file: 'openapi.json', title: 'Library', version: '2.1.0', paths: Object.keys(openapi30.paths).length });
    expect(describeContent({ filesystem: { 'x.yaml': 'not an object' }, url: '' })).toEqual({ file: 'x.yaml', paths: 0, title: undefined, version: undefined });
  });
});
