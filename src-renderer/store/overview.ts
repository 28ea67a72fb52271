import type { ApiClient } from '../../src-shared/client/client.js';
import type { ApiContract } from '../../src-shared/contract/index.js';
import type { OperationResponse } from '../../src-shared/contract/operation.js';
import { describeApiError, describeUnreachable } from '../api/problems.js';

export type User = OperationResponse<ApiContract['getAuthenticatedUser']>;
export type Organization = OperationResponse<ApiContract['listOrganizationsForAuthenticatedUser']>['items'][number];

export interface Overview {
  user: User;
  organizations: Organization[];
}

export type OverviewResult =
  | { ok: true; overview: Overview }
  | { ok: false; problem: string; unauthorized: boolean };

/** The signed-in user and their organizations, or why they could not be had, in words. */
export async function loadOverview(client: ApiClient): Promise<OverviewResult> {
  try {
    const [user, organizations] = await Promise.all([
      client.call('getAuthenticatedUser', { params: undefined }),
      client.call('listOrganizationsForAuthenticatedUser', { params: undefined }),
    ]);
    if (!user.ok) return refused(user.status, describeApiError(user.status, user.error));
    if (!organizations.ok) return refused(organizations.status, describeApiError(organizations.status, organizations.error));
    return { ok: true, overview: { user: user.data, organizations: organizations.data.items } };
  } catch (error) {
    return { ok: false, problem: describeUnreachable(error), unauthorized: false };
  }
}

function refused(status: number, problem: string): OverviewResult {
  return { ok: false, problem, unauthorized: status === 401 };
}
