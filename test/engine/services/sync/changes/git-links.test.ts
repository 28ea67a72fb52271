import { describe, expect, it } from 'vitest';
import { expectFailure, newSpace, ok } from '../../../../support/content.js';
import { useNetwork } from './peers.js';

const net = useNetwork();

describe('a space\'s Git Sync link', () => {
  it('replicates like the space\'s other settings, without its token, and only an admin may change it', async () => {
    const space = await newSpace(net.hub.owner, net.hub.organizationId, { title: 'Docs' });
    const writer = net.hub.user('edit');
    const replica = await net.replicaOf(net.hub.owner);
    const body = { url: 'https://user:secret@127.0.0.1:9/team/docs.git', ref: 'main', pollSeconds: 60 };
    ok(await replica.user.client.call('setSpaceGitLink', { params: { spaceId: space.id }, body }));
    replica.push();
    const onHub = ok(await net.hub.owner.client.call('getSpaceGitLink', { params: { spaceId: space.id } }));
    expect(onHub).toMatchObject({ url: 'https://127.0.0.1:9/team/docs.git', ref: 'main', pollSeconds: 60, hasToken: false });
    expect(net.hub.engine.db.get('SELECT * FROM git_sync_secrets')).toBeUndefined();
    expect(ok(await net.hub.owner.client.call('getSpaceById', { params: { spaceId: space.id } })).gitSync).toMatchObject({ repoName: 'team/docs' });

    // An editor's replica that writes the link into its own database is refused by the hub.
    const own = await net.replicaOf(writer);
    own.db.run("UPDATE space_git_links SET ref = 'evil' WHERE space_id = ?", space.id);
    expect(own.push().compensated).toBe(1);
    expect(ok(await net.hub.owner.client.call('getSpaceGitLink', { params: { spaceId: space.id } })).ref).toBe('main');
    expectFailure(await writer.client.call('setSpaceGitLink', { params: { spaceId: space.id }, body: { url: 'https://127.0.0.1:9/x.git', ref: 'main' } }), 403);
  });
});
