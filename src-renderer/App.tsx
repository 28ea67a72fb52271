import { useStore } from 'zustand';
import { OrganizationList } from './components/OrganizationList.js';
import { Problem } from './components/Problem.js';
import { TokenForm } from './components/TokenForm.js';
import type { SessionStore, View } from './store/session.js';

export function App({ store }: { store: SessionStore }) {
  const view = useStore(store, (state) => state.view);
  const load = useStore(store, (state) => state.load);
  const submitToken = useStore(store, (state) => state.submitToken);
  return (
    <>
      <header className="bar">
        <span className="brand">Folio</span>
        {view.status === 'ready' && (
          <span className="who">
            Signed in as <strong>{view.user.displayName}</strong>
          </span>
        )}
      </header>
      <main>
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
      return (
        <p role="status" className="note">
          Loading your organizations…
        </p>
      );
    case 'failed':
      return <Problem message={view.problem} onRetry={onRetry} />;
    case 'ready':
      return <OrganizationList organizations={view.organizations} />;
  }
}
