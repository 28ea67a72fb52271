import type { ApiContract, OperationId } from '../../src-shared/contract/index.js';
import type { OperationResponse } from '../../src-shared/contract/operation.js';

/** What an operation answers, by its id: every screen's data type comes from the contract. */
export type Answer<K extends OperationId> = OperationResponse<ApiContract[K]>;
type Item<K extends OperationId> = Answer<K> extends { items: (infer T)[] } ? T : never;

export type Space = Answer<'getSpaceById'>;
export type Collection = Answer<'getCollectionById'>;
export type Member = Item<'listMembersInOrganizationById'>;
export type Team = Item<'listTeamsInOrganizationById'>;
export type TeamMembership = Item<'listTeamMembersInOrganizationById'>;
export type InviteLink = Item<'listOrganizationInviteLinks'>;
export type SamlProvider = Item<'listSAMLProvidersInOrganizationById'>;
export type ChangeRequest = Answer<'getChangeRequestById'>;
export type SpaceComment = Item<'listCommentsInSpace'>;
export type CommentReply = Item<'listCommentRepliesInSpace'>;
export type Role = NonNullable<Member['role']>;
export type Site = Answer<'getSiteById'>;
export type SiteStructure = Answer<'getPublishedContentSite'>['structure'];
export type SiteSpace = Item<'listSiteSpaces'>;
export type SiteSection = Item<'listSiteSections'>;
export type SiteSectionGroup = Item<'listSiteSectionGroups'>;
