// The lobby's HTTP API and the play WebSocket (docs/protocol.md, version 2).

export const PROTOCOL = 2;

/** An error answered by the server: {status, code, detail}. */
export class ApiError extends Error {
  constructor(status, code, detail, fields = {}) {
    super(detail || code || `HTTP ${status}`);
    this.status = status;
    this.code = code;
    this.detail = detail;
    /** The error's other values (a refused bot's `seat`, `player`, `reason`...). */
    this.fields = fields;
  }
}

/** Call the lobby API: JSON in, JSON out; throws ApiError with the server's code. `headers`:
 *  more request headers (the account requests' X-Tapete-CSRF, account.js). */
export async function api(path, { method = "GET", body = undefined, headers = {} } = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (e) {
    throw new ApiError(0, "network", String(e));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const err = (data && data.error) || {};
    throw new ApiError(response.status, err.code || "http_" + response.status, err.detail || "", err);
  }
  return data;
}

const store = {
  get(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set(key, value) {
    try {
      if (value === null || value === undefined) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      /* storage disabled: the seat lasts as long as the page */
    }
  },
};

/** The seat token kept for a table (the protocol's `tapete.token.{table_id}`). */
export const seatToken = (tableId) => store.get(`tapete.token.${tableId}`);
export const setSeatToken = (tableId, token) => store.set(`tapete.token.${tableId}`, token);
export const adminToken = (tableId) => store.get(`tapete.admin.${tableId}`);
export const setAdminToken = (tableId, token) => store.set(`tapete.admin.${tableId}`, token);
export const playerName = () => store.get("tapete.name") || "";
export const setPlayerName = (name) => store.set("tapete.name", name);

/** Every token this browser holds, for "your past games". */
export function allSeatTokens() {
  const out = [];
  try {
    for (let i = 0; i < window.localStorage.length; i++) {
      const key = window.localStorage.key(i);
      if (key && key.startsWith("tapete.token.")) out.push(window.localStorage.getItem(key));
    }
  } catch {
    /* none */
  }
  return out;
}

/**
 * One WebSocket to a table: says hello with the token, reconnects after a drop, and hands
 * every server message to `onMessage`. `onStatus("open" | "closed" | "connecting")`.
 */
export class TableSocket {
  /**
   * @param {string} tableId
   * @param {string | null} token
   * @param {{onMessage: (msg: any) => void, onStatus?: (status: "open" | "closed" | "connecting", code?: number) => void}} handlers
   */
  constructor(tableId, token, { onMessage, onStatus = () => {} }) {
    this.tableId = tableId;
    this.token = token;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.retry = 0;
    this.closedForGood = false;
    this.nextId = 1;
    // the network back (the browser says so): connect again at once
    window.addEventListener("online", () => this.reconnectNow());
    this.connect();
  }

  connect() {
    const proto = window.location.protocol === "https:" ? "wss:" : "ws:";
    const url = `${proto}//${window.location.host}/ws/${encodeURIComponent(this.tableId)}`;
    this.onStatus("connecting");
    const ws = new WebSocket(url);
    this.ws = ws;
    // "open" is said when the server has answered the hello, not when the socket opens: a
    // connection that opens and is closed at once (a proxy, a server going down) does not
    // flicker the page between online and offline, and the retries keep backing off
    let answered = false;
    ws.addEventListener("open", () => {
      ws.send(JSON.stringify({ type: "hello", protocol: PROTOCOL, token: this.token || null }));
    });
    ws.addEventListener("message", (event) => {
      let msg;
      try {
        msg = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!answered && this.ws === ws) {
        answered = true;
        this.retry = 0;
        this.onStatus("open");
      }
      this.onMessage(msg);
    });
    ws.addEventListener("close", (event) => {
      if (this.ws !== ws) return;
      this.onStatus("closed", event.code);
      if (this.closedForGood || event.code === 4004 || event.code === 4001) return;
      const delay = Math.min(8000, 400 * 2 ** this.retry++);
      this.retryTimer = setTimeout(() => this.connect(), delay);
    });
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Propose an action by its text, chosen in state number `state`; returns its id, or null
   *  when the socket is not open (nothing was sent). */
  act(state, text) {
    const id = `a${this.nextId++}`;
    return this.send({ type: "action", state, text, id }) ? id : null;
  }

  /** Try to connect again now (a click while offline, the network back) instead of waiting
   *  for the next retry. */
  reconnectNow() {
    if (this.closedForGood) return;
    if (this.ws && (this.ws.readyState === WebSocket.OPEN || this.ws.readyState === WebSocket.CONNECTING)) return;
    clearTimeout(this.retryTimer);
    this.retry = 0;
    this.connect();
  }

  hello(token) {
    this.token = token;
    this.send({ type: "hello", protocol: PROTOCOL, token });
  }

  close() {
    this.closedForGood = true;
    if (this.ws) this.ws.close();
  }
}

/** Escape text for HTML (names come from people). */
export function escapeHTML(text) {
  return String(text ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/**
 * What h() puts in an element: nodes, and text made of the other values (null, undefined and
 * false put nothing); h() also takes arrays of them.
 * @typedef {Node | string | number | boolean | null | undefined} Child
 */

/**
 * Make an element: h("button", {class: "x", onclick: fn}, "text", child...). An attribute's
 * value is a string (or a number), `true` (present) or null/undefined/false (absent); `on...`
 * keys take listeners and `dataset` an object of data-* values.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, any> | null} [attrs]
 * @param {...(Child | Child[])} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key === "class") el.className = value;
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (value === true) el.setAttribute(key, "");
    else el.setAttribute(key, value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}
