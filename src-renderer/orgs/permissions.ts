import type { Organization } from '../store/overview.js';

type Permissions = Organization['permissions'];

/**
 * The caller's place in an organization in a few words, from its `permissions`: what a person
 * asks first ("may I make a space here?"), not the list of every permission's name.
 */
export function roleWords(permissions: Permissions): string {
  if (!permissions.view) return 'No access';
  if (permissions.admin) return 'You administer this organization';
  if (permissions.createContent) return 'You can create spaces here';
  return 'You can read the spaces shared with you';
}

/** Why a control that creates content is not offered, for the caller's role; undefined when it is. */
export function cannotCreate(permissions: Permissions): string | undefined {
  return permissions.createContent ? undefined : 'Your role here does not create spaces or collections; an administrator can change it.';
}
