import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newSpace, ok } from '../../../support/content.js';

const test = roleTestServer();

const cases: AccessCase[] = [
  ['searchSpaceContent', atLeast('read'), async (user) => {
    const space = await newSpace(test.t.owner, test.t.organizationId);
    return user.client.call('searchSpaceContent', { params: { spaceId: space.id }, query: { query: 'anything' } });
  }],
  ['searchChangeRequestContent', atLeast('read'), async (user) => {
    const space = await newSpace(test.t.owner, test.t.organizationId);
    const cr = ok(await test.t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Draft' } }));
    return user.client.call('searchChangeRequestContent', { params: { spaceId: space.id, changeRequestId: cr.id }, query: { query: 'anything' } });
  }],
];

describeAccess(test, cases);
