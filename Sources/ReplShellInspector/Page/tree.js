// The state tree, loaded a level at a time: the server sends the children of a path when it is
// opened (at most 500 a request, then "more"), never the whole state. Opened paths are reopened
// when the state changes. Search asks the server for matching paths and opens the way to each.
// Each row's "why?" asks which history entry last changed it ("changed by #N"), a click on which
// selects that entry in the log, and draws the chain of causes behind that entry as `why` prints
// it (← #M, the entry whose listener dispatched it, … ← the line that started it). With a view set (the time slider's entry, the entries skipped for
// a what-if) every level is asked of the state at that entry instead, and the rows whose value that
// entry changed are marked ●.
"use strict";
Inspector.Tree = class {
  constructor(element, connection, selectEntry, causesOf) {
    this.element = element;
    this.connection = connection;
    this.selectEntry = selectEntry;
    // The chain of causes of a history entry, as the log knows it (`Inspector.Log.causes`).
    this.causesOf = causesOf || (() => []);
    this.open = new Set();
    this.matches = [];
    this.matchIndex = -1;
    this.refreshing = null;
    this.again = false;
    // The history entry and skipped entries the tree shows the state of; null: the current state.
    this.view = null;
    // Whether the session is the shell's own (not an attached app's): views and `find` need its history.
    this.local = true;
    // What the last reply of a view said: what-if or not, and the entries the reducer rejected.
    this.onView = () => {};
  }

  /// Asks for a page of `path`'s children: of the current state, or of the state at the view.
  async children(path, offset, reveal) {
    if (this.view === null) return this.connection.request("children", { path, offset, reveal });
    const reply = await this.connection.request("view", { path, offset, reveal, position: this.view.position, skipped: this.view.skipped });
    if (reply.type === "children") this.onView(reply);
    return reply;
  }

  /// The names the reply marks as changed by the view's entry.
  changedIn(reply) {
    return new Set(reply.changed || []);
  }

  /// Marks each node of `reply` with the entry that changed it, when it did: the reply's own
  /// entry, kept on the node, since the view may have moved on by the time it is drawn.
  markChanged(reply) {
    const changed = this.changedIn(reply);
    for (const node of reply.nodes) node.changed = changed.has(node.name) ? reply.position : null;
  }

  key(path) {
    return JSON.stringify(path);
  }

  /// Brings the tree up to the new state after it changed: each shown level is asked for again
  /// and its rows are updated in place, only those that changed redrawn, so that a change to
  /// one quake of 64,000 does not rebuild (and lay out) the 500 rows shown. One update runs at a
  /// time; a change during one makes one more afterwards.
  refresh() {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      try {
        do {
          this.again = false;
          await this.update(this.element, []);
          this.element.dataset.loaded = "true";
          // The match shown stays marked on the new state, while it is still there.
          const match = this.matchIndex >= 0 ? this.itemFor(this.matches[this.matchIndex]) : null;
          if (match) match.classList.add("match");
        } while (this.again);
      } finally {
        // Whatever happened, the next change updates the tree again.
        this.refreshing = null;
      }
    })();
    return this.refreshing;
  }

  /// Updates the rows of `list`, the children of `path`, to the state's first page of them:
  /// rows gone are removed, new ones inserted, changed ones redrawn; open ones are kept open
  /// and updated in turn.
  async update(list, path) {
    const reply = await this.children(path, 0);
    if (reply.type !== "children") {
      const li = document.createElement("li");
      li.textContent = reply.message || "could not load this part of the state";
      list.replaceChildren(li);
      return;
    }
    this.markChanged(reply);
    const keys = new Set(reply.nodes.map((node) => this.key(path.concat([node.name]))));
    for (const li of [...list.children]) {
      if (!li.dataset.path || !keys.has(li.dataset.path)) li.remove();
    }
    const later = [];
    let cursor = list.firstElementChild;
    for (const node of reply.nodes) {
      const childPath = path.concat([node.name]);
      const key = this.key(childPath);
      if (cursor && cursor.dataset.path === key) {
        const isOpen = cursor.getAttribute("aria-expanded") === "true";
        if (isOpen && node.count > 0) {
          if (cursor.dataset.signature !== this.signature(node)) this.redrawRow(cursor, childPath, node);
          const nested = cursor.querySelector(":scope > ul");
          later.push(nested ? this.update(nested, childPath) : this.expand(cursor, childPath));
        } else if (cursor.dataset.signature !== this.signature(node)) {
          const fresh = this.item(childPath, node);
          list.replaceChild(fresh, cursor);
          cursor = fresh;
        }
        cursor = cursor.nextElementSibling;
        continue;
      }
      // Not where it was: a row of its own, opened again if it was open.
      list.querySelector(`:scope > li[data-path="${CSS.escape(key)}"]`)?.remove();
      const fresh = this.item(childPath, node);
      list.insertBefore(fresh, cursor);
      if (node.count > 0 && this.open.has(key)) later.push(this.expand(fresh, childPath));
    }
    this.addMore(list, path, reply);
    await Promise.all(later);
  }

  /// What a row shows, to tell whether it changed.
  signature(node) {
    return `${node.count}\u0000${node.label}\u0000${node.summary}\u0000${node.changed ?? ""}`;
  }

  /// The "N more of M" button after a page of children, when there are more.
  addMore(list, path, reply) {
    const next = reply.offset + reply.nodes.length;
    if (next >= reply.total) return;
    const li = document.createElement("li");
    const more = document.createElement("button");
    more.type = "button";
    more.textContent = `${(reply.total - next).toLocaleString("en")} more of ${reply.total.toLocaleString("en")}`;
    more.addEventListener("click", async () => {
      li.remove();
      await this.fill(list, path, next);
    });
    li.appendChild(more);
    list.appendChild(li);
  }

  async fill(list, path, offset, reveal) {
    const reply = await this.children(path, offset, reveal);
    if (reply.type !== "children") {
      const li = document.createElement("li");
      li.textContent = reply.message || "could not load this part of the state";
      list.appendChild(li);
      return;
    }
    this.markChanged(reply);
    for (const node of reply.nodes) list.appendChild(this.item(path.concat([node.name]), node));
    this.addMore(list, path, reply);
  }

  item(path, node) {
    const li = document.createElement("li");
    li.setAttribute("role", "treeitem");
    li.dataset.path = this.key(path);
    if (node.count > 0) li.setAttribute("aria-expanded", "false");
    li.classList.toggle("changed", node.changed != null);
    li.appendChild(this.row(li, path, node));
    return li;
  }

  /// The row of `li`: its toggle, name and summary.
  row(li, path, node) {
    li.dataset.signature = this.signature(node);
    const row = document.createElement("div");
    row.className = "row";
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "toggle";
    if (node.count > 0) {
      toggle.textContent = li.getAttribute("aria-expanded") === "true" ? "−" : "+";
      toggle.setAttribute("aria-label", `open ${node.label} (${node.count})`);
      toggle.addEventListener("click", () => this.toggle(li, path));
    } else {
      toggle.textContent = "·";
      toggle.tabIndex = -1;
      toggle.setAttribute("aria-hidden", "true");
    }
    const name = document.createElement("span");
    name.className = "name";
    name.textContent = node.label;
    // The whole path as `state` reads it: shown on hover, pasted as it is.
    if (node.path) name.title = node.path;
    const why = document.createElement("button");
    why.type = "button";
    why.className = "why";
    why.textContent = "why?";
    why.setAttribute("aria-label", `why ${node.label} holds this: the entry that last changed it`);
    why.addEventListener("click", () => this.why(why, path));
    const summary = document.createElement("span");
    summary.className = "summary";
    summary.textContent = `: ${node.summary}`;
    row.append(toggle, name, summary);
    li.classList.toggle("changed", node.changed != null);
    if (node.changed != null) {
      const note = document.createElement("span");
      note.className = "changed-note";
      note.textContent = `changed by #${node.changed}`;
      row.append(note);
    }
    row.append(why);
    return row;
  }

  /// Asks which entry last changed `path`, and puts the answer where `button` was: "changed by
  /// #N", which selects that entry in the log.
  async why(button, path) {
    const reply = await this.connection.request("why", { path });
    let answer;
    if (reply.type !== "changedBy") {
      answer = document.createElement("span");
      answer.textContent = reply.message || "could not tell what changed it";
    } else if (reply.entry === undefined || reply.entry === null) {
      answer = document.createElement("span");
      answer.textContent = "not changed since the initial state";
    } else {
      answer = document.createElement("button");
      answer.type = "button";
      answer.textContent = `changed by #${reply.entry}`;
      answer.title = `${reply.action}: select it in the log`;
      answer.addEventListener("click", () => this.selectEntry(reply.entry));
    }
    answer.classList.add("changed-by");
    button.replaceWith(answer);
    if (reply.type === "changedBy" && reply.entry !== undefined && reply.entry !== null) answer.after(this.chain(reply.entry));
  }

  /// The causes of history entry `entry`, after its "changed by": each entry a button that
  /// selects it, the line that started the chain (or why it stops) as text.
  chain(entry) {
    const chain = document.createElement("span");
    chain.className = "why-chain";
    for (const step of this.causesOf(entry)) {
      chain.append(" ← ");
      if (step.record) {
        const cause = document.createElement("button");
        cause.type = "button";
        cause.className = "why-cause";
        cause.textContent = `#${step.record.entry}`;
        cause.title = `${step.record.event.action}: select it in the log`;
        cause.setAttribute("aria-label", `caused by #${step.record.entry} ${step.record.event.action}: select it in the log`);
        cause.addEventListener("click", () => this.selectEntry(step.record.entry));
        chain.append(cause);
      } else {
        const text = document.createElement("span");
        text.textContent = step.text.replace(/^.*\//, "");
        text.title = step.text;
        chain.append(text);
      }
    }
    return chain;
  }

  /// Redraws the row of an open item whose name or summary changed, leaving its children.
  redrawRow(li, path, node) {
    li.querySelector(":scope > .row").replaceWith(this.row(li, path, node));
  }

  itemFor(path) {
    return this.element.querySelector(`li[data-path="${CSS.escape(this.key(path))}"]`);
  }

  async toggle(li, path) {
    if (li.getAttribute("aria-expanded") === "true") {
      li.setAttribute("aria-expanded", "false");
      li.querySelector(".toggle").textContent = "+";
      li.querySelector("ul")?.remove();
      this.open.delete(this.key(path));
    } else {
      await this.expand(li, path);
    }
  }

  async expand(li, path, reveal) {
    this.open.add(this.key(path));
    li.setAttribute("aria-expanded", "true");
    li.querySelector(".toggle").textContent = "−";
    li.querySelector("ul")?.remove();
    const list = document.createElement("ul");
    list.setAttribute("role", "group");
    li.appendChild(list);
    await this.fill(list, path, 0, reveal);
  }

  /// Asks the server for the paths matching `query`, then shows the first.
  async search(query, field, say) {
    if (!this.local && field === "path") { say("search by path reads the shell's own session; here search by key or value"); return; }
    const started = performance.now();
    const view = this.view === null ? {} : { position: this.view.position, skipped: this.view.skipped };
    const reply = this.local
      ? await this.connection.request("find", Object.assign({ query, field }, view))
      : await this.connection.request("search", { query, field });
    Inspector.stats.searchTimes.push(performance.now() - started);
    if (reply.type !== "found") {
      say(reply.message);
      this.showMatches([], []);
      return;
    }
    this.matches = reply.paths;
    this.matchTexts = reply.texts || reply.paths.map((path) => path.join("."));
    this.matchIndex = -1;
    say(reply.paths.length === 0 ? `No ${field} contains “${query}”.` :
      `${reply.paths.length}${reply.truncated ? "+" : ""} matches.`);
    this.showMatches(reply.paths, this.matchTexts, say);
    if (reply.paths.length > 0) await this.next(say);
    Inspector.stats.searchShownTimes.push(performance.now() - started);
  }

  /// Lists the matches under the search form, each a button that opens the way to it.
  showMatches(paths, texts, say) {
    const list = document.getElementById("match-list");
    if (!list) return;
    list.replaceChildren(...paths.map((path, index) => {
      const li = document.createElement("li");
      const button = document.createElement("button");
      button.type = "button";
      button.textContent = texts[index];
      button.addEventListener("click", () => { this.matchIndex = index - 1; this.next(say); });
      li.appendChild(button);
      return li;
    }));
  }

  /// Opens the way to the next match, marks it and focuses it.
  async next(say) {
    if (this.matches.length === 0) return;
    this.matchIndex = (this.matchIndex + 1) % this.matches.length;
    const path = this.matches[this.matchIndex];
    for (let depth = 1; depth < path.length; depth++) {
      const parent = path.slice(0, depth);
      const item = this.itemFor(parent);
      if (!item) break;
      if (item.getAttribute("aria-expanded") !== "true" || !this.itemFor(parent.concat([path[depth]]))) {
        await this.expand(item, parent, path[depth]);
      }
    }
    for (const old of this.element.querySelectorAll(".match")) old.classList.remove("match");
    const target = this.itemFor(path);
    if (target) {
      target.classList.add("match");
      target.scrollIntoView({ block: "center" });
      target.querySelector(".toggle").focus({ preventScroll: true });
    }
    const listed = document.querySelectorAll("#match-list li");
    listed.forEach((li, index) => li.setAttribute("aria-current", String(index === this.matchIndex)));
    say(`Match ${this.matchIndex + 1} of ${this.matches.length}: ${this.matchTexts[this.matchIndex]}`);
  }
};
