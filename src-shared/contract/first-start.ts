import { z } from 'zod';
import { defineOperation } from './operation.js';
import { OrganizationTitle } from './orgs.js';

/** A person's name as others see it: shown beside their comments and change requests. */
export const DisplayName = z
  .string()
  .max(100)
  .regex(/\S/, 'expected a name, not only spaces')
  .meta({ id: 'DisplayName' });

/** The first organization's title unless the person gives one: named after them. Within the title's limits (2–255) for any name. */
export function organizationTitleFor(name: string): string {
  return `${name.slice(0, 240)}'s docs`;
}

export const FirstStart = z
  .object({
    needed: z.boolean().meta({
      description: "Whether the app should ask now: the caller is this data dir's owner, who has not named themselves and their organization yet.",
    }),
    name: z.string().meta({ description: "The caller's name as it stands (first start takes the OS user's)." }),
    organization: z
      .object({ id: z.string(), title: z.string() })
      .nullable()
      .meta({ description: 'The organization first start made, while it exists and the caller owns this data dir.' }),
    space: z
      .object({ id: z.string(), title: z.string() })
      .nullable()
      .meta({ description: 'The welcome space first start made in it, while it exists: where the app opens once answered.' }),
  })
  .meta({ id: 'FirstStart' });

export const FirstStartAnswers = z
  .object({ name: DisplayName, organization: OrganizationTitle })
  .meta({ id: 'FirstStartAnswers' });

/** Folio's own: a new data dir's owner names themselves and their first organization (docs/desktop.md, "First start"). */
export const firstStart = {
  getFirstStart: defineOperation({
    id: 'getFirstStart',
    method: 'GET',
    path: '/v1/first-start',
    summary: 'Whether this data dir still waits for its owner to name themselves and their organization',
    success: 200,
    response: FirstStart,
  }),
  completeFirstStart: defineOperation({
    id: 'completeFirstStart',
    method: 'PUT',
    path: '/v1/first-start',
    summary: "Name the data dir's owner and their first organization, once (the owner only)",
    body: FirstStartAnswers,
    success: 200,
    response: FirstStart,
  }),
};
