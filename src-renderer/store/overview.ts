import type { ApiClient } from '../../src-shared/client/client.js';
import type { ApiContract } from '../../src-shared/contract/index.js';
import type { OperationResponse } from '../../src-shared/contract/operation.js';
import { describeApiError, describeUnreachable } from '../api/problems.js';

export type User = OperationResponse<ApiContract['getAuthenticatedUser']>;
export type Organization = OperationResponse<ApiContract['listOrganizationsForAuthenticatedUser']>['items'][number];

export type FirstStart = OperationResponse<ApiContract['getFirstStart']>;

export interface Overview {
  user: User;
  organizations: Organization[];
  /** Whether this data dir's owner is still to name themselves and their organization (the first-start screen). */
  firstStart: FirstStart;
}

export type OverviewResult =
  | { ok: true; overview: Overview }
  | { ok: false; problem: string; unauthorized: boolean };

/** The signed-in user and their organizations, or why they could not be had, in words. */
export async function loadOverview(client: ApiClient): Promise<OverviewResult> {
  try {
    const [user, organizations, firstStart] = await Promise.all([
      client.call('getAuthenticatedUser', { params: undefined }),
      client.call('listOrganizationsForAuthenticatedUser', { params: undefined }),
      client.call('getFirstStart', { params: undefined }),
    ]);
    if (!user.ok) return refused(user.status, describeApiError(user.status, user.error));
    if (!organizations.ok) return refused(organizations.status, describeApiError(organizations.status, organizations.error));
    if (!firstStart.ok) return refused(firstStart.status, describeApiError(firstStart.status, firstStart.error));
    return { ok: true, overview: { user: user.data, organizations: organizations.data.items, firstStart: firstStart.data } };
  } catch (error) {
    return { ok: false, problem: describeUnreachable(error), unauthorized: false };
  }
}

function refused(status: number, problem: string): OverviewResult {
  return { ok: false, problem, unauthorized: status === 401 };
}
