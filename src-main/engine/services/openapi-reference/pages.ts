import { operationsByTag, overviewMarkdown, tagMarkdown, tagTitle } from './markdown.js';

/**
 * A computed page's `computed` field, as the documents give it (`{type, dependencies: {spec:
 * {ref: {kind: openapi, spec}}}, props: {doc}}`), with 0.146.0's values: `builtin:openapi`, and
 * `props` naming what the page shows: the overview (`info`) or one tag's operations.
 */
export interface ComputedOpenAPI {
  type: 'builtin:openapi';
  dependencies: { spec: { ref: { kind: 'openapi'; spec: string } } };
  props: { doc: 'info' } | { doc: 'operations'; page: string };
}

export interface ReferencePage {
  title: string;
  markdown: string;
  computed: ComputedOpenAPI;
  pages: ReferencePage[];
}

type Json = Record<string, unknown>;

const computed = (slug: string, props: ComputedOpenAPI['props']): ComputedOpenAPI => ({
  type: 'builtin:openapi',
  dependencies: { spec: { ref: { kind: 'openapi', spec: slug } } },
  props,
});

/** The API-reference pages of a spec: its overview, and under it one page per tag. */
export function referencePages(slug: string, document: Json): ReferencePage {
  const info = typeof document.info === 'object' && document.info !== null ? (document.info as Json) : {};
  const title = typeof info.title === 'string' && info.title.trim() !== '' ? info.title.trim() : 'API reference';
  const pages = [...operationsByTag(document).keys()].map((tag) => ({
    title: tagTitle(tag),
    markdown: tagMarkdown(document, tag),
    computed: computed(slug, { doc: 'operations', page: tag }),
    pages: [],
  }));
  return { title, markdown: overviewMarkdown(document), computed: computed(slug, { doc: 'info' }), pages };
}

/** What a computed page shows for a (newer) document of its spec. */
export function computedMarkdown(field: ComputedOpenAPI, document: Json): string {
  return field.props.doc === 'info' ? overviewMarkdown(document) : tagMarkdown(document, field.props.page);
}

