// The socket and its queries: every message but the heartbeat is a request answered once, an
// answer or a refusal carrying its id; a version gap, a reconnect or a lost socket asks `sync`.
// It draws nothing: what the server sends goes to the listeners of its `type` (`on`), an `error`
// no request waits for among them, and `open` once a new socket has synced.
import {$, gettext} from "./dom.js";
import {match, root} from "./page.js";

const CLOSE_NO_MATCH = 4404;
const HEARTBEAT_MS = 25000;
let socket = null;
let retry = 500;
let requests = 0;
const waiting = new Map();  // request id -> {resolve, reject}
// Every message but the heartbeat is a request: it waits in `outbox` while the socket opens, and
// its one reply, an answer or a refusal carrying its `request`, settles it. Refused for rate, it
// is asked once more after the wait the server names. A socket that closes fails at once what
// waits (the builder asks again when it is back), and nothing waits past TIMEOUT_MS.
const TIMEOUT_MS = 10000;
const outbox = [];
let timedOut = 0;     // requests that reached TIMEOUT_MS with no reply
let retrying = 0;     // requests waiting out a rate refusal

const listeners = new Map();  // type -> [listener]

export function on(type, listener) {
  listeners.set(type, [...(listeners.get(type) || []), listener]);
}

// A message to its listeners: one from the server, or the page's own (an act's refusal).
export function hear(message) {
  for (const listener of listeners.get(message.type) || []) listener(message);
}

export function ask(type, body = {}, retried = false) {
  const request = ++requests;
  const message = {type, request, ...body};
  const answer = new Promise((resolve, reject) => {
    if (socket && socket.readyState >= WebSocket.CLOSING) {
      reject({code: "disconnected"});
      return;
    }
    const settle = (done, value) => {
      if (!waiting.delete(request)) return;
      clearTimeout(timer);
      const queued = outbox.indexOf(message);
      if (queued >= 0) outbox.splice(queued, 1);
      done(value);
    };
    const timer = setTimeout(() => {
      if (waiting.has(request)) timedOut += 1;
      settle(reject, {code: "timeout"});
    }, TIMEOUT_MS);
    waiting.set(request, {resolve: (reply) => settle(resolve, reply), reject: (error) => settle(reject, error)});
    if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
    else outbox.push(message);
  });
  // The socket's pace is waited out; the chat's own limit (`about: "chat"`, a policy, not a pace)
  // is said to the writer at once.
  return answer.catch((error) => {
    if (error.code !== "rate_limited" || error.about || retried) throw error;
    retrying += 1;
    connectionNote("busy", gettext("The server asked for a pause: trying again in a moment."));
    return new Promise((resume) => setTimeout(resume, 1000 * (error.retry_after || 1)))
      .then(() => ask(type, body, true))
      .finally(() => {
        retrying -= 1;
        if (!retrying && socket && socket.readyState === WebSocket.OPEN) connectionNote("live", gettext("Connected."));
      });
  });
}

// Options and prices, kept per version and question: going back and forth asks nothing twice,
// and a question already on its way is not asked again.
const answers = new Map();
let answersVersion = null;
export function askOnce(type, body) {
  if (answersVersion !== match.current.version) {
    answers.clear();
    answersVersion = match.current.version;
  }
  const key = `${type} ${JSON.stringify(body)}`;
  if (!answers.has(key)) {
    const answer = ask(type, body);
    answers.set(key, answer);
    answer.catch(() => { if (answers.get(key) === answer) answers.delete(key); });
  }
  return answers.get(key);
}

// The match as the server has it (and the log since this page's version); a refusal is shown by
// the state it brings, a lost socket by its banner.
export const resync = (version = match.current.version) => ask("sync", {version}).catch(() => {});

function connectionNote(state, text) {
  const banner = $("#connection");
  if (!banner) return;
  banner.dataset.state = state;
  banner.textContent = text;
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/match/${root.dataset.match}/`);
  socket.addEventListener("open", () => {
    retry = 500;
    connectionNote("live", gettext("Connected."));
    // First where the match stands, then what was asked while the socket opened; a builder whose
    // questions the last socket took down with it asks them again.
    ask("sync", {version: match.current.version}).then(() => hear({type: "open"}), () => {});
    for (const message of outbox.splice(0)) socket.send(JSON.stringify(message));
  });
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(event.data);
    const pending = message.request === undefined ? undefined : waiting.get(message.request);
    if (message.type === "error" && pending) {
      pending.reject(message);
      return;
    }
    hear(message);
    if (pending) pending.resolve(message);
  });
  socket.addEventListener("close", (event) => {
    outbox.length = 0;
    for (const pending of [...waiting.values()]) pending.reject({code: "disconnected"});
    if (event.code === CLOSE_NO_MATCH) {  // withdrawn by its maker: nothing to reconnect to
      connectionNote("gone", gettext("This match no longer exists: its challenge was withdrawn."));
      return;
    }
    connectionNote("closed", gettext("Connection lost: reconnecting…"));
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 10000);
  });
}

// The heartbeat is no request: while the socket is down there is nothing to beat, and the sync
// on reconnecting does its work.
function ping() {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify({type: "ping"}));
}

export function live() {
  connect();
  // The heartbeat keeps idle sockets open through proxies and tells a page that missed a broadcast
  // it is behind; a page coming back into view (a phone waking) asks at once.
  setInterval(ping, HEARTBEAT_MS);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "visible") ping(); });
}

// For tests and the console: how many queries are unanswered, and how many reached TIMEOUT_MS
// without a reply (a reply that cannot come, whatever the machine's pace).
export const queries = {
  get busy() { return waiting.size + retrying; },
  get timedOut() { return timedOut; },
};
