// Wires the page together: the connection's messages go to the log, the tree and the plot; the
// buttons and forms send the shell command lines (`undo`, `jump 3`, `watch …`), which the
// terminal prints as it prints typed ones.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);
  // What the browser tests read: when the page became usable, and how late each live event showed.
  // When the socket opened and when the history first showed, after navigation (ms; 0: not yet).
  const stats = Inspector.stats = { events: 0, lastShownAt: 0, lastSeq: 0, ready: false, loadedAt: 0, latencies: [], connectedAt: 0, historyShownAt: 0, historyShownByMessage: 0,
    stepTimes: [], searchTimes: [], searchShownTimes: [], lastExport: null, treeRefreshing: false };
  // View settings kept in this browser (localStorage), read once here and written as they change.
  const setting = (name, fallback) => { const kept = localStorage.getItem(`inspector.${name}`); return kept === null ? fallback : kept; };
  const keepSetting = (name, value) => localStorage.setItem(`inspector.${name}`, String(value));
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
    diff.setAttribute("aria-label", "Diff: − removed, + added");
    Inspector.Diff.draw(diff, e.diff, e.diffKinds ?? null, $("fold-unchanged").checked);
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
    // After a skipped entry the diff shown is still the one recorded; the tree shows the what-if.
    const earlierSkipped = record.entry !== null && [...skips].some((n) => n <= record.entry);
    const recorded = document.createElement("p");
    recorded.className = "note";
    if (earlierSkipped) {
      const badge = document.createElement("span");
      badge.className = "badge whatif";
      badge.textContent = "what-if";
      recorded.append(badge, " This diff is the one the session recorded; with the skipped actions left out the state before it differs: the state tree shows the what-if.");
    }
    box.append(title, ...causeList(record), diffTitle, diff, ...(earlierSkipped ? [recorded] : []), form);
    if (record.entry !== null) {
      const actions = document.createElement("div");
      actions.className = "detail-actions";
      const jump = document.createElement("button");
      jump.type = "button";
      jump.id = "jump-here";
      jump.textContent = `Jump here (jump ${record.entry})`;
      jump.addEventListener("click", () => run(`jump ${record.entry}`));
      actions.appendChild(jump);
      if (liveness === null && imported === null) {
        const skip = document.createElement("button");
        skip.type = "button";
        skip.id = "skip";
        const skipped = skips.has(record.entry);
        skip.setAttribute("aria-pressed", String(skipped));
        skip.textContent = skipped ? `Un-skip #${record.entry}` : `Skip #${record.entry} (what-if)`;
        skip.title = "Recomputes every later state by the reducer alone without this action: listeners are not run, nothing is written to the store or a file";
        skip.addEventListener("click", () => toggleSkip(record.entry));
        actions.appendChild(skip);
      }
      box.appendChild(actions);
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
    history = { count: message.count, position: message.position };
    chart.update(chartSource);
    // The state moved to where the tree looks (a `jump` there): the tree follows it again.
    if (tree.view !== null && tree.view.position === message.position && skips.size === 0) { tree.view = null; following = true; }
    $("timeline").hidden = isLive() || liveness !== null;
    if (imported === null) {
      timeline.setCount(message.count, message.position, false);
      if (following) viewEntry(message.position);
    }
    if (following) showStateAt();
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

  // The tree is redrawn at most once in 30 ms however fast the history moves or the slider is
  // played, each time to where they stand then, not once for each move.
  let refreshTimer = null;
  const refreshTree = () => {
    if (refreshTimer !== null) return;
    // True from a redraw asked for until the last one asked for is drawn (what a test waits for).
    stats.treeRefreshing = true;
    refreshTimer = setTimeout(() => { refreshTimer = null; return tree.refresh().then(() => {
      if (!stats.ready) {
        stats.ready = true;
        stats.loadedAt = performance.now();
        document.body.dataset.ready = "true";
      }
    }).finally(() => {
      // Drawn or failed (the tree says why), the redraw is over.
      if (refreshTimer === null) stats.treeRefreshing = false;
    }); }, stats.ready ? 30 : 0);
  };

  // Where the history is, as the last history message said.
  let history = { count: 0, position: 0 };
  // Whether the tree follows the session's current state (the slider at "now", nothing skipped).
  let following = true;
  // The entries skipped for a what-if.
  const skips = new Set();
  // An imported recording's events while the page shows one instead of the session; null otherwise.
  let imported = null;

  const selectRecord = (record) => {
    detail(record);
    if (record.entry !== null) viewEntry(record.entry);
  };
  const log = new Inspector.Log($("log"), $("kept"), selectRecord);
  const tree = new Inspector.Tree($("tree"), connection, (entry) => log.selectEntry(entry), (entry) => {
    const record = log.entryRecord(entry);
    return record ? log.causes(record) : [];
  });
  const plot = new Inspector.Plot($("plot"), $("plot-caption"));
  const coverage = new Inspector.CoverageView($("explore-summary"), $("explore-report"));
  const witness = new Inspector.WitnessView($("linearize-summary"), $("linearize-report"));
  const chart = new Inspector.ActionChart($("action-chart"), $("chart-caption"), $("chart-table"));
  const chartSource = () => ({ records: log.events, position: imported === null ? history.position : log.position, caseOf: (action) => log.caseOf(action) });

  // The views under the panes, one shown at a time: a tab list as WAI-ARIA's tabs pattern has
  // it (Left and Right move between tabs, Home and End to the ends; the tab shown is the one
  // Tab reaches). A report that arrives on a tab not shown marks it with a dot until it is.
  const tabs = [...document.querySelectorAll('#views-pane [role="tab"]')];
  const showTab = (tab, focus) => {
    for (const other of tabs) {
      const selected = other === tab;
      other.setAttribute("aria-selected", String(selected));
      other.tabIndex = selected ? 0 : -1;
      $(other.getAttribute("aria-controls")).hidden = !selected;
    }
    tab.querySelector(".fresh")?.setAttribute("hidden", "");
    chart.show(tab.id === "tab-chart");
    keepSetting("view", tab.id);
    if (focus) tab.focus();
  };
  for (const tab of tabs) {
    tab.addEventListener("click", () => showTab(tab, false));
    tab.addEventListener("keydown", (event) => {
      const index = tabs.indexOf(tab);
      const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
      if (next === undefined) return;
      event.preventDefault();
      showTab(tabs[(next + tabs.length) % tabs.length], true);
    });
  }
  // A report event: the view of its tool draws it.
  const showReport = (event) => {
    const view = event.tool === "explore" ? coverage : event.tool === "linearize" ? witness : null;
    if (view === null) return;
    view.show(event.value);
    const tab = $(`tab-${event.tool}`);
    if (tab.getAttribute("aria-selected") !== "true") $(`${event.tool}-fresh`).hidden = false;
  };

  // The state heading says whose state the tree shows: now, an entry's, or a what-if.
  const showStateAt = (reply) => {
    const at = $("state-at");
    at.replaceChildren();
    const entry = tree.view === null ? null : tree.view.position;
    at.append(entry === null ? "now" : entry === 0 ? "at the initial state" : `after #${entry}`);
    const whatIf = reply ? reply.whatIf : false;
    if (whatIf) {
      const badge = document.createElement("span");
      badge.className = "badge whatif";
      badge.textContent = "what-if";
      at.append(" ", badge);
    }
    const banner = $("what-if");
    if (skips.size === 0) { banner.hidden = true; return; }
    const list = [...skips].sort((a, b) => a - b).map((n) => `#${n}`).join(", ");
    const rejected = reply && reply.rejected.length > 0 ? ` The reducer rejected ${reply.rejected.map((n) => "#" + n).join(", ")} in it, which left the state as it was.` : "";
    banner.textContent = `What-if: ${list} skipped. From the first of them on, every state is recomputed by the reducer alone in a scratch copy: listeners are not run, nothing is written to the store or a file.${rejected}` +
      (whatIf ? "" : " The slider's entry comes before the first skipped one: its state is the history's own.");
    banner.hidden = false;
  };
  tree.onView = (reply) => showStateAt(reply);

  // The slider's entry shown everywhere: the readout, the plot's mark, and the tree's view, which
  // is the state at that entry (with what is skipped left out) unless it is simply now.
  const viewEntry = (entry) => {
    const record = log.entryRecord(entry);
    timeline.show(entry, entry === 0 ? "the initial state" : `#${entry} of ${history.count}${record ? ": " + record.event.action : ""}`);
    plot.mark(entry);
    chart.mark(entry);
    if (imported !== null || liveness !== null) return;
    following = entry === history.position && skips.size === 0;
    const view = following ? null : { position: entry, skipped: [...skips].sort((a, b) => a - b) };
    if (JSON.stringify(view) === JSON.stringify(tree.view)) return;
    tree.view = view;
    showStateAt();
    refreshTree();
  };

  // A move of the slider: the entry's action is selected (the highlight and its diff drawn now),
  // the state there asked for.
  const moveTo = (entry) => {
    const record = log.entryRecord(entry);
    if (record) {
      log.highlight(record.seq);
      detail(record);
    } else {
      log.highlight(null);
      $("detail").replaceChildren(Object.assign(document.createElement("p"), { className: "note", textContent: entry === 0 ? "The initial state: no action yet." : `#${entry} is no longer among the events the page keeps.` }));
    }
    viewEntry(entry);
  };
  const timeline = new Inspector.Timeline(
    { slider: $("slider"), readout: $("slider-readout"), play: $("play"), back: $("step-back"), forward: $("step-forward") }, moveTo);
  $("follow").addEventListener("click", () => {
    timeline.stop();
    skips.clear();
    log.skipped = skips;
    log.redraw();
    moveTo(history.position);
  });

  const toggleSkip = (entry) => {
    if (skips.has(entry)) skips.delete(entry);
    else if (skips.size >= 64) { $("last-result").textContent = "at most 64 entries can be skipped at once: un-skip some first"; return; }
    else skips.add(entry);
    log.skipped = skips;
    log.redraw();
    const selected = log.selected;
    const at = timeline.value;
    tree.view = null;
    following = false;
    viewEntry(at);
    if (selected !== null) log.highlight(selected);
    const record = log.record(selected);
    if (record) detail(record);
    $("skip")?.focus();
  };

  const keep = Number(params.get("keep") || localStorage.getItem("inspector.keep") || 10);
  log.keep = Math.max(1, keep) * 1000;
  $("keep").value = String(log.keep / 1000);

  const receive = (records) => {
    if (imported !== null) { imported.held.push(...records); return; }
    log.add(records);
    for (const record of records) {
      plot.add(record);
      if (record.event.event === "report") showReport(record.event);
    }
    chart.update(chartSource);
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
  $("filter").addEventListener("input", () => { log.filter = $("filter").value.trim(); keepSetting("filter", log.filter); log.redraw(); });
  $("show-hidden").addEventListener("change", () => { log.showHidden = $("show-hidden").checked; keepSetting("showHidden", log.showHidden); log.redraw(); });
  $("causal-tree").addEventListener("change", () => { log.asTree = $("causal-tree").checked; keepSetting("causalTree", log.asTree); log.redraw(); });
  $("fold-unchanged").addEventListener("change", () => {
    keepSetting("foldUnchanged", $("fold-unchanged").checked);
    const record = log.record(log.selected);
    if (record) detail(record);
  });
  $("compact").addEventListener("change", () => { keepSetting("compact", $("compact").checked); document.body.classList.toggle("compact", $("compact").checked); });
  $("search-field").addEventListener("change", () => keepSetting("searchField", $("search-field").value));
  // The settings kept from the last visit.
  $("filter").value = setting("filter", "");
  log.filter = $("filter").value;
  $("show-hidden").checked = setting("showHidden", "false") === "true";
  log.showHidden = $("show-hidden").checked;
  $("causal-tree").checked = setting("causalTree", "false") === "true";
  log.asTree = $("causal-tree").checked;
  $("fold-unchanged").checked = setting("foldUnchanged", "true") === "true";
  $("compact").checked = setting("compact", "false") === "true";
  document.body.classList.toggle("compact", $("compact").checked);
  if (["key", "value", "path"].includes(setting("searchField", "key"))) $("search-field").value = setting("searchField", "key");
  showTab(tabs.find((tab) => tab.id === setting("view", "tab-explore")) ?? tabs[0], false);

  // Export: the events the page holds, one `--format json` object a line, as `replshell --replay` reads them.
  const exportText = () => log.events.map((record) => JSON.stringify(record.event)).join("\n") + "\n";
  $("export").addEventListener("click", () => {
    const text = exportText();
    stats.lastExport = text;
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
    link.download = `${($("domain").textContent || "session").replace(/[^A-Za-z0-9_-]/g, "_")}-session.jsonl`;
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    say(`Exported ${log.events.length.toLocaleString("en")} events as ${link.download}.`);
  });

  // Import: a recording is as hostile as any input. Read within the replay's bounds (64 MiB,
  // 250,000 lines), each line parsed apart, only objects naming their `event` kept; shown as text.
  const importLimits = { bytes: 64 << 20, lines: 250000 };
  const importRecording = (name, text) => {
    const lines = text.split("\n");
    if (lines.length > importLimits.lines) return `${name}: ${lines.length.toLocaleString("en")} lines, more than the ${importLimits.lines.toLocaleString("en")} a recording may hold`;
    const records = [];
    const refused = [];
    lines.forEach((line, index) => {
      if (line.trim() === "") return;
      let event;
      try { event = JSON.parse(line); } catch { refused.push(index + 1); return; }
      if (event === null || typeof event !== "object" || Array.isArray(event) || typeof event.event !== "string") { refused.push(index + 1); return; }
      if (event.event === "dispatched" && (typeof event.action !== "string" || typeof event.origin !== "string")) { refused.push(index + 1); return; }
      if (event.diff !== null && event.diff !== undefined && !(Array.isArray(event.diff) && event.diff.every((l) => typeof l === "string"))) { refused.push(index + 1); return; }
      if (event.event === "dispatched") {
        event.rejection = typeof event.rejection === "string" ? event.rejection : null;
        event.hidden = event.hidden === true;
        event.diff = event.diff ?? null;
        if (!Array.isArray(event.diffKinds)) event.diffKinds = null;
      }
      const entry = event.event === "dispatched" && Number.isInteger(event.id) && event.id > 0 ? event.id : null;
      records.push({ seq: records.length + 1, entry, event });
    });
    if (refused.length > 0) return `${name}: line${refused.length > 1 ? "s" : ""} ${refused.slice(0, 3).join(", ")}${refused.length > 3 ? ", …" : ""} ${refused.length > 1 ? "are" : "is"} not a \`--format json\` event; nothing imported`;
    timeline.stop();
    imported = { name, held: [], kept: log.events, dropped: log.dropped };
    skips.clear();
    log.skipped = skips;
    log.events = records;
    log.dropped = 0;
    log.setPosition(records.reduce((max, r) => Math.max(max, r.entry ?? 0), 0));
    log.redraw();
    const count = log.position;
    chart.update(chartSource);
    timeline.setCount(count, count, true);
    $("timeline").hidden = false;
    $("imported").hidden = false;
    $("imported-note").textContent = `Showing the imported recording ${name}: ${records.length.toLocaleString("en")} events. Its actions and diffs are shown; its states were not recorded, so the state tree still shows the live session.`;
    return null;
  };
  $("import").addEventListener("change", async () => {
    const file = $("import").files[0];
    $("import").value = "";
    if (!file) return;
    if (file.size > importLimits.bytes) { say(`${file.name}: ${file.size.toLocaleString("en")} bytes, more than the 64 MiB a recording may hold`); return; }
    const refusal = importRecording(file.name, await file.text());
    say(refusal ?? `Imported ${file.name}.`);
  });
  Inspector.importRecording = importRecording;
  $("back-to-live").addEventListener("click", () => {
    if (imported === null) return;
    const held = imported.held;
    log.events = imported.kept;
    log.dropped = imported.dropped;
    imported = null;
    $("imported").hidden = true;
    log.redraw();
    if (held.length > 0) receive(held);
    log.setPosition(history.position);
    chart.update(chartSource);
    timeline.setCount(history.count, history.position, true);
    $("timeline").hidden = liveness !== null;
    moveTo(history.position);
    say("Back on the live session.");
  });

  // Alt+Left and Alt+Right step the slider.
  document.addEventListener("keydown", (event) => {
    if (!event.altKey || $("timeline").hidden) return;
    if (event.key === "ArrowLeft") { event.preventDefault(); timeline.step(-1); }
    if (event.key === "ArrowRight") { event.preventDefault(); timeline.step(1); }
  });
  $("keep").addEventListener("change", () => {
    const thousands = Math.max(1, Math.floor(Number($("keep").value) || 10));
    localStorage.setItem("inspector.keep", String(thousands));
    log.keep = thousands * 1000;
    log.add([]);
  });
  $("search-form").addEventListener("submit", (event) => {
    event.preventDefault();
    tree.local = liveness === null;
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
