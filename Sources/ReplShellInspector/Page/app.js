// Wires the page together: the connection's messages go to the log, the tree and the plot; the
// buttons and forms send the shell command lines (`undo`, `jump 3`, `watch …`), which the
// terminal prints as it prints typed ones.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  // What the browser tests read: when the page became usable, and how late each live event showed.
  // When the socket opened and when the history first showed, after navigation (ms; 0: not yet).
  const stats = Inspector.stats = { events: 0, lastShownAt: 0, lastSeq: 0, ready: false, loadedAt: 0, latencies: [], connectedAt: 0, historyShownAt: 0, historyShownByMessage: 0 };
  const say = (text) => { $("status").textContent = text; };
  // An attached shell's session: `live`, `live, read-only` or `fork` (null for a local one). On
  // the live store the buttons that cannot work there are disabled, and say why; Undo and Redo
  // start disabled until the first message says which store the page follows.
  let liveness = null;
  const isLive = () => liveness !== null && liveness.startsWith("live");
  const travelRefusal = "undo, redo and jump are not offered on a live store: the app's state moves only by its actions; type `fork` for a sandbox copy where they work";
  const dispatchRefusal = "the live store is read-only: the app opened its attachment without writes; type `fork` to dispatch into a sandbox copy of the state";
  const disable = (button, reason) => {
    button.disabled = reason !== null;
    if (reason !== null) button.title = reason;
    else if (button.dataset.title !== undefined) button.title = button.dataset.title;
  };
  const applyLiveness = () => {
    for (const id of ["undo", "redo"]) {
      const button = $(id);
      if (button.dataset.title === undefined) button.dataset.title = button.title;
      disable(button, isLive() ? travelRefusal : null);
    }
    const jump = $("jump-here");
    if (jump) disable(jump, isLive() ? travelRefusal : null);
    const again = $("run-again");
    if (again) disable(again, liveness === "live, read-only" ? dispatchRefusal : null);
    $("attached").textContent = liveness === null ? "" : liveness === "fork"
      ? "Attached: on a fork of the app's state (`attach` in the shell returns to the live store)."
      : `Attached: on the app's live store (${liveness}); type \`fork\` for a sandbox copy where undo, redo and jump work.`;
  };

  // What caused the selected action, each step a button that selects that entry in the log.
  const causeList = (record) => {
    const chain = log.causes(record);
    if (chain.length === 0) return [];
    const heading = document.createElement("h3");
    heading.textContent = "Caused by";
    const list = document.createElement("ol");
    list.id = "causes";
    for (const step of chain) {
      const li = document.createElement("li");
      if (step.record) {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "cause";
        button.textContent = `#${step.record.entry} ${step.record.event.origin === "listener" ? "↳ " : ""}${step.record.event.action}`;
        button.title = "select this entry in the log";
        button.addEventListener("click", () => log.select(step.record.seq));
        li.appendChild(button);
      } else {
        li.textContent = step.text;
      }
      list.appendChild(li);
    }
    return [heading, list];
  };

  const detail = (record) => {
    const e = record.event;
    const box = $("detail");
    box.replaceChildren();
    const title = document.createElement("p");
    title.textContent = `${record.entry !== null ? "History entry #" + record.entry + ", " : ""}dispatched by ${e.origin === "user" ? "you" : e.origin === "app" ? "the app" : "a " + e.origin}` +
      (e.rejection !== null ? `; the reducer rejected it: ${e.rejection}` : "") + (e.hidden ? "; hidden (`hide`), so its diff was not computed" : "");
    const diffTitle = document.createElement("h3");
    diffTitle.textContent = "Diff";
    const diff = document.createElement("pre");
    diff.id = "diff";
    diff.textContent = e.diff === null ? "(no diff)" : e.diff.join("\n");
    const form = document.createElement("form");
    form.className = "controls";
    const label = document.createElement("label");
    label.textContent = "Paste-back ";
    const input = document.createElement("input");
    input.id = "paste-back";
    input.value = `dispatch ${e.action}`;
    label.appendChild(input);
    const again = document.createElement("button");
    again.type = "submit";
    again.id = "run-again";
    again.textContent = "Run it again";
    form.append(label, again);
    form.addEventListener("submit", (event) => { event.preventDefault(); run(input.value); });
    box.append(title, ...causeList(record), diffTitle, diff, form);
    if (record.entry !== null) {
      const jump = document.createElement("button");
      jump.type = "button";
      jump.id = "jump-here";
      jump.textContent = `Jump here (jump ${record.entry})`;
      jump.addEventListener("click", () => run(`jump ${record.entry}`));
      box.appendChild(jump);
    }
    applyLiveness();
  };

  const connection = new Inspector.Connection({
    open: () => {
      stats.connectedAt = performance.now();
      say("Connected: following the session live.");
    },
    close: () => say("Disconnected: the shell stopped serving. Reload once it serves again."),
    // The first message: where the history is comes with it, so it shows before any event.
    hello: (message) => {
      $("domain").textContent = message.domain || "no domain";
      log.dropped = message.dropped;
      if (message.history) showHistory(message.history);
    },
    batch: (message) => receive(message.events),
    event: (message) => {
      receive([message]);
      // Measured once the browser has drawn it.
      requestAnimationFrame(() => stats.latencies.push(Date.now() - message.sent));
    },
    history: (message) => showHistory(message),
  });

  const showHistory = (message) => {
    if (stats.historyShownAt === 0) {
      stats.historyShownAt = performance.now();
      stats.historyShownByMessage = connection.received;
    }
    $("domain").textContent = message.domain || "no domain";
    liveness = message.liveness ?? null;
    $("position").textContent = isLive() ? "History: none on a live store (the app's actions are listed as they come)"
      : `History: at entry ${message.position} of ${message.count}`;
    log.setPosition(message.position);
    applyLiveness();
    showExamples(message.exampleAction ?? null, message.exampleSelector ?? null);
    refreshTree();
  };

  // The fields' placeholders name the running domain's own action and selector, or say what
  // goes there when no domain runs.
  const showExamples = (action, selector) => {
    $("filter").placeholder = action ?? "action pattern";
    $("command").placeholder = action === null ? "dispatch <action>" : `dispatch ${action}`;
    $("watch-selector").placeholder = selector ?? "<selector>";
  };

  // The tree is redrawn once a burst of history moves has passed, not once for each.
  let refreshTimer = null;
  const refreshTree = () => {
    clearTimeout(refreshTimer);
    refreshTimer = setTimeout(() => tree.refresh().then(() => {
      if (!stats.ready) {
        stats.ready = true;
        stats.loadedAt = performance.now();
        document.body.dataset.ready = "true";
      }
    }), stats.ready ? 30 : 0);
  };

  const log = new Inspector.Log($("log"), $("kept"), detail);
  const tree = new Inspector.Tree($("tree"), connection, (entry) => log.selectEntry(entry));
  const plot = new Inspector.Plot($("plot"), $("plot-caption"));
  const keep = Number(params.get("keep") || localStorage.getItem("inspector.keep") || 10);
  log.keep = Math.max(1, keep) * 1000;
  $("keep").value = String(log.keep / 1000);

  const receive = (records) => {
    log.add(records);
    for (const record of records) plot.add(record);
    const last = records[records.length - 1];
    stats.events += records.length;
    stats.lastSeq = last.seq;
    stats.lastShownAt = performance.now();
    document.body.dataset.lastSeq = String(last.seq);
  };

  const run = async (line) => {
    $("last-result").textContent = `Running ${line} …`;
    const reply = await connection.run(line);
    $("last-result").textContent = reply.type === "ran"
      ? `${reply.line}: ${reply.succeeded ? "done" : "failed (the terminal shows why)"}`
      : `${line}: ${reply.message}`;
  };
  Inspector.run = run;

  $("undo").addEventListener("click", () => run("undo"));
  $("redo").addEventListener("click", () => run("redo"));
  document.addEventListener("keydown", (event) => {
    if (event.altKey && (event.key === "z" || event.key === "y") && isLive()) { event.preventDefault(); $("last-result").textContent = travelRefusal; return; }
    if (event.altKey && event.key === "z") { event.preventDefault(); run("undo"); }
    if (event.altKey && event.key === "y") { event.preventDefault(); run("redo"); }
  });
  $("log").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && log.selected !== null) { log.select(log.selected); $("detail").querySelector("button, input")?.focus(); return; }
    log.key(event);
  });
  $("filter").addEventListener("input", () => { log.filter = $("filter").value.trim(); log.redraw(); });
  $("show-hidden").addEventListener("change", () => { log.showHidden = $("show-hidden").checked; log.redraw(); });
  $("keep").addEventListener("change", () => {
    const thousands = Math.max(1, Math.floor(Number($("keep").value) || 10));
    localStorage.setItem("inspector.keep", String(thousands));
    log.keep = thousands * 1000;
    log.add([]);
  });
  $("search-form").addEventListener("submit", (event) => {
    event.preventDefault();
    tree.search($("search").value, $("search-field").value, (text) => { $("matches").textContent = text; });
  });
  $("next-match").addEventListener("click", () => tree.next((text) => { $("matches").textContent = text; }));
  $("watch-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const selector = $("watch-selector").value.trim();
    if (selector === "") return;
    plot.watch(selector);
    run(`watch ${selector}`);
  });
  $("command-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const line = $("command").value;
    if (line.trim() !== "") run(line);
  });
  connection.connect();
})();
