// The page's one WebSocket to the shell: events and history positions come in; requests go out
// with a number and their reply comes back with it. The token rides on the socket's address.
"use strict";
const Inspector = window.Inspector = {
  token: document.querySelector('meta[name="inspector-token"]').content,
};

Inspector.Connection = class {
  constructor(handlers) {
    this.handlers = handlers;
    this.pending = new Map();
    this.nextId = 1;
    // How many messages came in so far: the page notes at which one it first showed the history.
    this.received = 0;
  }

  connect() {
    const url = `ws://${location.host}/ws?token=${encodeURIComponent(Inspector.token)}`;
    this.socket = new WebSocket(url);
    this.socket.onopen = () => this.handlers.open();
    this.socket.onclose = () => this.handlers.close();
    this.socket.onmessage = (message) => this.receive(JSON.parse(message.data));
  }

  receive(message) {
    this.received += 1;
    if (message.id !== undefined && this.pending.has(message.id)) {
      const resolve = this.pending.get(message.id);
      this.pending.delete(message.id);
      resolve(message);
      return;
    }
    const handler = this.handlers[message.type];
    if (handler) handler(message);
  }

  /// Sends a request; resolves with its reply (`failed` replies included).
  request(op, fields) {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, resolve);
      this.socket.send(JSON.stringify(Object.assign({ id, op }, fields)));
    });
  }

  /// Runs a command line in the shell, as if typed there.
  run(line) {
    return this.request("run", { line });
  }
};
