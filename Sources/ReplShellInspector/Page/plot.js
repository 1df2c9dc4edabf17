// The watched selector plotted across the history: each `watch` event of the selector whose
// value reads as a number adds a point; the caption says the values in words. The time slider's
// entry is marked with a dashed line at the last value watched by then (`mark`).
"use strict";
Inspector.Plot = class {
  constructor(svg, caption) {
    this.svg = svg;
    this.caption = caption;
    this.selector = null;
    this.points = [];
    this.limit = 10000;
    // The history entry the last dispatch made, which the next watched value follows.
    this.entry = 0;
    this.marked = null;
  }

  /// Marks the value the session showed at history entry `entry`; null takes the mark away.
  mark(entry) {
    this.marked = entry;
    const line = this.svg.querySelector("line.now");
    if (entry === null || this.points.length === 0) { line?.remove(); return; }
    // The last point at or before the entry: points are in history order.
    let low = 0, high = this.points.length;
    while (low < high) { const mid = (low + high) >> 1; if (this.points[mid].entry <= entry) low = mid + 1; else high = mid; }
    const index = Math.max(0, low - 1);
    const x = String(this.x(index));
    const now = line ?? document.createElementNS("http://www.w3.org/2000/svg", "line");
    now.setAttribute("class", "now");
    now.setAttribute("x1", x); now.setAttribute("x2", x); now.setAttribute("y1", "0"); now.setAttribute("y2", "138");
    if (!line) this.svg.appendChild(now);
  }

  /// Where the point at `index` is drawn across.
  x(index) {
    const step = this.points.length > 1 ? (600 - 60 - 5) / (this.points.length - 1) : 0;
    return 60 + index * step;
  }

  watch(selector) {
    this.selector = selector;
    this.points = [];
    this.draw();
  }

  /// Takes a `watch` event; returns true when it added a point.
  add(record) {
    const e = record.event;
    if (e.event === "dispatched" && record.entry !== null) this.entry = record.entry;
    if (e.event !== "watch" || e.error !== null) return false;
    // Until the page picks one, the first selector the session watches is plotted.
    if (this.selector === null && Number.isFinite(Number(String(e.value).trim()))) this.watch(e.selector);
    if (this.selector === null) return false;
    const name = e.selector.replace(/\(.*$/, "");
    if (name !== this.selector.replace(/\(.*$/, "")) return false;
    const value = Number(String(e.value).trim().replace(/_/g, ""));
    if (!Number.isFinite(value)) return false;
    this.points.push({ seq: record.seq, entry: this.entry, value });
    if (this.points.length > this.limit) this.points.splice(0, this.points.length - this.limit);
    this.draw();
    return true;
  }

  draw() {
    const ns = "http://www.w3.org/2000/svg";
    this.svg.replaceChildren();
    if (this.selector === null) return;
    if (this.points.length === 0) {
      this.caption.textContent = `Watching ${this.selector}: no numeric value yet.`;
      return;
    }
    const values = this.points.map((p) => p.value);
    const min = Math.min(...values), max = Math.max(...values);
    const width = 600, height = 160, left = 60, bottom = 22;
    const span = max - min || 1;
    const step = this.points.length > 1 ? (width - left - 5) / (this.points.length - 1) : 0;
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", this.points.map((p, i) =>
      `${left + i * step},${5 + (height - bottom - 10) * (1 - (p.value - min) / span)}`).join(" "));
    const label = (text, x, y) => {
      const t = document.createElementNS(ns, "text");
      t.setAttribute("x", x);
      t.setAttribute("y", y);
      t.textContent = text;
      return t;
    };
    this.svg.append(line, label(String(max), 2, 18), label(String(min), 2, height - bottom),
      label(`${this.points.length} values`, left, height - 3));
    const last = values[values.length - 1];
    this.caption.textContent = `Watching ${this.selector}: ${this.points.length} values, from ${min} to ${max}, last ${last}.`;
    if (this.marked !== null) this.mark(this.marked);
  }
};
