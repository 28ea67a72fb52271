import { useState } from 'react';
import { attempt, type Outcome } from '../api/call.js';
import type { Space } from '../api/types.js';
import { emojiCode, emojiGlyph } from '../components/emoji.js';
import { NameForm } from '../components/NameForm.js';
import { useWorkspace } from '../frame/workspace-context.js';

type Body = { title?: string; emoji?: string | null; editMode?: Space['editMode'] };

const VISIBILITY: Record<Space['visibility'], string> = {
  public: 'Public',
  unlisted: 'Unlisted',
  'share-link': 'Shared by link',
  'visitor-auth': 'Visitors sign in',
  'in-collection': 'As its collection',
  private: 'Private',
};

/** A space's title, emoji, visibility and edit mode, with the changes its admins may make. */
export function SpaceHeader({ space, onChanged }: { space: Space; onChanged(space: Space): void }) {
  const { client } = useWorkspace();
  const [editing, setEditing] = useState<'title' | 'emoji' | undefined>();
  const [problem, setProblem] = useState<string>();
  const update = async (body: Body): Promise<boolean> => {
    const outcome: Outcome<Space> = await attempt(client, 'updateSpaceById', { params: { spaceId: space.id }, body });
    setProblem(outcome.ok ? undefined : outcome.problem);
    if (outcome.ok) onChanged(outcome.data);
    return outcome.ok;
  };
  const locked = space.editMode === 'locked';
  return (
    <header className="space-header">
      <h1>
        {space.emoji && (
          <span className="space-emoji" aria-hidden="true">
            {emojiGlyph(space.emoji)}
          </span>
        )}
        {space.title || 'Untitled space'}
      </h1>
      <p className="badges">
        <span className="badge">{VISIBILITY[space.visibility]}</span>
        <span className={`badge${locked ? ' status-locked' : ''}`}>{locked ? 'Locked: no new changes' : 'Live editing'}</span>
        <span className="badge">{space.changeRequestsOpen} open change requests</span>
      </p>
      {space.permissions.admin && (
        <div className="toolbar">
          <button type="button" className="secondary" onClick={() => setEditing('title')}>
            Rename
          </button>
          <button type="button" className="secondary" onClick={() => setEditing('emoji')}>
            Emoji
          </button>
          {space.emoji && (
            <button type="button" className="secondary" onClick={() => void update({ emoji: null })}>
              Remove emoji
            </button>
          )}
          <button type="button" className="secondary" onClick={() => void update({ editMode: locked ? 'live' : 'locked' })}>
            {locked ? 'Unlock editing' : 'Lock editing'}
          </button>
        </div>
      )}
      {editing === 'title' && (
        <NameForm label="Space title" submitLabel="Rename" initial={space.title} maxLength={50} onCancel={() => setEditing(undefined)} onSubmit={(title) => update({ title })} />
      )}
      {editing === 'emoji' && (
        <NameForm
          label="Emoji"
          submitLabel="Set emoji"
          initial={space.emoji ? emojiGlyph(space.emoji) : ''}
          onCancel={() => setEditing(undefined)}
          onSubmit={(glyph) => update({ emoji: emojiCode(glyph) })}
        />
      )}
      {problem && (
        <p role="alert" className="problem">
          {problem}
        </p>
      )}
    </header>
  );
}
