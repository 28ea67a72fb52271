import type { Change, FieldValue } from '../../../../../src-shared/sync/change.js';
import type { Database } from '../../../core/db/database.js';
import { can as collectionCan } from '../../../domain/collections/rules.js';
import { can as orgCan } from '../../../domain/orgs/rules.js';
import { effectiveRules, requiresReviews, unmetMergeRule } from '../../../domain/change-requests/merge-rules.js';
import { findChangeRequest, type ChangeRequestRow } from '../../../domain/change-requests/sql.js';
import { can as spaceCan } from '../../../domain/spaces/rules.js';
import type { SpaceRow } from '../../../domain/spaces/sql.js';
import { canTeam } from '../../../domain/teams/rules.js';
import { RolesOf } from './roles.js';
import type { RowValues } from './rows.js';
import { vouchedBy } from './vouched.js';

/** The change, and the row as this engine holds it (undefined: it has none). */
interface Judged {
  change: Change;
  row: RowValues | undefined;
  /** A field as the change would leave it: its new value, or the stored one. */
  value(field: string): FieldValue | undefined;
  changes(field: string): boolean;
}

type Rule = (roles: RolesOf, judged: Judged, db: Database) => boolean;

/** Only the user's own profile, and only what the API lets them edit of it. */
const PROFILE_FIELDS = new Set(['display_name', 'photo_url']);
/** What a replica changes of a local user it uploaded: their profile, and the e-mail they give way with (user-emails.ts). */
const VOUCHED_FIELDS = new Set([...PROFILE_FIELDS, 'email']);
/** What members change of their own membership: when they were last seen. */
const SELF_MEMBER_FIELDS = new Set(['last_seen_at']);
/** What editing a space's content moves on its row; anything else is the space's settings (admin). */
const CONTENT_FIELDS = new Set(['revision', 'updated_at']);

const onlyFields = (change: Change, allowed: ReadonlySet<string>) => Object.keys(change.fields ?? {}).every((f) => allowed.has(f));

const asId = (value: FieldValue | undefined) => (typeof value === 'string' ? value : undefined);

function admin(roles: RolesOf, organizationId: FieldValue | undefined): boolean {
  return orgCan.admin(roles.inOrganization(asId(organizationId)));
}

/** Creating at the organization's root takes `create` there; in a collection, `create` on it. */
function mayCreateIn(roles: RolesOf, organizationId: FieldValue | undefined, parentId: FieldValue | undefined): boolean {
  const parent = asId(parentId);
  if (!parent) return orgCan.createContent(roles.inOrganization(asId(organizationId)));
  return roles.organizationOf('collections', parent) === organizationId && collectionCan.create(roles.onContent('collections', parent));
}

/** The first member of an organization its creator made: the admin who creates one joins it. */
function foundsOrganization(roles: RolesOf, judged: Judged, db: Database): boolean {
  const organizationId = asId(judged.value('organization_id'));
  const members = db.get<{ n: number }>('SELECT count(*) AS n FROM members WHERE organization_id = ?', organizationId)!.n;
  const createdBy = db.get<{ created_by: string | null }>('SELECT created_by FROM organizations WHERE id = ?', organizationId)?.created_by;
  return members === 0 && createdBy === roles.userId && judged.value('user_id') === roles.userId && judged.value('role') === 'admin';
}

function manageTeam(roles: RolesOf, teamId: FieldValue | undefined, db: Database): boolean {
  const team = asId(teamId);
  const organizationId = roles.organizationOf('teams', team);
  const teamRole = db.get<{ role: 'owner' | 'member' }>('SELECT role FROM team_members WHERE team_id = ? AND user_id = ?', team, roles.userId)?.role;
  return canTeam.manage(roles.inOrganization(organizationId), teamRole);
}

/**
 * Revisions are written once and never edited; like change requests, they go only with their
 * space, which each engine purges itself.
 */
function createsRow(judged: Judged): boolean {
  return judged.change.op === 'insert' && !judged.row;
}

function spaceRole(roles: RolesOf, judged: Judged) {
  return roles.onContent('spaces', asId(judged.value('space_id')));
}

