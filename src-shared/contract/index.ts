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
 *
 * Its type and ApiContract's name the areas' constants rather than being inferred: inferred, each
 * was written out whole into index.d.ts (3 MB of zod types), which the other layers' checks then
 * read again; a sixth of a cold `tsc -b`'s CPU.
 */
export const areas: {
  readonly users: typeof users;
  readonly orgs: typeof orgs;
  readonly members: typeof members;
  readonly teams: typeof teams;
  readonly teamMembers: typeof teamMembers;
  readonly sso: typeof sso;
  readonly collections: typeof collections;
  readonly spaces: typeof spaces;
  readonly permissions: typeof permissions;
  readonly changeRequests: typeof changeRequests;
  readonly changeRequestConflicts: typeof changeRequestConflicts;
  readonly changeRequestReviews: typeof changeRequestReviews;
  readonly comments: typeof comments;
  readonly content: typeof content;
  readonly changeRequestComments: typeof changeRequestComments;
  readonly pdf: typeof pdf;
  readonly sites: typeof sites;
  readonly siteSpaces: typeof siteSpaces;
  readonly siteSections: typeof siteSections;
  readonly siteSectionGroups: typeof siteSectionGroups;
  readonly search: typeof search;
  readonly links: typeof links;
  readonly templates: typeof templates;
  readonly conversations: typeof conversations;
  readonly sync: typeof sync;
  readonly firstStart: typeof firstStart;
  readonly openapiSpecs: typeof openapiSpecs;
  readonly translations: typeof translations;
  readonly integrations: typeof integrations;
  readonly gitSync: typeof gitSync;
} = {
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

export const contract: ApiContract = {
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

/** The spread's type, as the areas' operation ids are distinct (an id in two areas fails the check of `contract`). */
export type ApiContract = typeof users &
  typeof orgs &
  typeof members &
  typeof teams &
  typeof teamMembers &
  typeof sso &
  typeof collections &
  typeof spaces &
  typeof permissions &
  typeof changeRequests &
  typeof changeRequestConflicts &
  typeof changeRequestReviews &
  typeof comments &
  typeof content &
  typeof changeRequestComments &
  typeof pdf &
  typeof sites &
  typeof siteSpaces &
  typeof siteSections &
  typeof siteSectionGroups &
  typeof search &
  typeof links &
  typeof templates &
  typeof conversations &
  typeof sync &
  typeof firstStart &
  typeof openapiSpecs &
  typeof translations &
  typeof integrations &
  typeof gitSync;
export type OperationId = keyof ApiContract;
