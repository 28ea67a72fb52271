import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newSpace } from '../../../support/content.js';
import { spaceWithChangeRequest } from './fixture.js';

const test = roleTestServer();

const cases: AccessCase[] = [
  ['applyTemplateToSpace (main)', atLeast('edit'), async (user) => {
    const space = await newSpace(test.t.owner, test.t.organizationId);
    return user.client.call('applyTemplateToSpace', { params: { spaceId: space.id }, body: { id: 'getting-started' } });
  }],
  ['applyTemplateToSpace (change request)', atLeast('edit'), async (user) => {
    const target = await spaceWithChangeRequest(test.t);
    return user.client.call('applyTemplateToSpace', { params: { spaceId: target.spaceId }, body: { id: 'meeting-notes', changeRequestId: target.changeRequestId } });
  }],
];

describeAccess(test, cases);
