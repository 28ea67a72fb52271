import type { Impact } from '../../../../src-shared/contract/conversations.js';
import { normalise } from './tokens.js';

/** What is known of an issue when it is scored. */
export interface ImpactSignals {
  text: string;
  /** Messages in the whole conversation, every role. */
  messages: number;
  /** `metadata.attributes.plan`, when the source gave one. */
  plan: string | undefined;
}

/** Each rule adds its points once, however often its words appear (docs/conversations.md, "Impact"). */
const RULES: readonly { points: number; pattern: RegExp }[] = [
  // Blocking, data at risk, or an outage.
  { points: 3, pattern: /\b(data loss|lost (all|my|our|the)|deleted|corrupt\w*|outage|(is|went|are) down|locked out|security|breach|leak\w*|blocked|blocking|critical|production|cannot access|can'?t access|all (our )?users)\b/ },
  // Urgency.
  { points: 1, pattern: /\b(urgent\w*|asap|immediately|emergency|deadline)\b|!!/ },
  // A failure, rather than a question.
  { points: 1, pattern: /\b(error|fail\w*|crash\w*|broken|bug|not working|doesn'?t work|time[sd]? ?out|500)\b/ },
  // It keeps happening.
  { points: 1, pattern: /\b(again|still|keeps?|every time|repeatedly|multiple times|third time|several times)\b/ },
];

const PAID_PLANS = new Set(['business', 'enterprise', 'ultimate', 'premium']);
/** A conversation this long is a customer stuck in back-and-forth. */
const LONG_CONVERSATION = 6;
const HIGH = 4;
const MEDIUM = 2;

export function impactOf(signals: ImpactSignals): Impact {
  const text = normalise(signals.text);
  let score = RULES.reduce((sum, rule) => sum + (rule.pattern.test(text) ? rule.points : 0), 0);
  if (signals.plan !== undefined && PAID_PLANS.has(signals.plan.toLowerCase())) score += 1;
  if (signals.messages >= LONG_CONVERSATION) score += 1;
  return score >= HIGH ? 'high' : score >= MEDIUM ? 'medium' : 'low';
}

const IMPACTS: readonly Impact[] = ['low', 'medium', 'high'];

export function maxImpact(impacts: readonly Impact[]): Impact {
  return impacts.reduce<Impact>((max, impact) => (IMPACTS.indexOf(impact) > IMPACTS.indexOf(max) ? impact : max), 'low');
}

/**
 * A cluster's impact: the most severe level that at least a third of its issues reach, so that
 * one alarmed report does not make a cluster of mild ones high.
 */
export function clusterImpact(counts: Record<Impact, number>): Impact {
  const total = counts.low + counts.medium + counts.high;
  if (counts.high * 3 >= total && counts.high > 0) return 'high';
  if ((counts.high + counts.medium) * 3 >= total && counts.high + counts.medium > 0) return 'medium';
  return 'low';
}
