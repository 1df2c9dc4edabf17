// The action log: every dispatched event, user and script actions flush left, listeners' indented
// behind ↳; hidden actions folded into one line; a filter by case path; the entries the state
// no longer applies marked undone, the current one ▶. Keeps at most `keep` events. As a tree of
// causes (`history --tree`), each action is drawn under the one whose listener dispatched it,
// indented one step deeper for each cause between it and the line that started the chain.
"use strict";
Inspector.Log = class {
  constructor(element, keptNote, onSelect) {
    this.element = element;
    this.keptNote = keptNote;
    this.onSelect = onSelect;
    this.events = [];
    this.dropped = 0;
    this.keep = 10000;
    this.filter = "";
    this.showHidden = false;
    this.position = 0;
    this.selected = null;
    this.drawn = 0;
    this.maxDrawn = 2000;
    // The entries skipped for a what-if: drawn struck through, marked "skipped".
    this.skipped = new Set();
    // Drawn as a tree of causes instead of in the order of dispatch.
    this.asTree = false;
  }

  /// The latest dispatch of history entry `entry`, or undefined.
  entryRecord(entry) {
    return this.events.findLast((r) => r.entry === entry && r.event.event === "dispatched");
  }

  /// Adds events in order; returns true when one was a dispatch.
  add(records) {
    let dispatches = false;
    for (const record of records) {
      this.events.push(record);
      if (record.event.event === "dispatched") dispatches = true;
    }
    if (this.events.length > this.keep) {
      const excess = this.events.length - this.keep;
      this.events.splice(0, excess);
      this.dropped += excess;
      this.redraw();
    } else if (dispatches) {
      this.appendDrawn(records);
    }
    this.sayKept();
    return dispatches;
  }

  sayKept() {
    this.keptNote.textContent = `Keeping the last ${this.keep.toLocaleString("en")} events: ${this.events.length.toLocaleString("en")} held` +
      (this.dropped > 0 ? `, ${this.dropped.toLocaleString("en")} earlier ones dropped.` : ".");
  }

  caseOf(action) {
    const paren = action.indexOf("(");
    return (paren < 0 ? action : action.slice(0, paren)).replace(/^\./, "");
  }

  /// Whether the filter, an action pattern as `hide` and `actions` read it, matches the case
  /// path: its names appear in a row in the path, the last one as the start of a name.
  matches(path) {
    const names = this.filter.replace(/^\./, "").split(".");
    const whole = names.slice(0, -1);
    const last = names[names.length - 1];
    for (let start = 0; start + names.length <= path.length; start++) {
      if (whole.every((name, i) => path[start + i] === name) && path[start + whole.length].startsWith(last)) return true;
    }
    return false;
  }

  visible(record) {
    const e = record.event;
    if (e.event !== "dispatched") return false;
    return this.filter === "" || this.matches(this.caseOf(e.action).split("."));
  }

  redraw() {
    this.element.textContent = "";
    this.lastFold = null;
    this.drawn = 0;
    let shown = this.events.filter((r) => this.visible(r));
    if (this.asTree) shown = this.causalOrder(shown);
    const start = Math.max(0, shown.length - this.maxDrawn);
    if (start > 0) {
      const li = document.createElement("li");
      li.className = "fold";
      li.textContent = `${start.toLocaleString("en")} earlier actions not drawn (narrow the filter to see them)`;
      this.element.appendChild(li);
    }
    this.appendDrawn(shown.slice(start), true);
  }

  /// `records` in the order of a tree of causes: each after the one whose listener dispatched it
  /// (when that one is among them), depth first, roots and siblings in the order of dispatch;
  /// each record's `depth` set to its number of causes among them.
  causalOrder(records) {
    const byEntry = new Map();
    for (const record of records) if (record.entry !== null) byEntry.set(record.entry, record);
    const children = new Map();
    const roots = [];
    for (const record of records) {
      const cause = record.event.cause;
      const parent = cause && cause.entry !== undefined ? byEntry.get(cause.entry) : undefined;
      // A cause dispatched after its effect cannot be (a reused entry number): the effect is a root.
      if (parent && parent.seq < record.seq) {
        if (!children.has(parent.seq)) children.set(parent.seq, []);
        children.get(parent.seq).push(record);
      } else {
        roots.push(record);
      }
    }
    const ordered = [];
    // Depth first without recursion: a chain of causes as long as the log stays within the stack.
    const stack = roots.slice().reverse().map((record) => ({ record, depth: 0 }));
    while (stack.length > 0) {
      const { record, depth } = stack.pop();
      ordered.push({ ...record, depth });
      const below = children.get(record.seq) || [];
      for (let i = below.length - 1; i >= 0; i--) stack.push({ record: below[i], depth: depth + 1 });
    }
    return ordered;
  }

  appendDrawn(records, filtered) {
    // As a tree, an action may belong above the last one drawn: the whole log is drawn again.
    if (this.asTree && !filtered) { this.redraw(); return; }
    const fragment = document.createDocumentFragment();
    if (this.lastFold && this.element.lastChild !== this.lastFold) this.lastFold = null;
    for (const record of records) {
      if (!filtered && !this.visible(record)) continue;
      const e = record.event;
      if (e.hidden && !this.showHidden) {
        if (!this.lastFold) {
          this.lastFold = document.createElement("li");
          this.lastFold.className = "fold";
          this.lastFold.dataset.count = "0";
          this.lastFold.tabIndex = -1;
          this.lastFold.addEventListener("click", () => { document.getElementById("show-hidden").click(); });
          fragment.appendChild(this.lastFold);
        }
        const count = Number(this.lastFold.dataset.count) + 1;
        this.lastFold.dataset.count = String(count);
        this.lastFold.textContent = `${count} hidden ${count === 1 ? "action" : "actions"} folded (click to unfold)`;
        continue;
      }
      this.lastFold = null;
      fragment.appendChild(this.item(record));
      this.drawn++;
    }
    this.element.appendChild(fragment);
    this.markPosition();
    this.element.scrollTop = this.element.scrollHeight;
  }

  item(record) {
    const e = record.event;
    const li = document.createElement("li");
    li.id = `event-${record.seq}`;
    li.dataset.seq = String(record.seq);
    if (record.entry !== null) li.dataset.entry = String(record.entry);
    li.className = e.origin + (e.rejection !== null ? " rejected" : "") + (record.entry !== null && this.skipped.has(record.entry) ? " skipped" : "");
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", String(this.selected === record.seq));
    const who = e.origin === "listener" ? "↳ " : e.origin === "script" ? "script: " : e.origin === "app" ? "app: " : "you: ";
    const number = record.entry !== null ? `#${record.entry} ` : "";
    const suffix = e.rejection !== null ? " (rejected)" : e.hidden ? " (hidden)" : "";
    li.innerHTML = "";
    li.append(`${number}${who}`);
    const action = document.createElement("span");
    action.className = "action";
    action.textContent = e.action;
    li.append(action, suffix);
    // Where it came from, beside it: the script's file and line, the typed line, or the entry whose listener dispatched it.
    const cause = e.cause;
    const where = !cause ? null : cause.location !== undefined ? cause.location
      : cause.line !== undefined ? `line ${cause.line}` : cause.entry !== undefined ? `listener of #${cause.entry}` : null;
    if (where !== null) {
      const note = document.createElement("span");
      note.className = "where";
      // A script's file by its name; the whole path on hover.
      note.textContent = ` · ${where.replace(/^.*\//, "")}`;
      note.title = where;
      li.append(note);
    }
    if (record.entry !== null && this.skipped.has(record.entry)) {
      const mark = document.createElement("span");
      mark.className = "skip-mark";
      mark.textContent = " (skipped: what-if)";
      li.insertBefore(mark, li.querySelector(".where"));
    }
    li.title = `${e.origin} action${suffix}`;
    if (this.asTree && record.depth !== undefined) {
      li.dataset.depth = String(record.depth);
      li.style.paddingLeft = `${0.5 + 1.5 * record.depth}em`;
    }
    li.addEventListener("click", () => this.select(record.seq));
    return li;
  }

  record(seq) {
    return this.events.find((r) => r.seq === seq);
  }

  /// The chain of causes of a dispatch, back to the line that started it: each step the record
  /// of the entry whose listener dispatched the one before, the last the line (`line 3`,
  /// `file.txt:7`) or why the chain stops there.
  causes(record) {
    const chain = [];
    let current = record;
    // Each step goes to an earlier event: the chain ends within the log's length.
    while (current) {
      const cause = current.event.cause;
      if (!cause) {
        if (current.event.origin === "listener") chain.push({ text: "a cause not known (a task the listener started dispatched it)" });
        break;
      }
      if (cause.line !== undefined) { chain.push({ text: `line ${cause.line}` }); break; }
      if (cause.location !== undefined) { chain.push({ text: cause.location }); break; }
      const seq = current.seq;
      const earlier = this.events.findLast((r) => r.seq < seq && r.entry === cause.entry && r.event.event === "dispatched");
      if (!earlier) { chain.push({ text: `#${cause.entry}, no longer in the log` }); break; }
      chain.push({ record: earlier });
      current = earlier;
    }
    return chain;
  }

  select(seq) {
    this.selected = seq;
    for (const li of this.element.querySelectorAll('[aria-selected="true"]')) li.setAttribute("aria-selected", "false");
    const li = document.getElementById(`event-${seq}`);
    if (li) {
      li.setAttribute("aria-selected", "true");
      li.scrollIntoView({ block: "nearest" });
    }
    const record = this.record(seq);
    if (record) this.onSelect(record);
  }

  /// Marks the event `seq` selected (null: none) without telling anyone: what a move of the time
  /// slider does, which draws the rest itself.
  highlight(seq) {
    this.selected = seq;
    // The row marked last, unmarked without searching the log's rows (a slider step is one frame).
    if (this.highlighted?.isConnected && this.highlighted.getAttribute("aria-selected") === "true") this.highlighted.setAttribute("aria-selected", "false");
    else for (const li of this.element.querySelectorAll('[aria-selected="true"]')) li.setAttribute("aria-selected", "false");
    const li = seq === null ? null : document.getElementById(`event-${seq}`);
    this.highlighted = li;
    if (li) {
      li.setAttribute("aria-selected", "true");
      // Scrolled to in the frame that draws it: asking now would lay the page out twice a step.
      if (this.scrollPending === undefined || this.scrollPending === null) {
        this.scrollPending = requestAnimationFrame(() => {
          this.scrollPending = null;
          if (this.highlighted?.isConnected) this.highlighted.scrollIntoView({ block: "nearest" });
        });
      }
    }
  }

  /// Selects the latest dispatch that made history entry `entry`, showing it when a filter or
  /// the fold of hidden actions leaves it out.
  selectEntry(entry) {
    const record = this.events.findLast((r) => r.entry === entry && r.event.event === "dispatched");
    if (!record) return;
    if (!document.getElementById(`event-${record.seq}`)) {
      this.filter = "";
      this.showHidden = this.showHidden || record.event.hidden;
      const filter = document.getElementById("filter");
      if (filter) filter.value = "";
      const showHidden = document.getElementById("show-hidden");
      if (showHidden) showHidden.checked = this.showHidden;
      this.redraw();
    }
    this.select(record.seq);
  }

  /// Up and Down move the selection; Home and End go to the ends.
  key(event) {
    const items = [...this.element.querySelectorAll("li[data-seq]")];
    if (items.length === 0) return;
    let index = items.findIndex((li) => Number(li.dataset.seq) === this.selected);
    if (event.key === "ArrowDown") index = Math.min(items.length - 1, index + 1);
    else if (event.key === "ArrowUp") index = index < 0 ? items.length - 1 : Math.max(0, index - 1);
    else if (event.key === "Home") index = 0;
    else if (event.key === "End") index = items.length - 1;
    else return;
    event.preventDefault();
    this.select(Number(items[index].dataset.seq));
  }

  setPosition(position) {
    this.position = position;
    this.markPosition();
  }

  markPosition() {
    for (const li of this.element.querySelectorAll("li[data-entry]")) {
      const entry = Number(li.dataset.entry);
      li.classList.toggle("undone", entry > this.position);
      li.classList.toggle("current", entry === this.position);
      const current = li.querySelector(".current-mark");
      if (entry === this.position && !current) {
        const mark = document.createElement("span");
        mark.className = "current-mark";
        mark.textContent = "▶ ";
        mark.title = "the state is here";
        li.prepend(mark);
      } else if (entry !== this.position && current) {
        current.remove();
      }
      const undone = li.querySelector(".undone-mark");
      if (entry > this.position && !undone) {
        const mark = document.createElement("span");
        mark.className = "undone-mark";
        mark.textContent = " (undone)";
        // Before where it came from, which a narrow log cuts first.
        li.insertBefore(mark, li.querySelector(".where"));
      } else if (entry <= this.position && undone) {
        undone.remove();
      }
    }
  }
};

