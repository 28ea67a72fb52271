import { useStore } from 'zustand';
import { Problem } from './components/Problem.js';
import { TokenForm } from './components/TokenForm.js';
import { FirstStartScreen } from './first-start/FirstStartScreen.js';
import { Frame } from './frame/Frame.js';
import { hrefFor } from './routing/route.js';
import { navigate } from './routing/use-route.js';
import type { Route } from './routing/route.js';
import type { FirstStart } from './store/overview.js';
import type { SessionStore, View } from './store/session.js';

interface Props {
  store: SessionStore;
  /** Where the trash remembers deleted spaces: the browser's local storage in the app. */
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  route?: Route;
}

export function App({ store, storage, route }: Props) {
  const view = useStore(store, (state) => state.view);
  const client = useStore(store, (state) => state.client);
  const access = useStore(store, (state) => state.access);
  const load = useStore(store, (state) => state.load);
  const submitToken = useStore(store, (state) => state.submitToken);
  const refresh = useStore(store, (state) => state.refresh);
  // Named: the app opens where a writer starts, the welcome space (or the organization without one).
  const opened = async (answer: FirstStart) => {
    const org = answer.organization?.id;
    if (org) navigate(hrefFor(answer.space ? { screen: 'space', org, space: answer.space.id } : { screen: 'organization', org }));
    await load();
  };
  if (view.status === 'ready' && client && access && view.firstStart.needed) {
    return (
      <>
        <header className="bar">
          <span className="brand">Folio</span>
        </header>
        <main id="main">
          <FirstStartScreen client={client} firstStart={view.firstStart} onDone={(answer) => void opened(answer)} />
        </main>
      </>
    );
  }
  if (view.status === 'ready' && client && access) {
    return (
      <Frame user={view.user} organizations={view.organizations} client={client} access={access} storage={storage} route={route} refreshOverview={refresh} />
    );
  }
  return (
    <>
      <header className="bar">
        <span className="brand">Folio</span>
      </header>
      <main id="main">
        <Content view={view} onRetry={() => void load()} onToken={(token) => void submitToken(token)} />
      </main>
    </>
  );
}

function Content({ view, onRetry, onToken }: { view: View; onRetry(): void; onToken(token: string): void }) {
  switch (view.status) {
    case 'needs-token':
      return <TokenForm problem={view.problem} onSubmit={onToken} />;
    case 'loading':
    case 'ready':
      return (
        <p role="status" className="note">
          Loading your organizations…
        </p>
      );
    case 'failed':
      return <Problem message={view.problem} onRetry={onRetry} />;
  }
}
