// The state tree, loaded a level at a time: the server sends the children of a path when it is
// opened (at most 500 a request, then "more"), never the whole state. Opened paths are reopened
// when the state changes. Search asks the server for matching paths and opens the way to each.
"use strict";
Inspector.Tree = class {
  constructor(element, connection) {
    this.element = element;
    this.connection = connection;
    this.open = new Set();
    this.matches = [];
    this.matchIndex = -1;
    this.refreshing = null;
    this.again = false;
  }

  key(path) {
    return JSON.stringify(path);
  }

  /// Draws the top level afresh and reopens what was open, after the state changed. One redraw
  /// runs at a time; a change during one makes one more afterwards.
  refresh() {
    if (this.refreshing) {
      this.again = true;
      return this.refreshing;
    }
    this.refreshing = (async () => {
      do {
        this.again = false;
        await this.redraw();
      } while (this.again);
      this.refreshing = null;
    })();
    return this.refreshing;
  }

  async redraw() {
    const list = document.createElement("ul");
    list.setAttribute("role", "group");
    await this.fill(list, [], 0);
    this.element.replaceChildren(...list.childNodes);
    this.element.dataset.loaded = "true";
    const reopen = [...this.open].map((k) => JSON.parse(k)).sort((a, b) => a.length - b.length);
    for (const path of reopen) {
      const item = this.itemFor(path);
      if (item && item.getAttribute("aria-expanded") === "false") await this.expand(item, path);
    }
    // The match shown stays marked on the new state, while it is still there.
    const match = this.matchIndex >= 0 ? this.itemFor(this.matches[this.matchIndex]) : null;
    if (match) match.classList.add("match");
  }

  async fill(list, path, offset, reveal) {
    const reply = await this.connection.request("children", { path, offset, reveal });
    if (reply.type !== "children") {
      const li = document.createElement("li");
      li.textContent = reply.message || "could not load this part of the state";
      list.appendChild(li);
      return;
    }
    for (const node of reply.nodes) list.appendChild(this.item(path.concat([node.name]), node));
    const next = reply.offset + reply.nodes.length;
    if (next < reply.total) {
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
  }

  item(path, node) {
    const li = document.createElement("li");
    li.setAttribute("role", "treeitem");
    li.dataset.path = this.key(path);
    const row = document.createElement("div");
    row.className = "row";
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "toggle";
    if (node.count > 0) {
      li.setAttribute("aria-expanded", "false");
      toggle.textContent = "+";
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
    row.append(toggle, name, `: ${node.summary}`);
    li.appendChild(row);
    return li;
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
    const reply = await this.connection.request("search", { query, field });
    if (reply.type !== "found") {
      say(reply.message);
      return;
    }
    this.matches = reply.paths;
    this.matchIndex = -1;
    say(reply.paths.length === 0 ? `No ${field} contains “${query}”.` :
      `${reply.paths.length}${reply.truncated ? "+" : ""} matches.`);
    if (reply.paths.length > 0) await this.next(say);
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
    say(`Match ${this.matchIndex + 1} of ${this.matches.length}: ${path.join(".")}`);
  }
};
