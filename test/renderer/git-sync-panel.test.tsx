import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempt } from '../../src-renderer/api/call.js';
import type { Space } from '../../src-renderer/api/types.js';
import { WorkspaceContext, type Workspace } from '../../src-renderer/frame/workspace-context.js';
import { GitSyncPanel, OperationLine } from '../../src-renderer/space/GitSyncPanel.js';
import { ok } from '../support/content.js';
import { TestServer } from '../support/server.js';
import { FixtureRepository } from '../engine/services/git-sync/repository-fixture.js';

// The panel's lines are rendered from what a real engine answered about real operations.
let server: TestServer;
let workspace: Workspace;
let space: Space;
let repo: FixtureRepository;

function render(node: ReactNode): string {
  return renderToStaticMarkup(<WorkspaceContext.Provider value={workspace}>{node}</WorkspaceContext.Provider>);
}

beforeAll(async () => {
  server = await TestServer.start({ git: { pollIntervalMs: 3_600_000 } });
  const client = server.owner.client;
  const me = ok(await client.call('getAuthenticatedUser', { params: undefined }));
  workspace = { client, user: me, access: { kind: 'browser', origin: server.url, token: server.owner.token } };
  space = ok(await client.call('createSpace', { params: { organizationId: server.organizationId }, body: { title: 'Docs' } }));
  repo = new FixtureRepository();
  repo.commit({ 'README.md': '# Home\n' });
});
afterAll(async () => {
  repo.remove();
  await server.stop();
});

async function lastOperation() {
  await server.engine.gitSync.whenIdle();
  const outcome = await attempt(workspace.client, 'getSpaceGitOperation', { params: { spaceId: space.id } });
  if (!outcome.ok) throw new Error(outcome.problem);
  return outcome.data;
}

describe('Git Sync in a space', { timeout: 120_000 }, () => {
  it('says while it loads, and offers an admin to link a repository', () => {
    const html = render(<GitSyncPanel org={server.organizationId} space={space} onChanged={() => undefined} />);
    expect(html).toContain('Loading the repository link…');
    expect(html).toContain('Link a repository');
  });

  it('says a failed operation\'s stage and reason in words', async () => {
    await workspace.client.call('importGitRepository', { params: { spaceId: space.id }, body: { url: repo.url, ref: 'refs/heads/missing' } });
    const html = render(<OperationLine org={server.organizationId} space={space} operation={await lastOperation()} />);
    expect(html).toContain('role="alert"');
    expect(html).toContain('Import failed while fetching the repository: The repository has no ref refs/heads/missing');
  });

  it('says a finished import and its commit', async () => {
    await workspace.client.call('importGitRepository', { params: { spaceId: space.id }, body: { url: repo.url, ref: 'main' } });
    const operation = await lastOperation();
    expect(render(<OperationLine org={server.organizationId} space={space} operation={operation} />)).toContain(`, commit ${repo.head().slice(0, 7)}.`);
  });
});
