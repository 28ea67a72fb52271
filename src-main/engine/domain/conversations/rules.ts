import type { Role } from '../../../../src-shared/contract/common.js';
import { can } from '../orgs/rules.js';

type OrgRole = Role | null | undefined;

/**
 * Who may do what with an organization's conversations (docs/conversations.md, "Access"): members
 * (not guests) read them; admins ingest (`permissions.ingestConversations`) and mute clusters,
 * which decides what documentation work the conversations start.
 */
export const canConversations = {
  read: (role: OrgRole) => can.listMembers(role),
  ingest: (role: OrgRole) => can.admin(role),
  mute: (role: OrgRole) => can.admin(role),
};
