import type { ApiContract } from '../../../src-shared/contract/index.js';
import type { Handlers } from '../core/pipeline/index.js';
import { changeRequestConflictsHandlers } from './change-request-conflicts/routes.js';
import { changeRequestReviewsHandlers } from './change-request-reviews/routes.js';
import { changeRequestsHandlers } from './change-requests/routes.js';
import { collectionsHandlers } from './collections/routes.js';
import { changeRequestCommentsHandlers } from './comments/change-request-routes.js';
import { commentsHandlers } from './comments/routes.js';
import { contentHandlers } from './content/routes.js';
import { conversationsHandlers } from './conversations/routes.js';
import { firstStartHandlers } from './first-start/routes.js';
import { gitSyncHandlers } from './git-sync/routes.js';
import { integrationsHandlers } from './integrations/routes.js';
import { linksHandlers } from './links/routes.js';
import { membersHandlers } from './members/routes.js';
import { openapiSpecsHandlers } from './openapi-specs/routes.js';
import { orgsHandlers } from './orgs/routes.js';
import { pdfHandlers } from './pdf/routes.js';
import { permissionsHandlers } from './permissions/routes.js';
import { siteSectionGroupsHandlers } from './site-section-groups/routes.js';
import { siteSectionsHandlers } from './site-sections/routes.js';
import { siteSpacesHandlers } from './site-spaces/routes.js';
import { sitesHandlers } from './sites/routes.js';
import { searchHandlers } from './search/routes.js';
import { spacesHandlers } from './spaces/routes.js';
import { ssoHandlers } from './sso/routes.js';
import { templatesHandlers } from './templates/routes.js';
import { translationsHandlers } from './translations/routes.js';
import { syncHandlers } from './sync/routes.js';
import { teamMembersHandlers } from './teams/member-routes.js';
import { teamsHandlers } from './teams/routes.js';
import { usersHandlers } from './users/routes.js';

/** Every operation of the contract with its handler; the type makes a missing one a compile error. */
export const handlers: Handlers<ApiContract> = {
  ...usersHandlers,
  ...orgsHandlers,
  ...membersHandlers,
  ...teamsHandlers,
  ...teamMembersHandlers,
  ...ssoHandlers,
  ...collectionsHandlers,
  ...spacesHandlers,
  ...permissionsHandlers,
  ...changeRequestsHandlers,
  ...changeRequestConflictsHandlers,
  ...changeRequestReviewsHandlers,
  ...commentsHandlers,
  ...contentHandlers,
  ...changeRequestCommentsHandlers,
  ...pdfHandlers,
  ...sitesHandlers,
  ...siteSpacesHandlers,
  ...siteSectionsHandlers,
  ...siteSectionGroupsHandlers,
  ...searchHandlers,
  ...linksHandlers,
  ...templatesHandlers,
  ...conversationsHandlers,
  ...syncHandlers,
  ...firstStartHandlers,
  ...openapiSpecsHandlers,
  ...translationsHandlers,
  ...integrationsHandlers,
  ...gitSyncHandlers,
};
