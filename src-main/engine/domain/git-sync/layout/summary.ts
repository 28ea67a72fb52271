import type { List, ListItem, PhrasingContent, RootContent } from 'mdast';
import { parseMarkdown } from '../../../../../src-shared/content/markdown-parse.js';
import { isMarkdown, linkPath, pathOfLink, relativeFrom, resolveFrom } from './paths.js';

/**
 * SUMMARY.md, the table of contents: nested lists of links to the pages' files (or to other
 * addresses: link pages), cut into groups by `##` headings. The first `#` heading is the
 * table's own title.
 */
export type SummaryEntry =
  | { kind: 'page'; title: string; path: string; children: SummaryEntry[] }
  | { kind: 'link'; title: string; url: string; children: SummaryEntry[] };

export interface SummaryGroup {
  /** null: the pages before the first group heading. */
  title: string | null;
  entries: SummaryEntry[];
}

export type SummaryResult = { ok: true; groups: SummaryGroup[] } | { ok: false; message: string };

/** Reads SUMMARY.md at `at` (a repository path): entry paths come out as repository paths. */
export function readSummary(text: string, at: string): SummaryResult {
  const groups: SummaryGroup[] = [{ title: null, entries: [] }];
  let titled = false;
  const tree = parseMarkdown(text);
  for (const node of tree.children) {
    if (node.type === 'heading') {
      // The first top heading titles the table itself; every later heading starts a group.
      if (node.depth === 1 && !titled && groups.length === 1 && groups[0]!.entries.length === 0) {
        titled = true;
        continue;
      }
      groups.push({ title: plain(node.children).trim(), entries: [] });
    } else if (node.type === 'list') {
      const entries = readList(node, at);
      if (typeof entries === 'string') return { ok: false, message: `SUMMARY.md: ${entries}` };
      groups.at(-1)!.entries.push(...entries);
    } else if (!isIgnorable(node)) {
      return { ok: false, message: `SUMMARY.md: a ${node.type} stands where headings and lists of links are expected` };
    }
  }
  return { ok: true, groups: groups.filter((group, i) => i > 0 || group.entries.length > 0) };
}

const isIgnorable = (node: RootContent) => node.type === 'yaml' || node.type === 'thematicBreak' || (node.type === 'html' && node.value.startsWith('<!--'));

function readList(list: List, at: string): SummaryEntry[] | string {
  const out: SummaryEntry[] = [];
  for (const item of list.children) {
    const entry = readItem(item, at);
    if (typeof entry === 'string') return entry;
    out.push(entry);
  }
  return out;
}

function readItem(item: ListItem, at: string): SummaryEntry | string {
  const [first, ...rest] = item.children;
  const link = first?.type === 'paragraph' ? first.children.find((child) => child.type === 'link') : undefined;
  if (!link || link.type !== 'link') return `an entry has no link: "${first?.type === 'paragraph' ? plain(first.children).trim() : ''}"`;
  const children: SummaryEntry[] = [];
  for (const child of rest) {
    if (child.type !== 'list') return `the entry "${plain(link.children)}" holds something other than a list of entries`;
    const entries = readList(child, at);
    if (typeof entries === 'string') return entries;
    children.push(...entries);
  }
  const title = plain(link.children).trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.url) || link.url.startsWith('//')) return { kind: 'link', title, url: link.url, children };
  const address = pathOfLink(link.url.split('#')[0]!);
  const path = resolveFrom(at, address);
  if (path === undefined) return `the entry "${title}" points outside the repository (${link.url})`;
  if (!isMarkdown(path)) return `the entry "${title}" points at ${path}, which is not a Markdown file`;
  return { kind: 'page', title, path, children };
}

function plain(children: readonly PhrasingContent[]): string {
  return children.map((child) => ('value' in child ? child.value : 'children' in child ? plain(child.children) : '')).join('');
}

/** SUMMARY.md for `groups`, written at `at`, in the service's form. */
export function writeSummary(groups: readonly SummaryGroup[], at: string): string {
  const lines = ['# Table of contents', ''];
  const entry = (item: SummaryEntry, depth: number) => {
    const address = item.kind === 'page' ? linkPath(relativeFrom(at, item.path)) : item.url;
    lines.push(`${'  '.repeat(depth)}* [${escapeText(item.title)}](${address})`);
    for (const child of item.children) entry(child, depth + 1);
  };
  for (const group of groups) {
    if (group.title !== null) lines.push(`## ${escapeText(group.title)}`, '');
    for (const item of group.entries) entry(item, 0);
    lines.push('');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}


const escapeText = (text: string) => text.replace(/[\\[\]*_`<]/g, (char) => `\\${char}`);
