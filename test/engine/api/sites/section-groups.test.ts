import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../../../src-shared/client/client.js';
import { expectFailure, newSpace, ok } from '../../../support/content.js';
import { TestServer } from '../../../support/server.js';
import { newSite } from './support.js';

let t: TestServer;
beforeAll(async () => (t = await TestServer.start()));
afterAll(() => t.stop());
const call: ApiClient['call'] = (id, request) => t.owner.client.call(id, request);

/** A site with sections titled `titles`, each holding one new space. */
async function siteWithSections(titles: string[]) {
  const { params } = await newSite(t);
  const space = await newSpace(t.owner, t.organizationId);
  const sections: string[] = [];
  for (const title of titles) sections.push(ok(await call('addSectionToSite', { params, body: { spaceId: space.id, title } })).id);
  return { params, sections };
}

type Node = { id: string; object: string; children?: Node[] };
const shape = (nodes: Node[]): unknown[] => nodes.map((n) => (n.children ? { [n.id]: shape(n.children) } : n.id));

describe('POST …/section-groups', () => {
  it('gathers the given sections in a group at the root, with 201', async () => {
    const { params, sections: [one, two, three] } = await siteWithSections(['One', 'Two', 'Three']);
    const res = await call('addSectionGroupToSite', { params, body: { title: 'G', icon: 'folder', sections: [three!, one!] } });
    expect(res.status).toBe(201);
    const group = ok(res);
    expect(group).toMatchObject({ object: 'site-section-group', title: 'G', icon: 'folder' });
    expect(group.children.map((c) => c.id)).toEqual([three, one]);
    expect(group.sections.map((c) => [c.id, c.sectionGroup])).toEqual([[three, group.id], [one, group.id]]);
    const structure = ok(await call('getPublishedContentSite', { params })).structure.structure as Node[];
    expect(shape(structure)).toEqual([two, { [group.id]: [three, one] }]);
  });

  it('nests a group in a parent group', async () => {
    const { params, sections: [one] } = await siteWithSections(['One']);
    const outer = ok(await call('addSectionGroupToSite', { params, body: { title: 'Outer' } }));
    const inner = ok(await call('addSectionGroupToSite', { params, body: { title: 'Inner', parent: outer.id, sections: [one!] } }));
    expect(inner.sectionGroup).toBe(outer.id);
    const listed = ok(await call('listSiteSectionGroups', { params })).items;
    expect(shape(listed as Node[])).toEqual([{ [outer.id]: [{ [inner.id]: [one] }] }, { [inner.id]: [one] }]);
  });

  it('enforces title 1–100 and icon ≤ 50; 404 for an unknown parent or section', async () => {
    const { params } = await siteWithSections(['One']);
    const add = (body: object) => call('addSectionGroupToSite', { params, body: body as never });
    expect(ok(await add({ title: 'g' })).title).toBe('g');
    expect(ok(await add({ title: 'g'.repeat(100) })).title).toHaveLength(100);
    expectFailure(await add({ title: '' }), 400, /^body\.title:/);
    expectFailure(await add({ title: 'g'.repeat(101) }), 400, /^body\.title:/);
    expectFailure(await add({}), 400, /^body\.title:/);
    expectFailure(await add({ title: 'g', icon: 'i'.repeat(51) }), 400, /^body\.icon:/);
    expectFailure(await add({ title: 'g', parent: 'nope' }), 404);
    expectFailure(await add({ title: 'g', sections: ['nope'] }), 404);
  });
});

describe('PATCH, DELETE …/section-groups/{siteSectionGroupId}', () => {
  it('renames and changes the icon', async () => {
    const { params } = await siteWithSections([]);
    const group = ok(await call('addSectionGroupToSite', { params, body: { title: 'G', icon: 'a' } }));
    const p = { ...params, siteSectionGroupId: group.id };
    expect(ok(await call('updateSiteSectionGroupById', { params: p, body: { title: 'H' } }))).toMatchObject({ title: 'H', icon: 'a' });
    expect(ok(await call('updateSiteSectionGroupById', { params: p, body: { icon: null } })).icon).toBeUndefined();
    expectFailure(await call('updateSiteSectionGroupById', { params: p, body: { title: '' } }), 400, /^body\.title:/);
    expectFailure(await call('updateSiteSectionGroupById', { params: { ...p, siteSectionGroupId: 'nope' }, body: {} }), 404);
  });

  it('deletes a group, moving what it held up to its parent; a second delete is a 404', async () => {
    const { params, sections: [one, two] } = await siteWithSections(['One', 'Two']);
    const outer = ok(await call('addSectionGroupToSite', { params, body: { title: 'Outer', sections: [one!] } }));
    const inner = ok(await call('addSectionGroupToSite', { params, body: { title: 'Inner', parent: outer.id, sections: [two!] } }));
    const p = { ...params, siteSectionGroupId: outer.id };
    expect((await call('deleteSiteSectionGroupById', { params: p })).status).toBe(204);
    const structure = ok(await call('getPublishedContentSite', { params })).structure.structure as Node[];
    expect(shape(structure)).toEqual([one, { [inner.id]: [two] }]);
    expectFailure(await call('deleteSiteSectionGroupById', { params: p }), 404);
  });
});

