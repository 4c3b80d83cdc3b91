// The WebSocket to one game (protocol 2, docs/protocol.md): hello first, then state pushes; reconnects
// with backoff after a drop or a server restart, and asks for the full state again on every reconnect.

const PROTOCOL = 2;
// Close codes after which reconnecting cannot help (docs/protocol.md): bad hello, wrong token, no such game,
// a page from another origin, too many connections for this seat or address.
const FINAL = new Set([4400, 4403, 4404, 4406, 4409]);

export class GameSocket {
  constructor(gameId, {seat = null, token = null, lang = "en", onMessage, onStatus}) {
    this.gameId = gameId;
    this.seat = seat;
    this.token = token;
    this.lang = lang;
    this.onMessage = onMessage;
    this.onStatus = onStatus || (() => {});
    this.nextId = 1;
    this.retry = 0;
    this.stopped = false;
    this.connect();
  }

  connect() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(`${scheme}://${location.host}/ws/games/${this.gameId}`);
    this.ws = ws;
    ws.onopen = () => {
      this.retry = 0;
      const hello = {type: "hello", protocol: PROTOCOL, lang: this.lang};
      if (this.seat !== null && this.seat !== undefined) Object.assign(hello, {seat: this.seat, token: this.token});
      ws.send(JSON.stringify(hello));
      this.onStatus("connected");
    };
    ws.onmessage = (event) => this.onMessage(JSON.parse(event.data));
    ws.onclose = (event) => {
      if (this.stopped) return;
      if (FINAL.has(event.code)) {
        this.onStatus("refused", event.code);
        return;
      }
      this.onStatus("reconnecting");
      const wait = Math.min(5000, 250 * 2 ** this.retry++);
      setTimeout(() => this.connect(), wait);
    };
  }

  send(message) {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** Play `action` as move `n` (the last state's n): a resent act can never be played twice. */
  act(action, n) {
    const id = this.nextId++;
    this.send({type: "act", action, n, id});
    return id;
  }

  setLang(lang) {
    this.lang = lang;
    this.send({type: "lang", lang});
  }

  close() {
    this.stopped = true;
    if (this.ws) this.ws.close();
  }
}
