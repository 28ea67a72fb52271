import { changeRequestComments } from './change-request-comments.js';
import { changeRequestConflicts } from './change-request-conflicts.js';
import { changeRequestReviews } from './change-request-reviews.js';
import { changeRequests } from './change-requests.js';
import { collections } from './collections.js';
import { comments } from './comments.js';
import { content } from './content.js';
import { conversations } from './conversations.js';
import { firstStart } from './first-start.js';
import { gitSync } from './git-sync.js';
import { integrations } from './integrations.js';
import { links } from './links.js';
import { members } from './members.js';
import { openapiSpecs } from './openapi-specs.js';
import { orgs } from './orgs.js';
import { pdf } from './pdf.js';
import { siteSectionGroups } from './site-section-groups.js';
import { siteSections } from './site-sections.js';
import { siteSpaces } from './site-spaces.js';
import { sites } from './sites.js';
import { permissions } from './permissions.js';
import { search } from './search.js';
import { spaces } from './spaces.js';
import { sso } from './sso.js';
import { sync } from './sync.js';
import { teamMembers } from './team-members.js';
import { teams } from './teams.js';
import { templates } from './templates.js';
import { translations } from './translations.js';
import { users } from './users.js';

/**
 * The whole API, area by area as in the spec documents. Adding an area here makes the engine
 * demand its handlers, the client offer its calls, and the OpenAPI document describe it.
 */
export const areas = {
  users,
  orgs,
  members,
  teams,
  teamMembers,
  sso,
  collections,
  spaces,
  permissions,
  changeRequests,
  changeRequestConflicts,
  changeRequestReviews,
  comments,
  content,
  changeRequestComments,
  pdf,
  sites,
  siteSpaces,
  siteSections,
  siteSectionGroups,
  search,
  links,
  templates,
  conversations,
  sync,
  firstStart,
  openapiSpecs,
  translations,
  integrations,
  gitSync,
} as const;

export const contract = {
  ...users,
  ...orgs,
  ...members,
  ...teams,
  ...teamMembers,
  ...sso,
  ...collections,
  ...spaces,
  ...permissions,
  ...changeRequests,
  ...changeRequestConflicts,
  ...changeRequestReviews,
  ...comments,
  ...content,
  ...changeRequestComments,
  ...pdf,
  ...sites,
  ...siteSpaces,
  ...siteSections,
  ...siteSectionGroups,
  ...search,
  ...links,
  ...templates,
  ...conversations,
  ...sync,
  ...firstStart,
  ...openapiSpecs,
  ...translations,
  ...integrations,
  ...gitSync,
} as const;

export type ApiContract = typeof contract;
export type OperationId = keyof ApiContract;
