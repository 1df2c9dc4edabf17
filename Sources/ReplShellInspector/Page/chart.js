// Actions over time: a row per action case (the most dispatched first, the rest on one row),
// the history cut into bins across, each bin as dark as the number of that case's actions in
// it; the slider's entry marked with a dashed line; and a table of the count per case, which is
// what the chart says in words. Drawn from the events the page holds, at most once a frame,
// and only while it is shown.
"use strict";
Inspector.ActionChart = class {
  constructor(svg, caption, table) {
    this.svg = svg;
    this.caption = caption;
    this.table = table;
    this.rows = 8;
    this.bins = 120;
    this.visible = false;
    this.pending = false;
    this.marked = null;
    this.drawnCount = 0;
  }

  /// Asks for a redraw from `source()` — the log's records and where the history is — at the
  /// next frame while the chart is shown, or once it is shown again.
  update(source) {
    this.source = source;
    if (!this.visible || this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => { this.pending = false; this.draw(); });
  }

  show(visible) {
    this.visible = visible;
    if (visible && this.source) this.update(this.source);
  }

  /// The case of each history entry up to the current one: the last dispatch that made it.
  static entries(records, position, caseOf) {
    const byEntry = new Map();
    for (const record of records) {
      if (record.entry === null || record.event.event !== "dispatched" || record.entry > position) continue;
      byEntry.set(record.entry, caseOf(String(record.event.action)));
    }
    return byEntry;
  }

  draw() {
    const { records, position, caseOf } = this.source();
    const byEntry = Inspector.ActionChart.entries(records, position, caseOf);
    const ns = "http://www.w3.org/2000/svg";
    this.svg.replaceChildren();
    this.drawnCount = byEntry.size;
    if (byEntry.size === 0) {
      this.caption.textContent = "No actions in the history yet: each dispatch adds to the chart.";
      this.table.replaceChildren();
      this.svg.setAttribute("viewBox", "0 0 900 40");
      return;
    }
    const counts = new Map();
    for (const name of byEntry.values()) counts.set(name, (counts.get(name) ?? 0) + 1);
    const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
    const shown = ranked.length > this.rows ? ranked.slice(0, this.rows - 1) : ranked;
    const rowOf = new Map(shown.map(([name], index) => [name, index]));
    const other = ranked.length > shown.length ? shown.length : null;
    const rowCount = shown.length + (other === null ? 0 : 1);
    let first = Infinity, last = -Infinity;
    for (const entry of byEntry.keys()) { first = Math.min(first, entry); last = Math.max(last, entry); }
    const span = last - first + 1;
    const bins = Math.min(this.bins, span);
    const grid = Array.from({ length: rowCount }, () => new Array(bins).fill(0));
    for (const [entry, name] of byEntry) {
      const row = rowOf.get(name) ?? other;
      grid[row][Math.min(bins - 1, Math.floor((entry - first) * bins / span))] += 1;
    }
    const most = Math.max(1, ...grid.flat());
    const left = 230, right = 70, width = 900, rowHeight = 24, top = 4, axis = 22;
    const binWidth = (width - left - right) / bins;
    const height = top + rowCount * rowHeight + axis;
    this.svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
    const text = (content, x, y, anchor) => {
      const t = document.createElementNS(ns, "text");
      t.setAttribute("x", String(x));
      t.setAttribute("y", String(y));
      if (anchor) t.setAttribute("text-anchor", anchor);
      t.textContent = content;
      return t;
    };
    const names = shown.map(([name]) => name).concat(other === null ? [] : [`${ranked.length - shown.length} other cases`]);
    const totals = shown.map(([, count]) => count).concat(other === null ? [] : [ranked.slice(shown.length).reduce((s, [, c]) => s + c, 0)]);
    names.forEach((name, row) => {
      const y = top + row * rowHeight;
      const label = text(name.length > 30 ? "…" + name.slice(-29) : name, left - 8, y + 16, "end");
      label.setAttribute("class", "case");
      this.svg.appendChild(label);
      const track = document.createElementNS(ns, "rect");
      track.setAttribute("class", "track");
      track.setAttribute("x", String(left));
      track.setAttribute("y", String(y + 3));
      track.setAttribute("width", String(width - left - right));
      track.setAttribute("height", String(rowHeight - 6));
      this.svg.appendChild(track);
      grid[row].forEach((count, bin) => {
        if (count === 0) return;
        const cell = document.createElementNS(ns, "rect");
        cell.setAttribute("class", "cell");
        cell.setAttribute("x", String(left + bin * binWidth));
        cell.setAttribute("y", String(y + 3));
        cell.setAttribute("width", String(Math.max(1, binWidth - (bins > 60 ? 0 : 1))));
        cell.setAttribute("height", String(rowHeight - 6));
        cell.setAttribute("fill-opacity", (0.25 + 0.75 * count / most).toFixed(2));
        this.svg.appendChild(cell);
      });
      this.svg.appendChild(text(totals[row].toLocaleString("en"), width - right + 8, y + 16));
    });
    const axisY = top + rowCount * rowHeight + 16;
    this.svg.append(text(`#${first}`, left, axisY), text(`#${last}`, width - right, axisY, "end"));
    this.geometry = { first, last, left, right, width, top, bottom: top + rowCount * rowHeight };
    if (this.marked !== null) this.mark(this.marked);
    const [topName, topCount] = ranked[0];
    this.caption.textContent = `${byEntry.size.toLocaleString("en")} actions from #${first} to #${last}, ${ranked.length} case${ranked.length === 1 ? "" : "s"}; ` +
      `the most dispatched: ${topName} (${topCount.toLocaleString("en")}).`;
    this.drawTable(ranked, byEntry.size);
  }

  drawTable(ranked, total) {
    const rows = ranked.slice(0, 50).map(([name, count]) => {
      const code = document.createElement("code");
      code.textContent = name;
      return [code, count.toLocaleString("en"), `${(100 * count / total).toFixed(1)}%`];
    });
    const table = Inspector.CoverageView.table("Actions per case over the history", ["Case", "Actions", "Share"], rows, "chart-table");
    this.table.replaceChildren(table);
    if (ranked.length > rows.length) this.table.appendChild(Object.assign(document.createElement("p"), { className: "note", textContent: `${ranked.length - rows.length} more cases not listed.` }));
  }

  /// Marks history entry `entry` (the slider's) with a dashed line; null takes it away.
  mark(entry) {
    this.marked = entry;
    const line = this.svg.querySelector("line.now");
    const g = this.geometry;
    if (entry === null || !g || this.drawnCount === 0 || entry < g.first || entry > g.last) { line?.remove(); return; }
    const x = String(g.left + (g.width - g.left - g.right) * (entry - g.first + 0.5) / (g.last - g.first + 1));
    const now = line ?? document.createElementNS("http://www.w3.org/2000/svg", "line");
    now.setAttribute("class", "now");
    now.setAttribute("x1", x); now.setAttribute("x2", x); now.setAttribute("y1", String(g.top)); now.setAttribute("y2", String(g.bottom));
    if (!line) this.svg.appendChild(now);
  }
};
