import type { Role } from '../../../../src-shared/contract/common.js';
import type { OperationOutput } from '../../../../src-shared/contract/operation.js';
import type { translations } from '../../../../src-shared/contract/translations.js';
import type { RequestContext } from '../../core/pipeline/context.js';
import { can } from './rules.js';
import type { ListedTranslationRow } from './sql.js';

type Translation = OperationOutput<typeof translations.getTranslation>;
type Language = Translation['language'];

const seconds = (ms: number) => Math.round(ms / 1000);

export function toTranslation(ctx: RequestContext, row: ListedTranslationRow, role: Role | null | undefined): Translation {
  return {
    object: 'translation',
    id: row.id,
    status: row.status,
    source: { space: row.source_space_id, language: row.source_language as Language },
    language: row.language as Language,
    instructions: JSON.parse(row.instructions) as Translation['instructions'],
    ...(row.result_space_id !== null && row.result_revision_id !== null
      ? { result: { space: row.result_space_id, revision: row.result_revision_id, language: row.language as Language } }
      : {}),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    stats: {
      runs: row.runs,
      totalWords: row.total_words,
      totalPages: row.pages,
      totalDuration: seconds(row.total_duration_ms),
      latestRunDuration: seconds(row.latest_duration_ms),
      latestPages: row.latest_pages,
      latestWords: row.latest_words,
    },
    ...(row.last_error_code !== null ? { lastRunError: { code: row.last_error_code, message: row.last_error_message ?? '' } } : {}),
    permissions: { view: can.view(role), edit: can.edit(role) },
    urls: { location: ctx.urls.api(`/orgs/${row.organization_id}/translations/${row.id}`) },
  };
}
