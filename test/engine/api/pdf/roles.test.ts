import { atLeast, describeAccess, roleTestServer, type AccessCase } from '../../../support/access.js';
import { newSpace, ok } from '../../../support/content.js';

const test = roleTestServer();

/** A fresh space with one change request, both the owner's. */
async function fresh() {
  const space = await newSpace(test.t.owner, test.t.organizationId);
  const cr = ok(await test.t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Owner' } }));
  return { spaceId: space.id, changeRequestId: cr.id };
}

/** Reading the content is what a PDF of it takes; the URL it answers then opens for that caller. */
async function opened(result: { status: number; ok: boolean; data?: unknown }) {
  if (!result.ok) return result;
  const response = await fetch((result.data as { url: string }).url);
  await response.arrayBuffer();
  return { status: response.status === 200 ? result.status : response.status };
}

const cases: AccessCase[] = [
  ['getChangeRequestPDF', atLeast('read'), async (user) => opened(await user.client.call('getChangeRequestPDF', { params: await fresh() }))],
  ['getSpacePDF', atLeast('read'), async (user) =>
    opened(await user.client.call('getSpacePDF', { params: { spaceId: (await fresh()).spaceId } }))],
];

describeAccess(test, cases);
