import type { translations } from '../../../../src-shared/contract/translations.js';
import { paginate } from '../../core/pagination.js';
import { isFailure, type Handlers } from '../../core/pipeline/index.js';
import { created } from '../../domain/content-tree/create.js';
import { requireOrganization } from '../../domain/orgs/rules.js';
import { can, readableSource, requireTranslation } from '../../domain/translations/rules.js';
import { toTranslation } from '../../domain/translations/serialize.js';
import {
  deleteTranslation, findTranslation, insertTranslation, requestRun, setInstructions, translationsOf, type ListedTranslationRow,
} from '../../domain/translations/sql.js';

/** A translation created without instructions has an empty document. */
const NO_INSTRUCTIONS = { object: 'document', data: {}, nodes: [] };

export const translationsHandlers: Handlers<typeof translations> = {
  listTranslations(ctx, { params, query }) {
    const access = requireOrganization(ctx, params.organizationId, can.view);
    if (isFailure(access)) return access;
    const page = paginate<ListedTranslationRow>(ctx.db, translationsOf(params.organizationId), query);
    if (isFailure(page)) return page;
    return { ...page, items: page.items.map((row) => toTranslation(ctx, row, access.role)) };
  },

  createTranslation(ctx, { params, body }) {
    const access = requireOrganization(ctx, params.organizationId, can.edit);
    if (isFailure(access)) return access;
    const source = readableSource(ctx, access, body.source.space);
    if (isFailure(source)) return source;
    const id = insertTranslation(ctx.db, {
      organizationId: params.organizationId,
      sourceSpaceId: source.id,
      sourceLanguage: body.source.language,
      language: body.language,
      instructions: body.instructions ?? NO_INSTRUCTIONS,
      createdBy: ctx.actor.id,
    }, ctx.now);
    ctx.translations.enqueueAfterCommit(id);
    return created(toTranslation(ctx, findTranslation(ctx.db, params.organizationId, id)!, access.role));
  },

  getTranslation(ctx, { params }) {
    const access = requireTranslation(ctx, params.organizationId, params.translationId, can.view);
    if (isFailure(access)) return access;
    return toTranslation(ctx, access.translation, access.role);
  },

  updateTranslation(ctx, { params, body }) {
    const access = requireTranslation(ctx, params.organizationId, params.translationId, can.edit);
    if (isFailure(access)) return access;
    setInstructions(ctx.db, access.translation.id, body.instructions, ctx.now);
    return toTranslation(ctx, findTranslation(ctx.db, params.organizationId, access.translation.id)!, access.role);
  },

  deleteTranslation(ctx, { params }) {
    const access = requireTranslation(ctx, params.organizationId, params.translationId, can.edit);
    if (isFailure(access)) return access;
    deleteTranslation(ctx.db, access.translation.id);
    return undefined;
  },

  runTranslation(ctx, { params }) {
    const access = requireTranslation(ctx, params.organizationId, params.translationId, can.edit);
    if (isFailure(access)) return access;
    requestRun(ctx.db, access.translation.id, ctx.now);
    ctx.translations.enqueueAfterCommit(access.translation.id);
    return undefined;
  },
};
