/**
 * Gateways keep the sessions they have checked for a few seconds (a bus round trip less for every
 * request of a signed-in member). Auth publishes `session.ended` when a session is logged out, naming
 * it by the SHA-256 of its token (hex, never the token itself); every gateway replica drops it.
 */
export const SessionEndedEvent = 'session.ended';

export interface SessionEnded {
  /** SHA-256 of the session token, hex. */
  tokenDigest: string;
}

/** One of a member's signed-in sessions, as the settings page lists them. */
export interface SessionSummary {
  /** A handle for the list (not the token, not its digest). */
  id: string;
  createdAt: string;
  /** The browser's User-Agent when the session began (shortened), or empty. */
  device: string;
  /** The session the asking request came with. */
  current: boolean;
}
