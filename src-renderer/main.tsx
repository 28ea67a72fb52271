import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { FolioBridge } from '../src-shared/client/bridge.js';
import { App } from './App.js';
import { detectConnection } from './api/connection.js';
import { createSessionStore } from './store/session.js';
import './styles.css';

declare global {
  interface Window {
    /** Present only inside the Electron shell, set by its preload. */
    folio?: FolioBridge;
  }
}

const store = createSessionStore(detectConnection(window));
void store.getState().load();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} storage={window.localStorage} />
  </StrictMode>,
);