// The diff of a dispatch, drawn line by line: removed lines behind − in red, added ones behind +
// in green, unchanged ones plain; a run of more than `foldAt` unchanged lines is folded into a
// button that unfolds it. Every line is set as text, never as HTML.
Inspector.Diff = {
  foldAt: 6,
  kindOf(text, kind) {
    if (kind === "removed" || kind === "added" || kind === "note") return kind;
    if (kind === undefined) {
      if (text.startsWith("-")) return "removed";
      if (text.startsWith("+")) return "added";
    }
    return "unchanged";
  },

  /// Fills `pre` with `lines` (their kinds from the event's `diffKinds`), folding unchanged runs when `fold`.
  draw(pre, lines, kinds, fold) {
    pre.replaceChildren();
    if (lines === null) { pre.textContent = "(no diff)"; return; }
    const line = (text, kind) => {
      const span = document.createElement("span");
      span.className = `line ${kind}`;
      span.textContent = text;
      return span;
    };
    let run = [];
    const flush = () => {
      if (fold && run.length > this.foldAt) {
        const kept = 2;
        for (const text of run.slice(0, kept)) pre.appendChild(line(text, "unchanged"));
        const hidden = run.slice(kept, run.length - kept);
        const button = document.createElement("button");
        button.type = "button";
        button.className = "fold";
        button.textContent = `… ${hidden.length} unchanged lines (show)`;
        button.addEventListener("click", () => button.replaceWith(...hidden.map((text) => line(text, "unchanged"))));
        pre.appendChild(button);
        for (const text of run.slice(run.length - kept)) pre.appendChild(line(text, "unchanged"));
      } else {
        for (const text of run) pre.appendChild(line(text, "unchanged"));
      }
      run = [];
    };
    lines.forEach((text, i) => {
      const kind = this.kindOf(text, kinds ? kinds[i] : undefined);
      if (kind === "unchanged") { run.push(text); return; }
      flush();
      pre.appendChild(line(text, kind));
    });
    flush();
  },
};

