import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Outcome } from '../../src-renderer/api/call.js';
import { attempt } from '../../src-renderer/api/call.js';
import type { ChangeRequest, Member, Space, SpaceComment } from '../../src-renderer/api/types.js';
import { statusMoves } from '../../src-renderer/changes/status-moves.js';
import { commentCalls } from '../../src-renderer/comments/comment-calls.js';
import { CommentThread } from '../../src-renderer/comments/CommentThread.js';
import { LoadedList } from '../../src-renderer/components/Loaded.js';
import { TreeContext, WorkspaceContext, type Workspace } from '../../src-renderer/frame/workspace-context.js';
import { ApiAccessPage } from '../../src-renderer/settings/ApiAccessPage.js';
import { MemberTable } from '../../src-renderer/settings/MembersPage.js';
import { Sidebar } from '../../src-renderer/sidebar/Sidebar.js';
import { ChangeRequestRows } from '../../src-renderer/space/ChangeRequestRows.js';
import { SpaceHeader } from '../../src-renderer/space/SpaceHeader.js';
import { TrashShelf } from '../../src-renderer/tree/trash-shelf.js';
import { createTreeStore, type TreeState, type TreeStore } from '../../src-renderer/tree/tree-store.js';
import { createStore } from 'zustand/vanilla';
import { TestServer } from '../support/server.js';
import { memoryStorage } from './fake-page.js';

// Every screen is rendered from what a real engine answered, so the views meet real data.
let server: TestServer;
let workspace: Workspace;
let tree: TreeStore;
let space: Space;
let changeRequest: ChangeRequest;
let comment: SpaceComment;
let members: Member[];

async function data<T>(outcome: Promise<Outcome<T>>): Promise<T> {
  const result = await outcome;
  if (!result.ok) throw new Error(result.problem);
  return result.data;
}

// Server rendering reads a store's initial state: the sidebar gets a store that starts where `tree` is now.
function render(node: ReactNode, treeState: Partial<TreeState> = {}): string {
  const snapshot = createStore<TreeState>()(() => ({ ...tree.getState(), ...treeState }));
  return renderToStaticMarkup(
    <WorkspaceContext.Provider value={workspace}>
      <TreeContext.Provider value={snapshot}>{node}</TreeContext.Provider>
    </WorkspaceContext.Provider>,
  );
}

beforeAll(async () => {
  server = await TestServer.start();
  const client = server.owner.client;
  const organizationId = server.organizationId;
  const me = await data(attempt(client, 'getAuthenticatedUser', { params: undefined }));
  workspace = { client, user: me, access: { kind: 'browser', origin: server.url, token: server.owner.token } };
  tree = createTreeStore(client, organizationId, new TrashShelf(memoryStorage(), organizationId));
  const guides = await data(tree.getState().createCollection('Guides'));
  const created = await data(tree.getState().createSpace('Onboarding', guides.id));
  await data(tree.getState().createCollection('Empty'));
  space = await data(attempt(client, 'updateSpaceById', { params: { spaceId: created.id }, body: { emoji: '1f4d8' } }));
  changeRequest = await data(attempt(client, 'createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Explain the VPN' } }));
  const posted = await data(attempt(client, 'postCommentInSpace', { params: { spaceId: space.id }, body: { body: { markdown: 'Mention the VPN?' } } }));
  const params = { spaceId: space.id, commentId: posted.id };
  await data(attempt(client, 'postCommentReplyInSpace', { params, body: { body: { markdown: 'Yes.' } } }));
  await data(attempt(client, 'updateCommentInSpace', { params, body: { addedReactions: ['🎉'] } }));
  comment = await data(attempt(client, 'getCommentInSpace', { params, query: { format: 'markdown' } }));
  members = (await data(attempt(client, 'listMembersInOrganizationById', { params: { organizationId } }))).items;
  await tree.getState().load();
});
afterAll(() => server?.stop());

describe('the sidebar', () => {
  it('nests spaces in their collections, marks the open space, and names every action', () => {
    const html = render(<Sidebar org="o1" route={{ screen: 'space', org: 'o1', space: space.id }} />);
    expect(html).toMatch(/data-kind="collection".*Empty.*data-kind="collection".*Guides.*data-kind="space".*Onboarding/s);
    expect(html).toContain(`href="#/orgs/o1/spaces/${space.id}" aria-current="page"`);
    // Where the person is: the organization, then the open space.
    expect(html).toMatch(new RegExp(`<a class="where-space" href="#/orgs/o1/spaces/${space.id}" aria-current="page"><span class="where-kind">Space</span>Onboarding</a>`));
    expect(html).toContain('📘');
    expect(html).toContain('draggable="true"');
    for (const action of ['Rename Onboarding', 'Move Onboarding', 'Delete Onboarding', 'New space in Guides', 'New collection in Guides']) {
      expect(html).toContain(`aria-label="${action}"`);
    }
    expect(html).toContain('aria-expanded="true"');
  });

  it('invites a first space in an empty organization, and shows a failure in words', () => {
    const home = { screen: 'organization', org: 'o1' } as const;
    expect(render(<Sidebar org="o1" route={home} />, { tree: { status: 'ready', data: [] } })).toContain('No spaces yet. Create one to start writing.');
    const html = render(<Sidebar org="o1" route={home} />, { tree: { status: 'failed', problem: 'Could not reach the Folio engine' } });
    expect(html).toMatch(/role="alert"[^>]*>Could not reach the Folio engine</);
    expect(html).toContain('Try again</button>');
  });
});

