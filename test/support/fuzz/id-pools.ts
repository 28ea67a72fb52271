import fc from 'fast-check';

/**
 * Ids of real rows, by the name of the path parameter that takes them (`spaceId`, `pageId`, …),
 * and the combinations of parameters that belong together (a change request with its space), so
 * that generated requests reach real rows as well as unknown ones. Filled by the fixtures and
 * from every successful answer the fuzzer reads.
 */
export class IdPools {
  private readonly pools = new Map<string, string[]>();
  private readonly contexts: Record<string, string>[] = [];

  add(name: string, id: unknown): void {
    if (typeof id !== 'string' || id === '') return;
    const pool = this.pools.get(name) ?? [];
    if (pool.includes(id)) return;
    // Bounded: the newest ids replace the oldest beyond 50 of a kind.
    if (pool.length >= 50) pool.shift();
    pool.push(id);
    this.pools.set(name, pool);
  }

  /** Parameters that belong together, as the answer to a request named them. */
  addContext(context: Record<string, string>): void {
    if (Object.keys(context).length < 2) return;
    if (this.contexts.length >= 400) this.contexts.splice(0, 1);
    this.contexts.push(context);
  }

  get(name: string): readonly string[] {
    return this.pools.get(name) ?? [];
  }

  /** A context holding every one of `names`, at random; undefined when none does. */
  contextFor(names: readonly string[], pick: number): Record<string, string> | undefined {
    const fitting = this.contexts.filter((context) => names.every((name) => context[name] !== undefined));
    return fitting.length > 0 ? fitting[pick % fitting.length] : undefined;
  }

  /**
   * Ids a field of this name most likely takes (`space`, `spaces` and `spaceId` all take space
   * ids; else any id), read from the pools as they are when a value is drawn; `fallback` while
   * they are empty.
   */
  arbitraryFor(field: string, fallback: fc.Arbitrary<string>): fc.Arbitrary<string> {
    const name = poolName(field);
    return fc.tuple(fc.nat(), fallback).map(([pick, made]) => {
      const known = this.get(name);
      const any = known.length > 0 ? known : [...this.pools.values()].flat();
      return any.length > 0 ? any[pick % any.length]! : made;
    });
  }
}

/** The pool a body or query field's ids come from: `space`, `spaces` and `spaceId` all take space ids. */
function poolName(field: string): string {
  const base = field.replace(/Ids?$/, '').replace(/s$/, '');
  const aliases: Record<string, string> = {
    page: 'pageId',
    into: 'pageId',
    parent: 'collectionId',
    owner: 'userId',
    creator: 'userId',
    contributor: 'userId',
    requestedReviewer: 'userId',
    user: 'userId',
    organization: 'organizationId',
    section: 'siteSectionId',
    sectionGroup: 'siteSectionGroupId',
    cluster: 'clusterId',
    conversation: 'conversationId',
    team: 'teamId',
    space: 'spaceId',
    file: 'fileId',
  };
  return aliases[base] ?? `${base}Id`;
}

/** The path parameter an API object's id goes to, by its `object` field. */
const OBJECT_PARAMS: Record<string, string> = {
  organization: 'organizationId',
  space: 'spaceId',
  collection: 'collectionId',
  'change-request': 'changeRequestId',
  comment: 'commentId',
  'comment-reply': 'commentReplyId',
  site: 'siteId',
  'site-space': 'siteSpaceId',
  'site-section': 'siteSectionId',
  'site-section-group': 'siteSectionGroupId',
  team: 'teamId',
  user: 'userId',
  'saml-provider': 'samlProviderId',
  invite: 'inviteId',
  'issues-cluster': 'clusterId',
  'conversation-issue': 'issueId',
  'openapi-spec-version': 'versionId',
  integration: 'integrationName',
  'openapi-spec': 'specSlug',
  translation: 'translationId',
  conversation: 'conversationId',
};

/**
 * Takes the ids an answer holds into the pools: API objects by their `object` field, pages (with
 * their paths) and files by their shape, list items alike; the request's own parameters with the
 * answer's top-level id make a context.
 */
export function harvest(pools: IdPools, params: Record<string, string>, answer: unknown): void {
  const stack: unknown[] = [answer];
  let seen = 0;
  while (stack.length > 0 && seen++ < 2_000) {
    const value = stack.pop();
    if (typeof value !== 'object' || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const record = value as Record<string, unknown>;
    const kind = typeof record.object === 'string' ? OBJECT_PARAMS[record.object] : undefined;
    if (kind === 'integrationName') pools.add(kind, record.name);
    else if (kind === 'specSlug') pools.add(kind, record.slug);
    else if (kind) pools.add(kind, record.id);
    if (typeof record.id === 'string' && (record.kind === 'document' || record.kind === 'group' || record.kind === 'link')) {
      pools.add('pageId', record.id);
      pools.add('pagePath', record.path);
    }
    if (typeof record.id === 'string' && typeof record.downloadURL === 'string') pools.add('fileId', record.id);
    for (const inner of Object.values(record)) if (typeof inner === 'object') stack.push(inner);
  }
  const top = answer as { object?: unknown; id?: unknown } | undefined;
  const name = typeof top?.object === 'string' ? OBJECT_PARAMS[top.object] : undefined;
  if (name && typeof top?.id === 'string') pools.addContext({ ...params, [name]: top.id });
  else pools.addContext(params);
}
