import type { IntegrationRow } from '../../domain/integrations/sql.js';
import { tunnelOrigin } from './tunnel.js';

/**
 * Where an integration's script may fetch: this engine's API when its scopes ask for any access
 * to it (the script authenticates with a token it keeps among its secrets), and its development
 * tunnel while one is set. Nothing else: Folio's scripts never reach the wider network.
 */
export function allowedOrigins(integration: IntegrationRow, engineOrigin: string): Set<string> {
  const origins = new Set<string>();
  if ((JSON.parse(integration.scopes) as string[]).length > 0) origins.add(engineOrigin);
  if (integration.dev_tunnel_url !== null) origins.add(tunnelOrigin(integration.dev_tunnel_url));
  return origins;
}
