import type { Site } from '../api/types.js';

export type Visibility = Site['visibility'];

const LABELS: Record<Visibility, string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  'share-link': 'Share link',
  'visitor-auth': 'Visitor authentication',
};

export const VISIBILITIES = Object.keys(LABELS) as Visibility[];

export function visibilityLabel(visibility: Visibility): string {
  return LABELS[visibility];
}
