import type { OperationInput } from '../../../../src-shared/contract/operation.js';
import type { IntegrationBlock, integrations } from '../../../../src-shared/contract/integrations.js';
import type { IntegrationRow } from './sql.js';

export type IntegrationFilters = Omit<OperationInput<typeof integrations.listIntegrations>['query'], 'page' | 'limit'>;

const parse = <T>(text: string) => JSON.parse(text) as T;

/** The host of a block's unfurl pattern (`https://github.com/*`, or a bare `github.com/…`). */
function hostOf(pattern: string): string | undefined {
  try {
    return new URL(pattern.includes('://') ? pattern : `https://${pattern}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** A block domain matches its own host and the hosts under it (`github.com` matches `gist.github.com`). */
function unfurlsDomain(blocks: IntegrationBlock[], domain: string): boolean {
  const wanted = domain.toLowerCase();
  return blocks.some((block) =>
    (block.urlUnfurl ?? []).some((pattern) => {
      const host = hostOf(pattern);
      return host !== undefined && (host === wanted || host.endsWith(`.${wanted}`));
    }),
  );
}

/**
 * Every filter of the list (REFERENCE: `search`, `category`, `blockDomain`, `blocks`,
 * `contentSources`, `owner`, `scope`, `target`); all given ones must hold. `search` looks in the
 * name and the title, ignoring case; `target` keeps the integrations installable there, so those
 * of target `all` too.
 */
export function matchesFilters(integration: IntegrationRow, filters: IntegrationFilters): boolean {
  const blocks = parse<IntegrationBlock[]>(integration.blocks);
  const search = filters.search?.toLowerCase();
  const checks = [
    search === undefined || integration.name.toLowerCase().includes(search) || integration.title.toLowerCase().includes(search),
    filters.category === undefined || parse<string[]>(integration.categories).includes(filters.category),
    filters.blockDomain === undefined || unfurlsDomain(blocks, filters.blockDomain),
    filters.blocks === undefined || blocks.length > 0 === filters.blocks,
    filters.contentSources === undefined || parse<unknown[]>(integration.content_sources).length > 0 === filters.contentSources,
    filters.owner === undefined || integration.owner_id === filters.owner,
    filters.scope === undefined || parse<string[]>(integration.scopes).includes(filters.scope),
    filters.target === undefined || integration.target === filters.target || integration.target === 'all',
  ];
  return checks.every(Boolean);
}
