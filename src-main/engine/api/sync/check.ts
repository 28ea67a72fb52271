import { SyncSettings } from '../../../../src-shared/contract/sync.js';
import { authenticate } from '../../auth/tokens.js';
import type { IncomingCall } from '../../dispatcher.js';
import { failureResponse, type PipelineDeps } from '../../pipeline/execute.js';
import { badRequest } from '../../pipeline/failure.js';
import type { ApiResponse } from '../../pipeline/request.js';
import { probeHub } from '../../sync/hub-probe.js';
import { isOwner } from './rules.js';

/**
 * `PUT /v1/sync/settings` checks the hub before it saves (docs/sync.md, "Settings, status,
 * serve"): reached, the token admitted, a Folio hub's hello heard; otherwise 400 naming the
 * setting, in words ("No hub answers at …", "The hub refused this token", "This is not a Folio
 * hub…"). The check needs the network, so it runs before the request's transaction, and only for
 * a caller the operation would accept (the owner, a valid body); any other call goes straight
 * to `save`, which answers it as usual.
 */
export async function checkHubThenSave(deps: PipelineDeps, call: IncomingCall, save: () => ApiResponse | Promise<ApiResponse>, timeoutMs?: number): Promise<ApiResponse> {
  const settings = deps.db.transaction(() => {
    deps.db.noticeExternalChanges();
    const actor = authenticate(deps.db, call.authorization);
    if (!actor || !isOwner({ db: deps.db, actor }) || call.bodyError) return undefined;
    const body = SyncSettings.safeParse(call.body);
    return body.success ? body.data : undefined;
  }, 'read');
  if (!settings) return save();
  const probe = await probeHub(settings.url, settings.token, timeoutMs);
  return probe.ok ? save() : failureResponse(badRequest(`body.${probe.field}: ${probe.problem}`));
}
