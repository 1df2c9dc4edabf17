// The last `linearize`'s verdicts, from its `report` event: each history's verdict and the lines
// the shell printed; for one that is not linearizable, the failed part drawn as
// `replshell linearize --html` draws it — a row per client, each operation a bar from its
// invocation to its completion (one that never completed runs to the end), the witness's
// operations marked and the one that cannot be placed named — and the witness listed in words.
// Read as hostile input, as the coverage is: types checked, text set as text, lists cut short.
"use strict";
Inspector.WitnessView = class {
  constructor(summary, body) {
    this.summary = summary;
    this.body = body;
    this.reports = 0;
    // The most histories and operations drawn; the shell sends at most 400 operations a witness.
    this.historyLimit = 20;
    this.operationLimit = 400;
  }

  /// Draws `report`, the value of a linearize `report` event.
  show(report) {
    const C = Inspector.CoverageView;
    const histories = C.list(C.object(report).histories).slice(0, this.historyLimit);
    this.reports += 1;
    const kinds = { "linearizable": "met", "not linearizable": "short", "unknown": "undecided", "malformed": "short" };
    const failed = histories.filter((h) => C.object(h).verdict === "not linearizable" || C.object(h).verdict === "malformed").length;
    this.summary.replaceChildren(C.badge(failed === 0 ? "passed" : "failed", failed === 0 ? "met" : "short"),
      ` linearize: ${histories.length} histor${histories.length === 1 ? "y" : "ies"} checked, ${failed} failed.`);
    const parts = [];
    histories.forEach((h, index) => {
      const history = C.object(h);
      const verdict = Object.hasOwn(kinds, history.verdict) ? history.verdict : "unknown";
      const heading = document.createElement("h3");
      heading.append(Object.assign(document.createElement("code"), { textContent: C.text(history.file) }), " ", C.badge(verdict, kinds[verdict]));
      parts.push(heading);
      const lines = C.list(history.lines).slice(0, 300).map(C.text);
      const pre = document.createElement("pre");
      pre.className = "report-lines";
      pre.setAttribute("aria-label", `What linearize printed for ${C.text(history.file)}`);
      pre.textContent = lines.join("\n");
      parts.push(pre);
      if (history.witness !== null && typeof history.witness === "object") parts.push(...this.witness(C.object(history.witness), index));
    });
    this.body.replaceChildren(...parts);
    this.body.dataset.reports = String(this.reports);
  }

  /// The failed part drawn across time, and its witness listed.
  witness(w, index) {
    const C = Inspector.CoverageView;
    const ns = "http://www.w3.org/2000/svg";
    const operations = C.list(w.drawn).slice(0, this.operationLimit).map(C.object);
    const clients = [...new Set(operations.map((o) => C.number(o.client)))].sort((a, b) => a - b);
    const from = C.number(w.from), to = Math.max(from + 1, C.number(w.to));
    const left = 90, width = 900, rowHeight = 26, top = 6;
    const x = (event) => left + (width - left - 6) * (Math.min(Math.max(event, from), to) - from) / (to - from);
    const svg = document.createElementNS(ns, "svg");
    svg.id = `witness-timeline-${index}`;
    svg.classList.add("witness-timeline");
    svg.setAttribute("viewBox", `0 0 ${width} ${top * 2 + rowHeight * clients.length}`);
    svg.setAttribute("role", "img");
    const witnessCount = operations.filter((o) => o.witness === true).length;
    svg.setAttribute("aria-label", `The ${w.drawsPart === true ? "failed part" : "shrunk witness"} across time: ${operations.length} operations of ${clients.length} clients, ${witnessCount} of them the witness's`);
    clients.forEach((client, row) => {
      const label = document.createElementNS(ns, "text");
      label.setAttribute("x", "4");
      label.setAttribute("y", String(top + row * rowHeight + 17));
      label.textContent = `client ${client}`;
      svg.appendChild(label);
    });
    for (const o of operations) {
      const row = clients.indexOf(C.number(o.client));
      const start = x(C.number(o.start));
      const end = o.end === null ? x(to) : x(C.number(o.end) + 1);
      const rect = document.createElementNS(ns, "rect");
      const outcome = ["ok", "fail", "info"].includes(o.outcome) ? o.outcome : "info";
      rect.setAttribute("class", `op ${outcome}${o.witness === true ? " witness" : ""}${o.blocked === true ? " blocked" : ""}`);
      rect.setAttribute("x", String(start));
      rect.setAttribute("y", String(top + row * rowHeight + 2));
      rect.setAttribute("width", String(Math.max(3, end - start)));
      rect.setAttribute("height", String(rowHeight - 6));
      rect.setAttribute("rx", "3");
      const title = document.createElementNS(ns, "title");
      title.textContent = `${C.text(o.text)} (client ${C.number(o.client)}, line ${C.number(o.line)})`;
      rect.appendChild(title);
      svg.appendChild(rect);
    }
    const parts = [];
    const note = (text) => Object.assign(document.createElement("p"), { className: "note", textContent: text });
    const partition = typeof w.partition === "string" ? `, partition ${w.partition}` : "";
    parts.push(note(`${C.number(w.operations)} operations in the failed part${partition}; the witness keeps ${C.number(w.witnessOperations)}` +
      (w.drawsPart === true ? ". Drawn: every operation of the part." : ". The part is too large to draw: the witness alone is drawn.")));
    parts.push(svg);
    const legend = document.createElement("p");
    legend.className = "note legend witness-legend";
    legend.append(Object.assign(document.createElement("span"), { className: "key witness", textContent: "witness" }), " ",
      Object.assign(document.createElement("span"), { className: "key blocked", textContent: "cannot be placed" }), " ",
      Object.assign(document.createElement("span"), { className: "key other", textContent: "other operations" }),
      " — a bar runs from the invocation to the completion; one that never completed runs to the end.");
    parts.push(legend);
    const list = document.createElement("ol");
    list.className = "witness-list";
    list.setAttribute("aria-label", "The witness's operations");
    for (const o of operations.filter((o) => o.witness === true)) {
      const li = document.createElement("li");
      li.textContent = `client ${C.number(o.client)}: ${C.text(o.text)} (line ${C.number(o.line)})`;
      if (o.blocked === true) {
        li.className = "blocked";
        li.append(" ", C.badge("cannot be placed", "short"));
      }
      list.appendChild(li);
    }
    parts.push(list);
    parts.push(note(`Why: ${C.text(w.reason)}`));
    return parts;
  }
};
