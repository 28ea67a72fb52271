// The engine's worker thread, run from the TypeScript sources (npm run serve, the CLI, vitest):
// tsx's loader is registered in the thread, then the program itself is loaded. The desktop app
// runs the bundled `engine-worker.js` instead (electron.vite.config.ts), which needs neither.
import { register } from 'tsx/esm/api';

register();
// Named by address: the program is TypeScript, which only the loader just registered reads.
await import(new URL('./worker-entry.ts', import.meta.url).href);
