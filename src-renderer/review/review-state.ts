import type { Answer } from '../api/types.js';

type Review = Answer<'getReviewsByChangeRequestId'>['items'][number];
type Requested = Answer<'getRequestedReviewersByChangeRequestId'>['items'][number];
type User = Review['reviewer'];

export interface ReviewerState {
  user: User;
  state: 'approved' | 'changes-requested' | 'waiting';
  /** Their latest review was of an earlier revision: the change request moved on since. */
  outdated: boolean;
}

/**
 * Where each reviewer stands: the users asked, then those who reviewed unasked, each by their
 * latest review (newest first in the list), or waiting. Teams asked are listed apart (`teamsAsked`).
 */
export function reviewerStates(reviews: readonly Review[], requested: readonly Requested[]): ReviewerState[] {
  const latest = new Map<string, Review>();
  for (const review of reviews) if (!latest.has(review.reviewer.id)) latest.set(review.reviewer.id, review);
  const users = new Map<string, User>();
  for (const entry of requested) if (entry.kind === 'user') users.set(entry.user.id, entry.user);
  for (const review of reviews) if (!users.has(review.reviewer.id)) users.set(review.reviewer.id, review.reviewer);
  return [...users.values()].map((user) => {
    const review = latest.get(user.id);
    return { user, state: review ? review.status : 'waiting', outdated: review?.outdated ?? false };
  });
}

/** The teams asked to review, by their ids, in the order they were asked. */
export function teamsAsked(requested: readonly Requested[]): string[] {
  return requested.flatMap((entry) => (entry.kind === 'team' ? [entry.team.id] : []));
}
