import { z } from 'zod';
import { ContentRef, EntityId } from './common.js';
import { defineOperation } from './operation.js';

/** Built-in page templates applied to a space's content (docs/search.md, "Templates"; the README lists them). */
export const templates = {
  applyTemplateToSpace: defineOperation({
    id: 'applyTemplateToSpace',
    method: 'POST',
    path: '/v1/spaces/{spaceId}/content/template',
    summary: "Add a built-in template's pages to a space: into a change request when one is named, else into the main content",
    params: z.object({ spaceId: EntityId }),
    body: z
      .object({
        id: z.string().min(1),
        params: z.object({ contentRefs: z.record(z.string(), ContentRef).optional() }).optional(),
        changeRequestId: z.string().min(1).optional(),
      })
      .meta({ id: 'ApplySpaceTemplate' }),
    success: 201,
  }),
};
