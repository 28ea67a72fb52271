import { attempt } from '../api/call.js';
import { pointerTo, stepPosition, type Step, type StructureItem } from './site-order.js';
import { useSiteActions } from './site-actions.js';

/** Up and down among siblings: the keyboard's way to arrange a site, through the structure sort. */
export function MoveButtons({ siblings, index, title }: { siblings: StructureItem[]; index: number; title: string }) {
  const { client, params, run } = useSiteActions();
  const move = (step: Step) => {
    const position = stepPosition(siblings, index, step);
    if (position) void run(attempt(client, 'sortSiteStructure', { params, body: { item: pointerTo(siblings[index]!), position } }));
  };
  return (
    <>
      <button type="button" className="quiet" aria-label={`Move ${title} up`} disabled={index === 0} onClick={() => move('up')}>
        ↑
      </button>
      <button type="button" className="quiet" aria-label={`Move ${title} down`} disabled={index === siblings.length - 1} onClick={() => move('down')}>
        ↓
      </button>
    </>
  );
}