const collectionRule: Rule = (roles, judged) => {
  const { op } = judged.change;
  const organizationId = judged.value('organization_id');
  if (op === 'insert' && !judged.row) return mayCreateIn(roles, organizationId, judged.value('parent_id'));
  if (!collectionCan.admin(roles.onContent('collections', judged.change.key[0]))) return false;
  return !judged.changes('parent_id') || mayCreateIn(roles, organizationId, judged.value('parent_id'));
};

const spaceRule: Rule = (roles, judged) => {
  const { op } = judged.change;
  const organizationId = judged.value('organization_id');
  if (op === 'insert' && !judged.row) return mayCreateIn(roles, organizationId, judged.value('parent_id'));
  const role = roles.onContent('spaces', judged.change.key[0]);
  const contentOnly = op === 'update' && onlyFields(judged.change, CONTENT_FIELDS);
  if (!(contentOnly ? spaceCan.edit(role) : spaceCan.admin(role))) return false;
  return !judged.changes('parent_id') || mayCreateIn(roles, organizationId, judged.value('parent_id'));
};

/**
 * Who may make each kind of change: the checks the API makes for the operations that write
 * these rows, with the predicates of the areas' rules files, against this engine's data.
 */
const RULES: Record<string, Rule> = {
  users: (roles, judged, db) => {
    const { change } = judged;
    // A replica's local user, uploaded with their work: a name to attribute it to, with no token here (docs/sync.md, "Identity").
    if (change.op === 'insert' && !judged.row) return true;
    if (change.op !== 'update') return false;
    if (change.key[0] === roles.userId) return onlyFields(change, PROFILE_FIELDS);
    return vouchedBy(db, change.key[0]!, roles.userId) && onlyFields(change, VOUCHED_FIELDS);
  },
  organizations: (roles, judged) =>
    judged.change.op === 'insert' && !judged.row ? judged.value('created_by') === roles.userId : admin(roles, judged.change.key[0]),
  members: (roles, judged, db) => {
    if (admin(roles, judged.value('organization_id'))) return true;
    const self = judged.change.key[1] === roles.userId;
    if (judged.change.op === 'delete') return self;
    if (judged.change.op === 'update') return self && onlyFields(judged.change, SELF_MEMBER_FIELDS);
    return judged.change.op === 'insert' && !judged.row && foundsOrganization(roles, judged, db);
  },
  invite_links: (roles, judged) => admin(roles, judged.value('organization_id')),
  saml_providers: (roles, judged) => admin(roles, judged.value('organization_id')),
  teams: (roles, judged, db) =>
    judged.change.op === 'insert' && !judged.row
      ? admin(roles, judged.value('organization_id'))
      : manageTeam(roles, judged.change.key[0], db),
  team_members: (roles, judged, db) => manageTeam(roles, judged.value('team_id'), db),
  collections: collectionRule,
  spaces: spaceRule,
  content_grants: (roles, judged) => {
    const space = asId(judged.value('space_id'));
    if (space) return spaceCan.admin(roles.onContent('spaces', space));
    return collectionCan.admin(roles.onContent('collections', asId(judged.value('collection_id'))));
  },
  revisions: (roles, judged, db) => {
    if (!createsRow(judged)) return false;
    const role = spaceRole(roles, judged);
    if (judged.value('type') !== 'merge') return spaceCan.edit(role);
    return spaceCan.review(role) && mergeRulesMet(db, asId(judged.value('space_id')), asId(judged.value('change_request_id')), roles.userId);
  },
  revision_docs: (roles, judged, db) => {
    const spaceId = db.get<{ space_id: string }>('SELECT space_id FROM revisions WHERE id = ?', judged.value('revision_id'))?.space_id;
    return createsRow(judged) && spaceCan.edit(roles.onContent('spaces', spaceId));
  },
  change_requests: (roles, judged, db) => {
    const role = spaceRole(roles, judged);
    if (judged.change.op === 'delete') return false;
    if (!(judged.value('status') === 'merged' && judged.changes('status'))) return spaceCan.edit(role);
    return spaceCan.review(role) && mergeRulesMet(db, asId(judged.value('space_id')), judged.change.key[0]!, roles.userId);
  },
  space_git_links: (roles, judged) => spaceCan.admin(roles.onContent('spaces', asId(judged.value('space_id')))),
  // Editing a change request records its editor and counts their edits; a record goes only with its change request.
  change_request_contributors: (roles, judged, db) => judged.change.op !== 'delete' && spaceCan.edit(changeRequestRole(roles, judged, db)),
  // An update records conflicts and a writer resolves them: both edit the change request's content.
  change_request_conflicts: (roles, judged, db) => judged.change.op !== 'delete' && spaceCan.edit(changeRequestRole(roles, judged, db)),
  // A review is its reviewer's own, made once, with the review role; not the author's while the rules ask for reviews.
  change_request_reviews: (roles, judged, db) =>
    createsRow(judged) &&
    judged.value('reviewer_id') === roles.userId &&
    spaceCan.review(changeRequestRole(roles, judged, db)) &&
    !authorReviewsOwn(db, asId(judged.value('change_request_id')), roles.userId),
  change_request_requested_reviewers: (roles, judged, db) => spaceCan.edit(changeRequestRole(roles, judged, db)),
  // A team asked is one of the change request's organization (the API's 400 naming body.teams.N).
  change_request_requested_teams: (roles, judged, db) =>
    spaceCan.edit(changeRequestRole(roles, judged, db)) && (judged.change.op === 'delete' || teamOfChangeRequestsOrganization(db, judged)),
};

