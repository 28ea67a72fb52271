import { stem } from './stem.js';
import type { Vector } from './vectors.js';

/** Icon names (the reference service's icon set) for the words a cluster is about. */
const ICONS: readonly [icon: string, words: string][] = [
  ['lock', 'login log sign password sso saml auth authentication locked token 2fa mfa'],
  ['credit-card', 'billing invoice payment charge charged plan subscription refund price card'],
  ['file-export', 'export pdf download print'],
  ['magnifying-glass', 'search find results index'],
  ['gauge-high', 'slow performance speed lag load loading timeout'],
  ['plug', 'integration webhook api slack github sync plugin zapier'],
  ['globe', 'domain dns hostname ssl certificate site publish published'],
  ['users', 'team member invite invitation seat role permission'],
  ['image', 'image upload picture file attachment'],
  ['pen', 'editor edit editing typing formatting table block'],
  ['code-branch', 'merge change request conflict review branch'],
  ['mobile', 'mobile phone ios android app'],
];
const DEFAULT_ICON = 'circle-exclamation';

const ICON_OF_TERM = new Map<string, string>(
  ICONS.flatMap(([icon, words]) => words.split(' ').map((word) => [stem(word), icon] as const)),
);

/** The icon of the heaviest centroid term that has one (the first such term on a tie). */
export function iconFor(centroid: Vector): string {
  let best: { icon: string; weight: number } | undefined;
  for (const [term, weight] of centroid) {
    const icon = ICON_OF_TERM.get(term);
    if (icon !== undefined && (!best || weight > best.weight)) best = { icon, weight };
  }
  return best?.icon ?? DEFAULT_ICON;
}
