import { startPostgresHub } from '../src-main/engine/app/sync/postgres/hub-server.js';
import { exitWithParent } from './sync-children.js';

/**
 * A hub process on PostgreSQL for the cluster benches (sync-cluster.ts), as `npm run serve --
 * --postgres URL` runs one: `sync-pg-hub.ts URL`. Prints `hub PORT` once it listens.
 */
const hub = await startPostgresHub(process.argv[2]!, 0, (message) => {
  console.error(message);
  process.exit(1);
});
console.log(`hub ${hub.port}`);
exitWithParent();
process.once('SIGTERM', () => void hub.close().then(() => process.exit(0)));
