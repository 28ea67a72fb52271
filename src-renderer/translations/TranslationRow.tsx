import { useState } from 'react';
import { attempt } from '../api/call.js';
import { ConfirmAction } from '../components/ConfirmAction.js';
import { ProblemLine } from '../components/ProblemLine.js';
import { useWorkspace } from '../frame/workspace-context.js';
import { hrefFor } from '../routing/route.js';
import { languageName, statsWords, statusWords, type Translation } from './translation-words.js';

/** One translation: its languages and status, its stats, the result to open, and what its editors can do. */
export function TranslationRow({ org, translation, sourceTitle, onChanged }: { org: string; translation: Translation; sourceTitle: string; onChanged(): void }) {
  const { client } = useWorkspace();
  const [problem, setProblem] = useState<string>();
  const [confirming, setConfirming] = useState(false);
  const params = { organizationId: org, translationId: translation.id };
  const act = async (outcome: Promise<{ ok: boolean; problem?: string }>) => {
    const done = await outcome;
    setProblem(done.ok ? undefined : done.problem);
    onChanged();
  };
  const heading = `${sourceTitle}: ${languageName(translation.source.language)} → ${languageName(translation.language)}`;
  return (
    <li className="row-card" aria-label={heading}>
      <strong>{heading}</strong>
      <span className="note" role="status">
        {statusWords(translation)}
      </span>
      {translation.lastRunError && (
        <p className="problem">
          {translation.lastRunError.message} ({translation.lastRunError.code})
        </p>
      )}
      <span className="note">{statsWords(translation.stats)}</span>
      <span className="form-buttons">
        {translation.result && <a href={hrefFor({ screen: 'space', org, space: translation.result.space })}>Open the translated space</a>}
        {translation.permissions.edit && (
          <>
            <button type="button" disabled={translation.status !== 'completed'} onClick={() => void act(attempt(client, 'runTranslation', { params }))}>
              Run again
            </button>
            <button type="button" className="quiet" onClick={() => setConfirming(true)}>
              Delete
            </button>
          </>
        )}
      </span>
      {confirming && (
        <ConfirmAction
          question="Delete this translation? The translated space stays."
          confirmLabel="Delete translation"
          onConfirm={() => act(attempt(client, 'deleteTranslation', { params }))}
          onCancel={() => setConfirming(false)}
        />
      )}
      <ProblemLine problem={problem} />
    </li>
  );
}
