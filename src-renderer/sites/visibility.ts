import type { Site } from '../api/types.js';

export type Visibility = Site['visibility'];

const LABELS: Record<Visibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  'share-link': 'Share link',
  'visitor-auth': 'Visitor authentication',
};

/** Who can open the published site, as its administrator needs to know before choosing. */
const AUDIENCES: Record<Visibility, string> = {
  public: 'Anyone can open it.',
  unlisted: 'Anyone with the address can open it; search engines are asked not to list it.',
  'share-link': 'Only someone given the address with its key can open it; the preview carries the key.',
  'visitor-auth': 'Only visitors with a token signed with the site’s visitor key can open it (jwt_token in the address).',
};

export const VISIBILITIES = Object.keys(LABELS) as Visibility[];

export function visibilityLabel(visibility: Visibility): string {
  return LABELS[visibility];
}

export function audienceOf(visibility: Visibility): string {
  return AUDIENCES[visibility];
}