describe('a space', () => {
  it('shows its title, emoji, visibility and edit mode, and its admin tools', () => {
    const html = render(<SpaceHeader space={space} onChanged={() => undefined} />);
    expect(html).toContain('📘</span>Onboarding</h1>');
    expect(html).toContain('<span class="badge">Private</span>');
    expect(html).toContain('Live editing');
    expect(html).toContain('Lock editing</button>');
  });

  it('offers no tools to someone who may not administer it', () => {
    const reader = { ...space, editMode: 'locked' as const, permissions: { ...space.permissions, admin: false } };
    const html = render(<SpaceHeader space={reader} onChanged={() => undefined} />);
    expect(html).toContain('Locked: no new changes');
    expect(html).not.toContain('</button>');
  });

  it('lists change requests with their number, status and author', () => {
    const html = render(<ChangeRequestRows org="o1" changeRequests={[changeRequest]} />);
    expect(html).toContain(`href="#/orgs/o1/spaces/${space.id}/change-requests/1"`);
    expect(html).toContain('<span class="number">#1</span> Explain the VPN');
    expect(html).toContain('<span class="badge status-open">open</span>');
  });

  it('offers the status moves each status allows', () => {
    expect(statusMoves('open').map((move) => move.to)).toEqual(['draft', 'archived']);
    expect(statusMoves('merged')).toEqual([]);
  });
});

describe('a comment thread', () => {
  it('shows the body, the reactions with mine pressed, replies, and resolve', () => {
    const html = render(<CommentThread calls={commentCalls(workspace.client, { spaceId: space.id })} comment={comment} onChanged={() => undefined} />);
    expect(html).toContain('<p class="post-body">Mention the VPN?</p>');
    expect(html).toMatch(/aria-pressed="true"[^>]*aria-label="🎉 1"/);
    expect(html).toMatch(/aria-pressed="false"[^>]*aria-label="👍 0"/);
    expect(html).toContain('1 reply</button>');
    expect(html).toContain('Resolve</button>');
    expect(html).toContain('>Reply</label>');
  });

  it('says who resolved a resolved thread and offers to reopen it', () => {
    const resolved = { ...comment, status: 'resolved' as const, resolvedAt: comment.postedAt, resolvedBy: comment.postedBy };
    const html = render(<CommentThread calls={commentCalls(workspace.client, { spaceId: space.id })} comment={resolved} onChanged={() => undefined} />);
    expect(html).toContain(`Resolved by ${comment.postedBy.displayName}`);
    expect(html).toContain('Reopen</button>');
  });
});

describe('settings', () => {
  it('lists members with their role selected and a way to remove each', () => {
    const html = render(<MemberTable members={members} onRole={() => undefined} onRemove={async () => undefined} />);
    expect(html).toContain(`aria-label="Role of ${members[0]!.user.displayName}"`);
    expect(html).toContain('<option value="admin" selected="">admin</option>');
    expect(html).toContain(`aria-label="Remove ${members[0]!.user.displayName}"`);
  });

  it('shows the loopback address and hides the token until asked', () => {
    const html = render(<ApiAccessPage access={workspace.access} />);
    expect(html).toContain(`<code data-testid="api-address">${server.url}</code>`);
    expect(html).not.toContain(server.owner.token);
    expect(html).toContain('aria-label="Copy the token"');
  });

  it('asks the desktop shell for the address and the token', () => {
    const bridge = { request: async () => ({ status: 200, headers: {}, body: {} }), openDoc: () => ({ send() {}, close() {} }), settings: async () => ({ apiAddress: server.url, token: 't' }) };
    expect(render(<ApiAccessPage access={{ kind: 'desktop', bridge }} />)).toContain('Loading the API address…');
  });

  it('says so when a list is empty', () => {
    const html = render(
      <LoadedList resource={{ status: 'ready', data: { items: [] } }} what="teams" empty="No teams yet." onRetry={() => undefined}>
        {() => 'never'}
      </LoadedList>,
    );
    expect(html).toBe('<p class="note">No teams yet.</p>');
  });
});