describe('…/section-groups/{siteSectionGroupId}/sections', () => {
  it('adds a section to a group and removes it back to the root', async () => {
    const { params, sections: [one, two] } = await siteWithSections(['One', 'Two']);
    const group = ok(await call('addSectionGroupToSite', { params, body: { title: 'G' } }));
    const p = { ...params, siteSectionGroupId: group.id };
    const added = await call('addSectionToGroup', { params: p, body: { sectionId: one! } });
    expect(added.status).toBe(201);
    expect(ok(added).children.map((c) => c.id)).toEqual([one]);
    expect((await call('removeSectionFromGroup', { params: { ...p, siteSectionId: one! } })).status).toBe(204);
    const structure = ok(await call('getPublishedContentSite', { params })).structure.structure as Node[];
    expect(shape(structure)).toEqual([two, one]);
  });

  it('fails for a section not in the group, an unknown section, or an unknown group', async () => {
    const { params, sections: [one] } = await siteWithSections(['One']);
    const group = ok(await call('addSectionGroupToSite', { params, body: { title: 'G' } }));
    const p = { ...params, siteSectionGroupId: group.id };
    expectFailure(await call('removeSectionFromGroup', { params: { ...p, siteSectionId: one! } }), 404, 'The section is not part of the group');
    expectFailure(await call('removeSectionFromGroup', { params: { ...p, siteSectionId: 'nope' } }), 404);
    expectFailure(await call('addSectionToGroup', { params: p, body: { sectionId: 'nope' } }), 404);
    expectFailure(await call('addSectionToGroup', { params: { ...p, siteSectionGroupId: 'nope' }, body: { sectionId: one! } }), 404);
    expectFailure(await call('addSectionToGroup', { params: p, body: {} as never }), 400, /^body\.sectionId:/);
  });
});

describe('POST …/section-groups/{siteSectionGroupId}/move (deprecated)', () => {
  it('moves a group before or after a section or group; 400 invalid, 404 no match', async () => {
    const { params, sections: [one, two] } = await siteWithSections(['One', 'Two']);
    const group = ok(await call('addSectionGroupToSite', { params, body: { title: 'G' } }));
    const move = (id: string, position: object) =>
      call('moveSiteSectionGroup', { params: { ...params, siteSectionGroupId: id }, body: { position } as never });
    const res = await move(group.id, { after: { type: 'site-section', id: one } });
    expect(res.status).toBe(200);
    expect(res.headers.deprecation).toBe('true');
    const order = async () => ok(await call('getPublishedContentSite', { params })).structure.structure.map((s) => s.id);
    expect(await order()).toEqual([one, two]);
    expect(ok(await call('listSiteSectionGroups', { params })).items[0]!.children).toEqual([]);
    const withSection = ok(await call('addSectionGroupToSite', { params, body: { title: 'H', sections: [two!] } }));
    ok(await move(withSection.id, { before: { type: 'site-section', id: one } }));
    expect(await order()).toEqual([withSection.id, one]);
    expectFailure(await move(group.id, { before: { type: 'site-section-group', id: 'nope' } }), 400, 'Invalid move site section group position provided');
    expectFailure(await move(group.id, { before: { type: 'site-section', id: two } }), 400);
    expectFailure(await move('nope', {}), 404);
  });
});

describe('PATCH …/structure/sort', () => {
  it('moves site spaces, sections and groups among their siblings and answers the item', async () => {
    const { params, sections: [one, two] } = await siteWithSections(['One', 'Two']);
    const group = ok(await call('addSectionGroupToSite', { params, body: { title: 'G' } }));
    const sort = (item: object, position: object) => call('sortSiteStructure', { params, body: { item, position } as never });
    const sorted = await sort({ type: 'site-section-group', id: group.id }, { before: { type: 'site-section', id: one } });
    expect(sorted.status).toBe(200);
    expect(ok(sorted)).toMatchObject({ object: 'site-section-group', id: group.id });
    const sectionsNow = ok(await call('listSiteSections', { params })).items;
    const [a] = sectionsNow.find((s) => s.id === one)!.siteSpaces;
    const space = await newSpace(t.owner, t.organizationId);
    const b = ok(await call('addSpaceToSite', { params, body: { spaceId: space.id, sectionId: one! } }));
    const movedSpace = ok(await sort({ type: 'site-space', id: b.id }, { before: { type: 'site-space', id: a!.id } }));
    expect(movedSpace).toMatchObject({ object: 'site-space', id: b.id });
    const section = ok(await call('listSiteSections', { params })).items.find((s) => s.id === one)!;
    expect(section.siteSpaces.map((s) => s.id)).toEqual([b.id, a!.id]);
    ok(await sort({ type: 'site-section', id: two }, { after: { type: 'site-section-group', id: group.id } }));
    const structure = ok(await call('getPublishedContentSite', { params })).structure.structure;
    expect(structure.map((s) => s.id)).toEqual([two, one]);
    expect(ok(await call('listSiteSectionGroups', { params })).items[0]!.children).toEqual([]);
  });

  it('answers 404 when no item matches and 400 for a position that names no sibling', async () => {
    const { params, sections: [one] } = await siteWithSections(['One']);
    const sort = (item: object, position: object) => call('sortSiteStructure', { params, body: { item, position } as never });
    expectFailure(await sort({ type: 'site-section', id: 'nope' }, {}), 404, 'No matching item found');
    expectFailure(await sort({ type: 'site-external-link', id: 'x' }, {}), 404);
    expectFailure(await sort({ type: 'site-section', id: one }, { before: { type: 'site-external-link', id: 'x' } }), 400, 'Invalid move position provided');
    expectFailure(await sort({ type: 'site-section', id: one }, { before: { type: 'site-space', id: 'x' } }), 400);
    expectFailure(await sort({ type: 'site-thing', id: one }, {}), 400, /^body\.item\.type:/);
    expectFailure(await call('sortSiteStructure', { params, body: { item: { type: 'site-section', id: one! } } as never }), 400, /^body\.position:/);
  });
});
