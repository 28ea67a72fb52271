import { expect, it } from 'vitest';
import { newSpace, ok } from '../../../support/content.js';
import { officialClientServer } from '../../../support/official-client.js';

const test = officialClientServer();

it('hands the official client URLs that open as PDFs', async () => {
  const space = await newSpace(test.t.owner, test.t.organizationId, { title: 'Client' });
  const cr = ok(await test.t.owner.client.call('createChangeRequest', { params: { spaceId: space.id }, body: { subject: 'Draft' } }));
  const { data: forChangeRequest } = await test.api.spaces.getChangeRequestPdf(space.id, cr.id, {});
  const { data: forSpace } = await test.api.spaces.getSpacePdf(space.id, { only: false });
  for (const { url } of [forChangeRequest, forSpace]) {
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
  }
});
