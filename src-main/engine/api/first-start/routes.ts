import type { z } from 'zod';
import type { FirstStart, firstStart } from '../../../../src-shared/contract/first-start.js';
import { markNamed, readDevice } from '../../domain/admin/device.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { conflict, forbidden, type Handlers } from '../../core/pipeline/index.js';

/**
 * The first-start screen's two calls (docs/desktop.md, "First start"): whether it should ask, and
 * the owner's answers, which name them and the organization first start made, in one
 * transaction. Both changes are ordinary row edits, so they travel to a hub like any other.
 */
export const firstStartHandlers: Handlers<typeof firstStart> = {
  getFirstStart(ctx) {
    return firstStartOf(ctx);
  },

  completeFirstStart(ctx, { body }) {
    const device = readDevice(ctx.db);
    if (device?.ownerId !== ctx.actor.id) return forbidden("Only the data dir's owner answers the first start");
    if (device.named) return conflict('The first start is done: rename the organization in its settings');
    ctx.db.run('UPDATE users SET display_name = ? WHERE id = ?', body.name.trim(), ctx.actor.id);
    if (device.starter) ctx.db.run('UPDATE organizations SET title = ? WHERE id = ?', body.organization, device.starter.organizationId);
    markNamed(ctx.db);
    return firstStartOf(ctx);
  },
};

function firstStartOf(ctx: RequestContext): z.input<typeof FirstStart> {
  const device = readDevice(ctx.db);
  const owner = device?.ownerId === ctx.actor.id;
  const name = ctx.db.get<{ display_name: string }>('SELECT display_name FROM users WHERE id = ?', ctx.actor.id)!.display_name;
  const starter = owner ? device.starter : undefined;
  const organization = starter
    ? (ctx.db.get<{ id: string; title: string }>('SELECT id, title FROM organizations WHERE id = ?', starter.organizationId) ?? null)
    : null;
  const space =
    organization && starter?.spaceId
      ? (ctx.db.get<{ id: string; title: string }>('SELECT id, title FROM spaces WHERE id = ? AND deleted_at IS NULL', starter.spaceId) ?? null)
      : null;
  return { needed: owner && !device.named, name, organization, space };
}
