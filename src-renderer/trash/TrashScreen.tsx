import { useEffect } from 'react';
import { useStore } from 'zustand';
import { emojiGlyph } from '../components/emoji.js';
import { formatDate } from '../components/format.js';
import { Loaded } from '../components/Loaded.js';
import { useTreeStore } from '../frame/workspace-context.js';
import { hrefFor } from '../routing/route.js';
import { navigate } from '../routing/use-route.js';

/** Spaces deleted from this device in the last 7 days, each with a way back. */
export function TrashScreen({ org }: { org: string }) {
  const store = useTreeStore();
  const { trash, problem, loadTrash, restore } = useStore(store);
  useEffect(() => void loadTrash(), [loadTrash]);
  return (
    <section aria-labelledby="trash-title" className="screen">
      <h1 id="trash-title">Trash</h1>
      <p className="note">Deleted spaces stay here for 7 days, then they are removed for good.</p>
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
      <Loaded resource={trash} what="the trash" onRetry={() => void loadTrash()}>
        {(spaces) =>
          spaces.length === 0 ? (
            <p className="note">The trash is empty.</p>
          ) : (
            <ul className="rows">
              {spaces.map((space) => (
                <li key={space.id} className="row-card">
                  <span>
                    {space.emoji ? `${emojiGlyph(space.emoji)} ` : ''}
                    {space.title || 'Untitled space'}
                  </span>
                  <span className="note">deleted {space.deletedAt ? formatDate(space.deletedAt) : ''}</span>
                  <button
                    type="button"
                    aria-label={`Restore ${space.title}`}
                    onClick={async () => {
                      const restored = await restore(space.id);
                      if (restored.ok) navigate(hrefFor({ screen: 'space', org, space: space.id }));
                    }}
                  >
                    Restore
                  </button>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </section>
  );
}
