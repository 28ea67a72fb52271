import type { SpaceComment } from '../api/types.js';

type Reaction = SpaceComment['reactions'][number];

const OFFERED = ['👍', '🎉', '❤️', '👀'];

export interface ReactionChange {
  addedReactions?: string[];
  removedReactions?: string[];
}

/** The offered emoji and any others already used, each a toggle for the signed-in person. */
export function Reactions({ reactions, me, disabled, onReact }: {
  reactions: Reaction[];
  me: string;
  disabled: boolean;
  onReact(change: ReactionChange): void;
}) {
  const used = reactions.map((reaction) => reaction.emoji);
  const shown = [...used, ...OFFERED.filter((emoji) => !used.includes(emoji))];
  return (
    <span className="reactions" role="group" aria-label="Reactions">
      {shown.map((emoji) => {
        const reaction = reactions.find((candidate) => candidate.emoji === emoji);
        const mine = reaction?.users.some((entry) => entry.user.id === me) ?? false;
        return (
          <button
            key={emoji}
            type="button"
            className="reaction"
            aria-pressed={mine}
            disabled={disabled}
            aria-label={`${emoji} ${reaction?.count ?? 0}`}
            onClick={() => onReact(mine ? { removedReactions: [emoji] } : { addedReactions: [emoji] })}
          >
            {emoji}
            {reaction ? <span className="count">{reaction.count}</span> : null}
          </button>
        );
      })}
    </span>
  );
}
