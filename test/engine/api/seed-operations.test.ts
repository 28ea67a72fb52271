import {
  ContentReferenceStatus, GitBookAPI, IntegrationScope, MemberRole, OpenAPISpecVisibility, SiteVisibility, type HttpResponse,
} from '@gitbook/api';
import { describe, expect, it } from 'vitest';
import { referenceAnswers } from '../../support/conformance/recorder.js';
import { SEED_OPERATIONS } from '../../support/conformance/seed-operations.js';
import { otherOrganization } from '../../support/content.js';
import { officialClientServer } from '../../support/official-client.js';
import { LOGGING_SCRIPT } from './integrations/fixtures.js';
import { fileBlock, refLink } from './links/fixture.js';
import { openapi30Yaml } from './openapi-specs/fixtures.js';

/**
 * Every operation of the seed documents, called through the official client `@gitbook/api@0.146.0`:
 * each answers the status the documents state (where they state one), and every answer is checked
 * against 0.146.0's schemas by the harness (`test/support/conformance`), the documents winning
 * where they differ. Fixtures are made through the same client; only Folio's own operations (page
 * writes) go through ours.
 */
const test = officialClientServer();

/** The status the documents give the operation, when they give one. */
function documented<R extends HttpResponse<unknown, unknown>>(operation: keyof typeof SEED_OPERATIONS, response: R): R {
  const status = SEED_OPERATIONS[operation];
  if (status !== undefined) expect(response.status, operation).toBe(status);
  return response;
}

/** Writes pages into a change request (a Folio operation the official client does not have). */
async function writePages(spaceId: string, changeRequestId: string, changes: unknown[]) {
  const res = await test.t.owner.client.call('updateChangeRequestContent', { params: { spaceId, changeRequestId }, query: { compat: 'false' }, body: { changes } as never });
  if (!res.ok || !('changes' in res.data)) throw new Error(`cannot write pages: ${res.ok ? 'no changes answered' : res.error.message}`);
  return res.data;
}

const ids: Record<string, string> = {};

