import { stem } from './stem.js';

/**
 * Words that say nothing about what a report is about: function words, greetings, and the
 * words every support message uses ("help", "please", "issue"). They are dropped before stemming.
 */
const STOP_WORDS = new Set(
  `a about above after again against all also am an and any are aren as at be because been before being below
  between both but by can cannot could couldn did didn do does doesn doing don down during each few for from
  further had hadn has hasn have haven having he her here hers herself him himself his how i if in into is isn
  it its itself just let me more most my myself no nor not now of off on once only or other our ours ourselves
  out over own same she should so some such than that the their theirs them themselves then there these they
  this those through to too under until up very was wasn we were weren what when where which while who whom
  why will with won would wouldn you your yours yourself yourselves hi hello hey thanks thank thx please pls
  regards cheers team support help issue problem question get got getting trying try tried still anyone
  someone something anything everything way able know like want wanted need needs use using used one two
  today yesterday since ve ll re im ive dont cant doesnt isnt wont didnt also just really again`
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower case, accents folded, HTML tags and URLs dropped: what the tokenizer reads. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/<[^>]*>/g, ' ')
    .replace(/https?:\/\/\S+/g, ' ');
}

/** The stemmed content words of `text`, in order (repeats kept: they are term frequencies). */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const word of normalise(text).split(/[^a-z0-9]+/)) {
    if (word.length < 2 || /^\d+$/.test(word) || STOP_WORDS.has(word)) continue;
    const stemmed = stem(word.replace(/'/g, ''));
    if (!STOP_WORDS.has(stemmed)) out.push(stemmed);
  }
  return out;
}

/** Term frequencies of `words`, keys in first-seen order. */
export function termCounts(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}
