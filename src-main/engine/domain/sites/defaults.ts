import type { Database } from '../../core/db/database.js';

/**
 * The default site space of each sibling set and the default section of each site are flags
 * (`is_default`) kept on exactly one row of a non-empty set: the first row added, until another
 * is chosen or it goes, when the first remaining row (in order) takes it (migration 014's
 * triggers, which also cover cascades).
 */
type DefaultScope =
  | { table: 'site_spaces'; siteId: string; sectionId: string | null }
  | { table: 'site_sections'; siteId: string };

function scopeWhere(scope: DefaultScope): { where: string; params: unknown[] } {
  if (scope.table === 'site_spaces') {
    return { where: 'site_id = ? AND section_id IS ?', params: [scope.siteId, scope.sectionId] };
  }
  return { where: 'site_id = ?', params: [scope.siteId] };
}

/** Gives the flag to the first row of the scope when no row holds it. */
export function keepDefault(db: Database, scope: DefaultScope): void {
  const { where, params } = scopeWhere(scope);
  const held = db.get(`SELECT 1 FROM ${scope.table} WHERE ${where} AND is_default = 1`, ...params);
  if (held) return;
  db.run(
    `UPDATE ${scope.table} SET is_default = 1
     WHERE id = (SELECT id FROM ${scope.table} WHERE ${where} ORDER BY position, id LIMIT 1)`,
    ...params,
  );
}

/** Makes `id` the one default of its scope. */
export function chooseDefault(db: Database, scope: DefaultScope, id: string): void {
  const { where, params } = scopeWhere(scope);
  db.run(`UPDATE ${scope.table} SET is_default = (id = ?) WHERE ${where}`, id, ...params);
}

export const siteSpacesScope = (siteId: string, sectionId: string | null): DefaultScope => ({
  table: 'site_spaces',
  siteId,
  sectionId,
});
export const sectionsScope = (siteId: string): DefaultScope => ({ table: 'site_sections', siteId });
