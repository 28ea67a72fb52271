import type { ApiClient } from '../../../../../src-shared/client/client.js';
import type { Random } from './random.js';

/** A write the API answered with success: after healing, every engine must show what it made. */
export type Acknowledged =
  | { kind: 'space' | 'collection'; id: string }
  | { kind: 'change-request'; spaceId: string; id: string }
  | { kind: 'comment'; spaceId: string; id: string }
  | { kind: 'page'; spaceId: string; changeRequestId: string; id: string };

/** One engine's API as the fuzz drives it. */
export interface Node {
  client: ApiClient;
  organizationId: string;
}

const LIST = { limit: 1000 } as const;

/**
 * One random API operation on `node`, on what that engine shows now: metadata (spaces,
 * collections, change requests), content edits in a change request, comments, merges. A call
 * the API refuses (a merged change request, a clash it reports) is part of the game; what it
 * acknowledges is returned.
 */
export async function randomOperation(node: Node, random: Random): Promise<Outcome> {
  const operation = random.pick(OPERATIONS)!;
  return operation(node, random);
}

/** What an operation did, for a failure's log, and what it made if the API acknowledged it. */
export interface Outcome {
  did: string;
  made?: Acknowledged;
}

type Operation = (node: Node, random: Random) => Promise<Outcome>;

const NOTHING_TO_DO: Outcome = { did: 'nothing to do' };

function answered(did: string, result: { ok: boolean; status?: number }, made?: Acknowledged): Outcome {
  return result.ok ? { did: `${did}: ok`, made } : { did: `${did}: ${result.status}` };
}

const createSpace: Operation = async ({ client, organizationId }, random) => {
  const made = await client.call('createSpace', { params: { organizationId }, body: { title: `Space ${random.word()}` } });
  return answered('create a space', made, made.ok ? { kind: 'space', id: made.data.id } : undefined);
};

const renameSpace: Operation = async (node, random) => {
  const spaceId = random.pick(await spacesOf(node));
  if (!spaceId) return NOTHING_TO_DO;
  const renamed = await node.client.call('updateSpaceById', { params: { spaceId }, body: { title: `Renamed ${random.word()}` } });
  return answered(`rename space ${spaceId}`, renamed);
};

const createCollection: Operation = async ({ client, organizationId }, random) => {
  const made = await client.call('createCollection', { params: { organizationId }, body: { title: `Collection ${random.word()}` } });
  return answered('create a collection', made, made.ok ? { kind: 'collection', id: made.data.id } : undefined);
};

const createChangeRequest: Operation = async (node, random) => {
  const spaceId = random.pick(await spacesOf(node));
  if (!spaceId) return NOTHING_TO_DO;
  const made = await node.client.call('createChangeRequest', { params: { spaceId }, body: { subject: `Change ${random.word()}` } });
  return answered(`open a change request in ${spaceId}`, made, made.ok ? { kind: 'change-request', spaceId, id: made.data.id } : undefined);
};

const insertPage: Operation = async (node, random) => {
  const cr = random.pick(await openChangeRequestsOf(node));
  if (!cr) return NOTHING_TO_DO;
  const body = { changes: [{ operation: 'insert_page' as const, title: `Page ${random.word()}`, document: { markdown: `${random.word()} ${random.word()}\n` } }] };
  const made = await node.client.call('updateChangeRequestContent', { params: { spaceId: cr.space, changeRequestId: cr.id }, query: { compat: 'false' }, body });
  const created = made.ok && 'changes' in made.data ? made.data.changes.find((change) => change.object === 'created_page') : undefined;
  const page = created && 'page' in created && typeof created.page === 'object' ? created.page.id : undefined;
  return answered(`insert a page in ${cr.id}`, made, page ? { kind: 'page', spaceId: cr.space, changeRequestId: cr.id, id: page } : undefined);
};

const editPage: Operation = async (node, random) => {
  const cr = random.pick(await openChangeRequestsOf(node));
  if (!cr) return NOTHING_TO_DO;
  const params = { spaceId: cr.space, changeRequestId: cr.id };
  const pages = await node.client.call('listPagesInChangeRequest', { params });
  const page = pages.ok ? random.pick(pages.data.pages.map((p) => p.id)) : undefined;
  if (!page) return NOTHING_TO_DO;
  const change = { operation: 'update_page' as const, page, document: { markdown: `${random.word()} edited\n` } };
  return answered(`edit page ${page} of ${cr.id}`, await node.client.call('updateChangeRequestContent', { params, query: {}, body: { changes: [change] } }));
};

const comment: Operation = async (node, random) => {
  const spaceId = random.pick(await spacesOf(node));
  if (!spaceId) return NOTHING_TO_DO;
  const posted = await node.client.call('postCommentInSpace', { params: { spaceId }, body: { body: { markdown: `Note ${random.word()}` } } });
  return answered(`comment on ${spaceId}`, posted, posted.ok ? { kind: 'comment', spaceId, id: posted.data.id } : undefined);
};

const merge: Operation = async (node, random) => {
  const cr = random.pick(await openChangeRequestsOf(node));
  if (!cr) return NOTHING_TO_DO;
  return answered(`merge ${cr.id}`, await node.client.call('mergeChangeRequest', { params: { spaceId: cr.space, changeRequestId: cr.id } }));
};

const OPERATIONS: readonly Operation[] = [
  createSpace, renameSpace, createCollection, createChangeRequest, createChangeRequest,
  insertPage, insertPage, editPage, comment, merge,
];

async function spacesOf({ client, organizationId }: Node): Promise<string[]> {
  const listed = await client.call('listSpacesInOrganizationById', { params: { organizationId }, query: LIST });
  return listed.ok ? listed.data.items.map((space) => space.id) : [];
}

async function openChangeRequestsOf({ client, organizationId }: Node): Promise<{ id: string; space: string }[]> {
  const listed = await client.call('listChangeRequestsForOrganization', { params: { organizationId }, query: LIST });
  return listed.ok ? listed.data.items.filter((cr) => cr.status === 'open' || cr.status === 'draft') : [];
}
