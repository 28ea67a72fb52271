import { z } from 'zod';
import { Timestamp } from './common.js';
import { defineOperation } from './operation.js';
import { hubAddressesProblem } from '../sync/hub-addresses.js';

/**
 * `disabled`: no hub is set; `offline`: waiting to reconnect after a failure; `refused`: the hub
 * refused this token or connection, and it is not tried again until the settings change.
 */
export const SyncState = z.enum(['connected', 'connecting', 'offline', 'refused', 'disabled']);
export type SyncState = z.infer<typeof SyncState>;

export const SyncStatus = z
  .object({
    state: SyncState,
    url: z.string().nullable().meta({ description: 'The hub, `ws://HOST:PORT/v1/sync`, or its processes\' addresses separated by commas; null without one.' }),
    connectedTo: z
      .string()
      .nullable()
      .meta({ description: 'The address of `url` the open connection reached (with several, the hub process this replica is on now); null while not connected.' }),
    outbox: z.number().int().min(0).meta({ description: 'Docs holding changes the hub has not acknowledged.' }),
    pendingChanges: z
      .number()
      .int()
      .min(0)
      .meta({ description: 'Metadata changes (change log entries) the hub has not acknowledged; 0 without a hub.' }),
    lastSyncAt: Timestamp.nullable().meta({ description: 'When the hub last acknowledged or sent something: docs or metadata changes.' }),
    lastProblem: z.string().nullable().meta({ description: 'Why the last connection failed, or the hub refused a change.' }),
    lag: z
      .array(z.object({ docId: z.string(), operations: z.number().int().min(0) }))
      .meta({ description: 'Per doc of the outbox, the Yjs operations (inserted characters and items) the hub lacks.' }),
    permissions: z
      .object({ configure: z.boolean() })
      .meta({ description: "`configure`: the caller may set and forget the hub (the data dir's owner)." }),
  })
  .meta({ id: 'SyncStatus' });

export const SyncSettings = z
  .object({
    url: z
      .string()
      .max(2048)
      .superRefine((url, ctx) => {
        const problem = hubAddressesProblem(url);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .meta({ description: 'The hub, `ws://HOST:PORT/v1/sync`; or several processes of one hub, separated by commas, tried in turn (docs/hub.md).' }),
    token: z.string().min(1).max(512),
  })
  .meta({ id: 'SyncSettings' });

export const sync = {
  getSyncStatus: defineOperation({
    id: 'getSyncStatus',
    method: 'GET',
    path: '/v1/sync/status',
    summary: 'The state of replication with the hub',
    success: 200,
    response: SyncStatus,
  }),
  updateSyncSettings: defineOperation({
    id: 'updateSyncSettings',
    method: 'PUT',
    path: '/v1/sync/settings',
    summary: "Set the hub to replicate with, and connect (the data dir's owner only)",
    body: SyncSettings,
    success: 200,
    response: SyncStatus,
  }),
  deleteSyncSettings: defineOperation({
    id: 'deleteSyncSettings',
    method: 'DELETE',
    path: '/v1/sync/settings',
    summary: "Disconnect from the hub and forget it (the data dir's owner only)",
    success: 204,
  }),
};
