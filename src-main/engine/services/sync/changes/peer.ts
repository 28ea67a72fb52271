/**
 * The other end of an exchange of changes. A replica's peer is the hub, whose word it takes
 * and to which it sends everything; the hub's peers are users' replicas, whose changes it
 * checks against that user's roles and to which it sends only what that user may see. `now`:
 * the hub's wall clock when it answered, which the replica's own stamps are judged by.
 */
export type Peer = { hub: true; now?: number } | { user: string };
