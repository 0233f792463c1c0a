// What the pages add to, or read from, the browser's globals beyond the DOM's own types.

/** What tests and tools may read of the table page's pacing (table.js, `publish`). */
interface TapetePacing {
  /** the number of the state drawn, null before the first */
  state: number | null;
  /** the drawn state was made up by the page (a trick's end shown before the next state) */
  synthetic: boolean;
  /** states received and waiting to be drawn */
  pending: number;
  /** a finished trick is being held on the felt */
  holding: boolean;
  /** a finished trick is being swept to its winner */
  sweeping: boolean;
  /** the key of the last finished trick swept to its winner, or null */
  swept: string | null;
  holdMs: number;
  sweepMs: number;
  online: boolean;
  /** the text of the action waiting to be sent while offline, or null */
  outbox: string | null;
  /** the tab's title says "Your turn" */
  turnNotice: boolean;
}

interface Window {
  /** table.js's pacing, for tests and tools */
  __tapete?: TapetePacing;
  /** Safari before 14.1 (prefixed Web Audio) */
  webkitAudioContext?: typeof AudioContext;
}
