import type { Answer } from '../api/types.js';

export type IssuesCluster = Answer<'getConversationsIssuesCluster'>;
export type Impact = IssuesCluster['impact'];
export type IssueWithConversation = Answer<'getConversationIssueById'>;

/** The reference service names icons from its icon set; the app draws them as emoji. */
const ICONS: Record<string, string> = {
  lock: '🔒',
  'credit-card': '💳',
  'file-export': '📤',
  'magnifying-glass': '🔍',
  'gauge-high': '⏱️',
  plug: '🔌',
  globe: '🌐',
  users: '👥',
  image: '🖼️',
  pen: '✏️',
  'code-branch': '🔀',
  mobile: '📱',
};

export function iconOf(name: string): string {
  return ICONS[name] ?? '❗';
}

const IMPACT_WORDS: Record<Impact, string> = { high: 'High impact', medium: 'Medium impact', low: 'Low impact' };

export function impactWords(impact: Impact): string {
  return IMPACT_WORDS[impact];
}

export function statsWords(cluster: IssuesCluster): string {
  const { issues, conversations } = cluster.stats;
  return `${issues} ${issues === 1 ? 'issue' : 'issues'} from ${conversations} ${conversations === 1 ? 'conversation' : 'conversations'}`;
}

/** Where the issues came from: `email 3 · integration:intercom:main 2`, busiest first. */
export function sourcesWords(sources: Record<string, number>): string {
  return Object.entries(sources)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([source, count]) => `${source} ${count}`)
    .join(' · ');
}
