import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newSpace } from '../../../support/content.js';

const test = roleTestServer();

const cases: AccessCase[] = [
  ['searchSpaceContent', atLeast('read'), async (user) => {
    const space = await newSpace(test.t.owner, test.t.organizationId);
    return user.client.call('searchSpaceContent', { params: { spaceId: space.id }, query: { query: 'anything' } });
  }],
];

describeAccess(test, cases);
