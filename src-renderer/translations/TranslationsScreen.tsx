import { useEffect } from 'react';
import { attempt } from '../api/call.js';
import { LoadedList } from '../components/Loaded.js';
import { useTreeStore, useWorkspace } from '../frame/workspace-context.js';
import { useResource } from '../hooks/use-resource.js';
import { useOrganizationSpaces } from '../sites/use-organization-spaces.js';
import { NewTranslationForm } from './NewTranslationForm.js';
import { TranslationRow } from './TranslationRow.js';
import { isUnfinished } from './translation-words.js';

/** How often the list is read again while a run is pending or under way. */
const PROGRESS_INTERVAL_MS = 1000;

/** An organization's translations: create one, follow its runs, run it again, open its result. */
export function TranslationsScreen({ org }: { org: string }) {
  const { client } = useWorkspace();
  const { resource, reload } = useResource(`translations/${org}`, () =>
    attempt(client, 'listTranslations', { params: { organizationId: org }, query: { limit: 1000 } }),
  );
  const spaces = useOrganizationSpaces(org);
  const tree = useTreeStore();
  // A run that creates a result space adds a space to the sidebar.
  const results = resource.status === 'ready' ? resource.data.items.map((translation) => translation.result?.space ?? '').join() : '';
  useEffect(() => {
    if (results) void tree.getState().load();
  }, [results, tree]);
  const unfinished = resource.status === 'ready' && resource.data.items.some(isUnfinished);
  useEffect(() => {
    if (!unfinished) return;
    const timer = setTimeout(reload, PROGRESS_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [unfinished, resource, reload]);
  const titleOf = (spaceId: string) =>
    (spaces.resource.status === 'ready' && spaces.resource.data.items.find((space) => space.id === spaceId)?.title) || 'A space';
  const changed = () => {
    reload();
    spaces.reload();
  };
  return (
    <section aria-labelledby="translations-title" className="screen">
      <h1 id="translations-title">Translations</h1>
      <p className="note">A translation keeps a translated copy of a space; each run translates the pages changed since the last one.</p>
      <NewTranslationForm org={org} onCreated={changed} />
      <LoadedList resource={resource} what="translations" empty="No translations yet. Create one from a space." onRetry={reload}>
        {(translations) => (
          <ul className="rows" aria-label="Translations">
            {translations.map((translation) => (
              <TranslationRow key={translation.id} org={org} translation={translation} sourceTitle={titleOf(translation.source.space)} onChanged={changed} />
            ))}
          </ul>
        )}
      </LoadedList>
    </section>
  );
}