describe('every seed operation through @gitbook/api 0.146.0', () => {
  it('organizations, members, teams and single sign-on', async () => {
    const { t, api } = test;
    const org = t.organizationId;
    documented('listOrganizationsForAuthenticatedUser', await api.orgs.listOrganizationsForAuthenticatedUser());
    documented('getOrganizationById', await api.orgs.getOrganizationById(org));
    documented('updateOrganizationById', await api.orgs.updateOrganizationById(org, { title: 'Seed docs', emailDomains: ['example.com'], defaultRole: MemberRole.Read }));
    const instructions = { object: 'document' as const, data: {}, nodes: [] };
    documented('updateOrganizationAgentInstructions', await api.orgs.updateOrganizationAgentInstructions(org, { instructions }));
    documented('getOrganizationAgentInstructions', await api.orgs.getOrganizationAgentInstructions(org));

    const invite = await api.orgs.createOrganizationInvite(org, { role: MemberRole.Read });
    documented('deleteOrganizationInviteById', await api.orgs.deleteOrganizationInviteById(org, invite.data.id));
    const joiner = t.user();
    const joinerApi = new GitBookAPI({ endpoint: t.url, authToken: joiner.token });
    documented('joinOrganization', await joinerApi.orgs.joinOrganization(org));

    documented('listMembersInOrganizationById', await api.orgs.listMembersInOrganizationById(org));
    documented('getMemberInOrganizationById', await api.orgs.getMemberInOrganizationById(org, joiner.id));
    documented('updateMemberInOrganizationById', await api.orgs.updateMemberInOrganizationById(org, joiner.id, { role: MemberRole.Edit }));
    documented('updateOrganizationMemberLastSeenAt', await api.orgs.updateOrganizationMemberLastSeenAt(org));
    documented('setUserAsSSOMemberForOrganization', await api.orgs.setUserAsSsoMemberForOrganization(org, joiner.id));
    documented('listSpacesForOrganizationMember', await api.orgs.listSpacesForOrganizationMember(org, joiner.id));
    documented('listTeamsForOrganizationMember', await api.orgs.listTeamsForOrganizationMember(org, joiner.id));

    const team = documented('createOrganizationTeam', await api.orgs.createOrganizationTeam(org, { title: 'Writers', members: [joiner.id] }));
    documented('listTeamsInOrganizationById', await api.orgs.listTeamsInOrganizationById(org));
    documented('getTeamInOrganizationById', await api.orgs.getTeamInOrganizationById(org, team.data.id));
    documented('updateTeamInOrganizationById', await api.orgs.updateTeamInOrganizationById(org, team.data.id, { title: 'Editors' }));

    const provider = documented('createOrganizationSAMLProvider', await api.orgs.createOrganizationSamlProvider(org, { label: 'Okta', defaultTeam: team.data.id }));
    expect(provider.data).not.toHaveProperty('ssoURL');
    documented('listSAMLProvidersInOrganizationById', await api.orgs.listSamlProvidersInOrganizationById(org));
    const configured = { ssoURL: 'https://idp.example.com/sso', entityID: 'https://idp.example.com', certificate: 'MIIC-cert' };
    documented('updateOrganizationSAMLProvider', await api.orgs.updateOrganizationSamlProvider(org, provider.data.id, configured));
    documented('getOrganizationSAMLProviderById', await api.orgs.getOrganizationSamlProviderById(org, provider.data.id));
    documented('listSSOProviderLoginsInOrganization', await api.orgs.listSsoProviderLoginsInOrganization(org));
    documented('deleteOrganizationSAMLProvider', await api.orgs.deleteOrganizationSamlProvider(org, provider.data.id));
    documented('removeTeamFromOrganizationById', await api.orgs.removeTeamFromOrganizationById(org, team.data.id));
    documented('removeMemberFromOrganizationById', await api.orgs.removeMemberFromOrganizationById(org, joiner.id));
  });

  it('collections and spaces', async () => {
    const { t, api } = test;
    const org = t.organizationId;
    const elsewhere = otherOrganization(t);
    const shelf = documented('createCollection', await api.orgs.createCollection(org, { title: 'Shelf' }));
    const box = await api.orgs.createCollection(org, { title: 'Box' });
    documented('listCollectionsInOrganizationById', await api.orgs.listCollectionsInOrganizationById(org));
    documented('getCollectionById', await api.collections.getCollectionById(shelf.data.id));
    documented('updateCollectionById', await api.collections.updateCollectionById(shelf.data.id, { description: 'Kept books' }));
    documented('moveCollection', await api.collections.moveCollection(box.data.id, { parent: shelf.data.id }));

    const space = await api.orgs.createSpace(org, { title: 'Guide' });
    ids.space = space.data.id;
    documented('listSpacesInOrganizationById', await api.orgs.listSpacesInOrganizationById(org));
    documented('getSpaceById', await api.spaces.getSpaceById(space.data.id));
    documented('updateSpaceById', await api.spaces.updateSpaceById(space.data.id, { title: 'User guide', emoji: '📘' }));
    documented('moveSpace', await api.spaces.moveSpace(space.data.id, { parent: shelf.data.id }));
    documented('listSpacesInCollectionById', await api.collections.listSpacesInCollectionById(shelf.data.id));
    const copy = documented('duplicateSpace', await api.spaces.duplicateSpace(space.data.id));
    documented('deleteSpaceById', await api.spaces.deleteSpaceById(copy.data.id));
    documented('restoreSpace', await api.spaces.restoreSpace(copy.data.id));
    documented('transferSpace', await api.spaces.transferSpace(copy.data.id, { organization: elsewhere }));
    documented('transferCollection', await api.collections.transferCollection(box.data.id, { organization: elsewhere }));
    const spare = await api.orgs.createCollection(org, { title: 'Spare' });
    documented('deleteCollectionById', await api.collections.deleteCollectionById(spare.data.id));
    documented('searchOrganizationContent', await api.orgs.searchOrganizationContent(org, { query: 'guide' }));
  });

  it('change requests, their content and comments, and the space content', async () => {
    const { t, api } = test;
    const spaceId = ids.space!;
    const cr = documented('createChangeRequest', await api.spaces.createChangeRequest(spaceId, { subject: 'First pages' }));
    const crId = cr.data.id;
    const write = await writePages(spaceId, crId, [
      { operation: 'insert_files', files: [{ name: 'notes.txt', contentType: 'text/plain', base64: 'aGk=' }] },
    ]);
    const fileId = write.insertedFiles[0]!.id;
    const pages = await writePages(spaceId, crId, [
      { operation: 'insert_page', ref: 'intro', title: 'Intro', document: { markdown: `Hello.\n\n${fileBlock(fileId)}\n` } },
      { operation: 'insert_page', ref: 'next', title: 'Next', document: { markdown: 'More.\n' } },
    ]);
    const [intro, next] = pages.changes.map((change) => (change.object === 'created_page' ? change.page.id : ''));
    await writePages(spaceId, crId, [{ operation: 'update_page', page: next, document: { markdown: `${refLink({ kind: 'page', page: intro! })}\n` } }]);

    documented('listChangeRequestsForSpace', await api.spaces.listChangeRequestsForSpace(spaceId));
    documented('listChangeRequestsForOrganization', await api.orgs.listChangeRequestsForOrganization(t.organizationId));
    documented('getChangeRequestById', await api.spaces.getChangeRequestById(spaceId, crId));
    documented('getRevisionOfChangeRequestById', await api.spaces.getRevisionOfChangeRequestById(spaceId, crId));
    documented('listPagesInChangeRequest', await api.spaces.listPagesInChangeRequest(spaceId, crId));
    documented('getPageInChangeRequestById', await api.spaces.getPageInChangeRequestById(spaceId, crId, intro!, { format: 'document' }));
    documented('listPageLinksInChangeRequest', await api.spaces.listPageLinksInChangeRequest(spaceId, crId, next!));
    documented('listFilesInChangeRequestById', await api.spaces.listFilesInChangeRequestById(spaceId, crId));
    documented('getFileInChangeRequestById', await api.spaces.getFileInChangeRequestById(spaceId, crId, fileId));
    documented('listChangeRequestFileBacklinks', await api.spaces.listChangeRequestFileBacklinks(spaceId, crId, fileId));
    documented('getChangeRequestPDF', await api.spaces.getChangeRequestPdf(spaceId, crId));

    const comment = documented('postCommentInChangeRequest', await api.spaces.postCommentInChangeRequest(spaceId, crId, { body: { markdown: 'Looks good' } }));
    const commentId = comment.data.id;
    documented('listCommentsInChangeRequest', await api.spaces.listCommentsInChangeRequest(spaceId, crId));
    documented('getCommentInChangeRequest', await api.spaces.getCommentInChangeRequest(spaceId, crId, commentId));
    documented('updateCommentInChangeRequest', await api.spaces.updateCommentInChangeRequest(spaceId, crId, commentId, { addedReactions: ['👍'] }));
    const reply = documented('postCommentReplyInChangeRequest', await api.spaces.postCommentReplyInChangeRequest(spaceId, crId, commentId, { body: { markdown: 'Thanks' } }));
    documented('getCommentReplyInChangeRequest', await api.spaces.getCommentReplyInChangeRequest(spaceId, crId, commentId, reply.data.id));
    documented('updateCommentReplyInChangeRequest', await api.spaces.updateCommentReplyInChangeRequest(spaceId, crId, commentId, reply.data.id, { resolved: true }));
    documented('listCommentRepliesInChangeRequest', await api.spaces.listCommentRepliesInChangeRequest(spaceId, crId, commentId));
    documented('listCommentersInChangeRequest', await api.spaces.listCommentersInChangeRequest(spaceId, crId));
    documented('deleteCommentReplyInChangeRequest', await api.spaces.deleteCommentReplyInChangeRequest(spaceId, crId, commentId, reply.data.id));
    documented('deleteCommentInChangeRequest', await api.spaces.deleteCommentInChangeRequest(spaceId, crId, commentId));

    documented('updateChangeRequestById', await api.spaces.updateChangeRequestById(spaceId, crId, { subject: 'Intro and next' }));
    documented('updateChangeRequest', await api.spaces.updateChangeRequest(spaceId, crId));
    const merged = documented('mergeChangeRequest', await api.spaces.mergeChangeRequest(spaceId, crId));
    const revision = documented('getCurrentRevision', await api.spaces.getCurrentRevision(spaceId));
    expect(revision.data).toMatchObject({ id: merged.data.revision, type: 'merge', mergedFrom: { id: crId } });
    documented('listPages', await api.spaces.listPages(spaceId));
    const page = documented('getPageById', await api.spaces.getPageById(spaceId, intro!, { format: 'markdown' }));
    expect(page.data).toMatchObject({ kind: 'sheet', type: 'document' });
    documented('listPageLinksInSpace', await api.spaces.listPageLinksInSpace(spaceId, next!));
    documented('listSpaceLinks', await api.spaces.listSpaceLinks(spaceId, { status: ContentReferenceStatus.Ok }));
    documented('listFiles', await api.spaces.listFiles(spaceId));
    documented('getFileById', await api.spaces.getFileById(spaceId, fileId));
    documented('listSpaceFileBacklinks', await api.spaces.listSpaceFileBacklinks(spaceId, fileId));
    documented('searchSpaceContent', await api.spaces.searchSpaceContent(spaceId, { query: 'hello' }));

    const comment2 = documented('postCommentInSpace', await api.spaces.postCommentInSpace(spaceId, { body: { markdown: 'A question' }, page: intro! }));
    documented('listCommentsInSpace', await api.spaces.listCommentsInSpace(spaceId));
    documented('getCommentInSpace', await api.spaces.getCommentInSpace(spaceId, comment2.data.id));
    documented('updateCommentInSpace', await api.spaces.updateCommentInSpace(spaceId, comment2.data.id, { resolved: true }));
    const reply2 = documented('postCommentReplyInSpace', await api.spaces.postCommentReplyInSpace(spaceId, comment2.data.id, { body: { markdown: 'An answer' } }));
    documented('getCommentReplyInSpace', await api.spaces.getCommentReplyInSpace(spaceId, comment2.data.id, reply2.data.id));
    documented('updateCommentReplyInSpace', await api.spaces.updateCommentReplyInSpace(spaceId, comment2.data.id, reply2.data.id, { body: { markdown: 'A better answer' } }));
    documented('deleteCommentInSpace', await api.spaces.deleteCommentInSpace(spaceId, comment2.data.id));

    const templated = await api.orgs.createSpace(t.organizationId, { title: 'Reference' });
    documented('applyTemplateToSpace', await api.spaces.applyTemplateToSpace(templated.data.id, { id: 'api-reference-skeleton' }));
  });

  it('sites, their spaces, sections and groups', async () => {
    const { t, api } = test;
    const org = t.organizationId;
    const extra = await api.orgs.createSpace(org, { title: 'Extra' });
    const site = documented('createSite', await api.orgs.createSite(org, { title: 'Handbook', spaces: [ids.space!] }));
    const siteId = site.data.id;
    documented('listSites', await api.orgs.listSites(org));
    documented('getSiteById', await api.orgs.getSiteById(org, siteId));
    documented('updateSiteById', await api.orgs.updateSiteById(org, siteId, { visibility: SiteVisibility.Public }));
    const schema = { type: 'object' as const, properties: { isBeta: { type: 'boolean' as const, description: 'Beta testers' } }, additionalProperties: false as const };
    documented('updateSiteAdaptiveSchema', await api.orgs.updateSiteAdaptiveSchema(org, siteId, { jsonSchema: schema }));
    documented('getSiteAdaptiveSchema', await api.orgs.getSiteAdaptiveSchema(org, siteId));
    documented('listSiteAdaptiveTemplateConditions', await api.orgs.listSiteAdaptiveTemplateConditions(org, siteId));

    const siteSpace = documented('addSpaceToSite', await api.orgs.addSpaceToSite(org, siteId, { spaceId: extra.data.id }));
    const listed = documented('listSiteSpaces', await api.orgs.listSiteSpaces(org, siteId));
    documented('updateSiteSpaceById', await api.orgs.updateSiteSpaceById(org, siteId, siteSpace.data.id, { path: 'extra' }));
    const before = { type: 'site-space' as const, siteSpace: listed.data.items[0]!.id };
    documented('moveSiteSpace', await api.orgs.moveSiteSpace(org, siteId, siteSpace.data.id, { position: { before } }));
    documented('deleteSiteSpaceById', await api.orgs.deleteSiteSpaceById(org, siteId, siteSpace.data.id));

    const section = documented('addSectionToSite', await api.orgs.addSectionToSite(org, siteId, { spaceId: extra.data.id, title: 'Extras' }));
    const sections = documented('listSiteSections', await api.orgs.listSiteSections(org, siteId));
    documented('updateSiteSectionById', await api.orgs.updateSiteSectionById(org, siteId, section.data.id, { title: 'More' }));
    const first = sections.data.items[0]!.id;
    documented('moveSiteSection', await api.orgs.moveSiteSection(org, siteId, section.data.id, { position: { before: { type: 'site-section', siteSection: first } } }));
    const group = documented('addSectionGroupToSite', await api.orgs.addSectionGroupToSite(org, siteId, { title: 'Group' }));
    documented('listSiteSectionGroups', await api.orgs.listSiteSectionGroups(org, siteId));
    documented('updateSiteSectionGroupById', await api.orgs.updateSiteSectionGroupById(org, siteId, group.data.id, { title: 'Grouped' }));
    documented('addSectionToGroup', await api.orgs.addSectionToGroup(org, siteId, group.data.id, { sectionId: section.data.id }));
    documented('moveSiteSectionGroup', await api.orgs.moveSiteSectionGroup(org, siteId, group.data.id, { position: { after: { type: 'site-section', id: first } } as never }));
    await api.orgs.publishSite(org, siteId);
    const published = documented('getPublishedContentSite', await api.orgs.getPublishedContentSite(org, siteId));
    expect(published.data.customizations.site.styling.primaryColor.light).toMatch(/^#/);
    documented('removeSectionFromGroup', await api.orgs.removeSectionFromGroup(org, siteId, group.data.id, section.data.id));
    documented('deleteSiteSectionGroupById', await api.orgs.deleteSiteSectionGroupById(org, siteId, group.data.id));
    documented('deleteSiteSectionById', await api.orgs.deleteSiteSectionById(org, siteId, section.data.id));
    documented('deleteSiteById', await api.orgs.deleteSiteById(org, siteId));
  });

  it('OpenAPI specs', async () => {
    const { t, api } = test;
    const org = t.organizationId;
    documented('createOpenAPISpec', await api.orgs.createOpenApiSpec(org, { slug: 'library', source: { text: openapi30Yaml } }));
    documented('createOrUpdateOpenAPISpecBySlug', await api.orgs.createOrUpdateOpenApiSpecBySlug(org, 'library', { source: { text: `${openapi30Yaml}\n# again\n` } }));
    await t.engine.openapi.whenIdle();
    const spec = documented('getOpenAPISpecBySlug', await api.orgs.getOpenApiSpecBySlug(org, 'library'));
    expect(spec.data.processingState).toBe('complete');
    documented('listOpenAPISpecs', await api.orgs.listOpenApiSpecs(org));
    documented('updateOpenAPISpecBySlug', await api.orgs.updateOpenApiSpecBySlug(org, 'library', { visibility: OpenAPISpecVisibility.Public }));
    const versions = documented('listOpenAPISpecVersions', await api.orgs.listOpenApiSpecVersions(org, 'library'));
    const versionId = versions.data.items[0]!.id;
    documented('getLatestOpenAPISpecVersion', await api.orgs.getLatestOpenApiSpecVersion(org, 'library'));
    documented('getLatestOpenAPISpecVersionContent', await api.orgs.getLatestOpenApiSpecVersionContent(org, 'library'));
    documented('getOpenAPISpecVersionById', await api.orgs.getOpenApiSpecVersionById(org, 'library', versionId));
    documented('getOpenAPISpecVersionContentById', await api.orgs.getOpenApiSpecVersionContentById(org, 'library', versionId));
    documented('deleteOpenAPISpecBySlug', await api.orgs.deleteOpenApiSpecBySlug(org, 'library'));
  });

  it('conversations and translations', async () => {
    const { t, api } = test;
    const org = t.organizationId;
    const parts = (body: string) => [{ type: 'message' as const, role: 'user' as const, body }];
    documented('ingestConversation', await api.orgs.ingestConversation(org, [
      { id: 'c-1', subject: 'Search returns nothing', parts: parts('Search finds no results for existing pages.') },
      { id: 'c-2', subject: 'Search results empty', parts: parts('Searching for a page title gives empty results.') },
    ]));
    const conversations = documented('listConversations', await api.orgs.listConversations(org));
    documented('getConversationById', await api.orgs.getConversationById(org, conversations.data.items[0]!.id));
    const clusters = documented('listConversationsIssuesClusters', await api.orgs.listConversationsIssuesClusters(org));
    documented('getConversationsIssuesCluster', await api.orgs.getConversationsIssuesCluster(org, clusters.data.items[0]!.id));
    const issues = documented('listConversationsIssues', await api.orgs.listConversationsIssues(org));
    documented('getConversationIssueById', await api.orgs.getConversationIssueById(org, issues.data.items[0]!.issue.id));

    const source = { space: ids.space!, language: 'en' as const };
    const translation = documented('createTranslation', await api.orgs.createTranslation(org, { language: 'fr' as never, source: source as never }));
    documented('listTranslations', await api.orgs.listTranslations(org));
    documented('getTranslation', await api.orgs.getTranslation(org, translation.data.id));
    const instructions = { object: 'document' as const, data: {}, nodes: [{ object: 'block' as const, type: 'paragraph' as const, nodes: [{ object: 'text' as const, leaves: [{ object: 'leaf' as const, text: 'Be brief', marks: [] }] }] }] };
    documented('updateTranslation', await api.orgs.updateTranslation(org, translation.data.id, { instructions } as never));
    documented('runTranslation', await api.orgs.runTranslation(org, translation.data.id));
    await t.engine.translations.whenIdle();
    documented('deleteTranslation', await api.orgs.deleteTranslation(org, translation.data.id));
  });

  it('integrations', async () => {
    const { t, api } = test;
    const body = { title: 'Seed', description: 'Logs', scopes: [IntegrationScope.SpaceContentRead], script: LOGGING_SCRIPT, organization: t.organizationId };
    documented('publishIntegration', await api.integrations.publishIntegration('seed', body));
    documented('listIntegrations', await api.integrations.listIntegrations());
    documented('getIntegrationByName', await api.integrations.getIntegrationByName('seed'));
    documented('installIntegration', await api.integrations.installIntegration('seed', { organization: t.organizationId }));
    documented('listIntegrationInstallations', await api.integrations.listIntegrationInstallations('seed'));
    await t.engine.integrations.whenIdle();
    const events = documented('listIntegrationEvents', await api.integrations.listIntegrationEvents('seed'));
    documented('getIntegrationEvent', await api.integrations.getIntegrationEvent('seed', events.data.items[0]!.id));
    documented('listIntegrationSpaceInstallations', await api.integrations.listIntegrationSpaceInstallations('seed'));
    documented('listIntegrationSiteInstallations', await api.integrations.listIntegrationSiteInstallations('seed'));
    documented('unpublishIntegration', await api.integrations.unpublishIntegration('seed'));
  });

  it('answered each of them with a success, each with the status the documents give it', () => {
    const missing = Object.keys(SEED_OPERATIONS).filter((id) => ![...(referenceAnswers.seen.get(id) ?? [])].some((status) => status < 300));
    expect(missing).toEqual([]);
    for (const [id, status] of Object.entries(SEED_OPERATIONS)) {
      if (status !== undefined) expect([...referenceAnswers.seen.get(id)!], id).toContain(status);
    }
  });
});