// The time slider over the history: its value is a history entry (0: the initial state). Moving
// it, stepping or playing selects that entry's action in the log and shows its diff at once, and
// asks for the state there, which the tree draws when it comes (`onMove`). Each step's drawing
// is timed (performance.now around it): `Inspector.stats.stepTimes` holds the last 1,000.
Inspector.Timeline = class {
  constructor(elements, onMove) {
    this.slider = elements.slider;
    this.readout = elements.readout;
    this.play = elements.play;
    this.onMove = onMove;
    this.count = 0;
    this.playing = null;
    this.slider.addEventListener("input", () => this.move(Number(this.slider.value)));
    elements.back.addEventListener("click", () => this.step(-1));
    elements.forward.addEventListener("click", () => this.step(1));
    this.play.addEventListener("click", () => this.toggle());
  }

  /// The history's length changed: the slider spans 0…count; `position` is where it sits when following.
  setCount(count, position, following) {
    this.count = count;
    this.slider.max = String(count);
    if (following) this.show(position);
  }

  get value() { return Number(this.slider.value); }

  /// Puts the thumb and the readout at `entry` without moving anything else.
  show(entry, text) {
    this.slider.value = String(entry);
    this.slider.setAttribute("aria-valuetext", text ?? (entry === 0 ? "the initial state" : `entry ${entry} of ${this.count}`));
    this.readout.textContent = text ?? (entry === 0 ? "the initial state" : `#${entry} of ${this.count}`);
  }

  move(entry) {
    const start = performance.now();
    const clamped = Math.max(0, Math.min(this.count, entry));
    this.onMove(clamped);
    const took = performance.now() - start;
    const times = Inspector.stats.stepTimes;
    times.push(took);
    if (times.length > 1000) times.shift();
  }

  step(by) {
    this.move(this.value + by);
  }

  toggle() {
    if (this.playing !== null) { this.stop(); return; }
    if (this.value >= this.count) this.move(0);
    this.play.setAttribute("aria-pressed", "true");
    this.play.textContent = "❚❚ Pause";
    const frame = () => {
      if (this.playing === null) return;
      if (this.value >= this.count) { this.stop(); return; }
      this.step(1);
      this.playing = requestAnimationFrame(frame);
    };
    this.playing = requestAnimationFrame(frame);
  }

  stop() {
    if (this.playing !== null) cancelAnimationFrame(this.playing);
    this.playing = null;
    this.play.setAttribute("aria-pressed", "false");
    this.play.textContent = "▶ Play";
  }
};