function teamOfChangeRequestsOrganization(db: Database, judged: Judged): boolean {
  return (
    db.get(
      `SELECT 1 FROM change_requests cr JOIN spaces s ON s.id = cr.space_id JOIN teams t ON t.organization_id = s.organization_id
       WHERE cr.id = ? AND t.id = ?`,
      judged.value('change_request_id'),
      judged.value('team_id'),
    ) !== undefined
  );
}

/** The change request's author reviewing it while its space's merge rules ask for reviews (the API's 403). */
function authorReviewsOwn(db: Database, changeRequestId: string | undefined, userId: string): boolean {
  const row = db.get<{ created_by: string; space_id: string }>('SELECT created_by, space_id FROM change_requests WHERE id = ?', changeRequestId);
  if (!row || row.created_by !== userId) return false;
  const space = db.get<SpaceRow>('SELECT * FROM spaces WHERE id = ?', row.space_id);
  return space !== undefined && requiresReviews(effectiveRules({ db }, space));
}

/**
 * A merge a replica made meets the space's merge rules as this engine's reviews say (docs/sync.md,
 * "Roles"): a hub enforces them too.
 */
function mergeRulesMet(db: Database, spaceId: string | undefined, changeRequestId: string | undefined, userId: string): boolean {
  const space = db.get<SpaceRow>('SELECT * FROM spaces WHERE id = ?', spaceId);
  if (!space || changeRequestId === undefined) return false;
  const changeRequest = findChangeRequest(db, space.id, changeRequestId);
  // A change request made and merged before its row reached here is judged with no reviews.
  const judged = changeRequest ?? ({ id: changeRequestId, space_id: space.id, subject: '', description: null } as ChangeRequestRow);
  return unmetMergeRule(db, space, judged, userId, false) === undefined;
}

/** The user's role on the space of the change request a row belongs to. */
function changeRequestRole(roles: RolesOf, judged: Judged, db: Database) {
  const spaceId = db.get<{ space_id: string }>('SELECT space_id FROM change_requests WHERE id = ?', judged.value('change_request_id'))?.space_id;
  return roles.onContent('spaces', spaceId);
}

/** Whether `userId` may make `change`, given the row as this engine holds it. */
export function mayApply(db: Database, userId: string, change: Change, row: RowValues | undefined): boolean {
  const rule = RULES[change.table];
  if (!rule) return false;
  const fields = change.fields ?? {};
  const judged: Judged = {
    change,
    row,
    value: (field) => (field in fields ? fields[field] : row?.[field]),
    changes: (field) => field in fields && fields[field] !== row?.[field],
  };
  return rule(new RolesOf(db, userId), judged, db);
}
