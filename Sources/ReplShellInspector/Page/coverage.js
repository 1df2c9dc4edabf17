// The last explore's coverage, from its `report` event: the seed, runs and steps and the verdict;
// how many abstract states and distinct transitions, each coverage requirement's verdict, the
// declared values never reached, the states entered and how often, the rarest transitions, each
// action case's counts.
// The report is read as hostile input: every field's type is checked, every text set as text,
// every list cut short.
"use strict";
Inspector.CoverageView = class {
  constructor(summary, body) {
    this.summary = summary;
    this.body = body;
    // The most rows drawn in one table: the report itself lists at most 1,000 states.
    this.rowLimit = 200;
    this.reports = 0;
  }

  static number(value) { return Number.isFinite(value) ? value : 0; }
  static text(value) { return typeof value === "string" ? value : value === null || value === undefined ? "" : JSON.stringify(value); }
  static list(value) { return Array.isArray(value) ? value : []; }
  static object(value) { return value !== null && typeof value === "object" && !Array.isArray(value) ? value : {}; }

  /// Draws `report`, the value of an explore's `report` event.
  show(report) {
    const C = Inspector.CoverageView;
    const r = C.object(report);
    this.reports += 1;
    const count = (n) => C.number(n).toLocaleString("en");
    const failure = typeof r.failure === "string" ? r.failure : null;
    this.summary.replaceChildren();
    const badge = Inspector.CoverageView.badge(failure === null ? "passed" : "failed", failure === null ? "met" : "short");
    this.summary.append(badge, ` explore --seed ${C.text(r.seed)}: ${count(r.runs)} runs, ${count(r.steps)} steps, ${count(r.acceptedSteps)} accepted` +
      (failure === null ? "; no invariant broke and every requirement was met or undecided." : `; ${failure}`));
    const states = C.object(r.states);
    const parts = [];
    const heading = (text) => Object.assign(document.createElement("h3"), { textContent: text });
    const note = (text) => Object.assign(document.createElement("p"), { className: "note", textContent: text });

    const from = C.list(states.abstractedFrom).map(C.text);
    parts.push(heading("Coverage"));
    const figures = document.createElement("p");
    figures.id = "coverage-figures";
    figures.append(Inspector.CoverageView.figure(count(states.entered), "states entered"), " ",
      Inspector.CoverageView.figure(count(states.transitions), "distinct transitions"), " ",
      Inspector.CoverageView.figure(count(C.list(states.neverReached).length), "declared values never reached"));
    parts.push(figures);
    parts.push(note(from.length === 0 ? "The state has no enum, Bool, count or collection to abstract: only action cases are counted."
      : `Abstracted from ${from.slice(0, 20).join(", ")}${from.length > 20 ? ", …" : ""}.`));

    const requirements = C.list(r.requirements);
    parts.push(heading("Coverage requirements"));
    if (requirements.length === 0) {
      parts.push(note("None: `explore --cover \"5% <predicate>\"` requires a share of the steps, `--cover-runs` of the runs."));
    } else {
      const rows = requirements.slice(0, this.rowLimit).map((q) => {
        const requirement = C.object(q);
        const verdict = ["met", "short", "undecided"].includes(requirement.verdict) ? requirement.verdict : "undecided";
        const of = C.number(requirement.of);
        const seen = of === 0 ? 0 : C.number(requirement.successes) / of;
        return [C.text(requirement.requirement), `${(100 * C.number(requirement.required)).toFixed(1)}% of ${C.text(requirement.counts)}`,
          `${(100 * seen).toFixed(1)}% (${C.number(requirement.successes).toLocaleString("en")} of ${of.toLocaleString("en")})`,
          Inspector.CoverageView.badge(verdict, verdict)];
      });
      parts.push(Inspector.CoverageView.table("Coverage requirements and their verdicts", ["Requirement", "Required", "Measured", "Verdict"], rows, "coverage-requirements"));
    }

    const never = C.list(states.neverReached).map(C.text);
    parts.push(heading("Never reached"));
    if (never.length === 0) {
      parts.push(note(from.length === 0 ? "No declared values to reach." : "Every declared value of an enum or Bool was reached."));
    } else {
      const list = document.createElement("ul");
      list.id = "coverage-never";
      list.setAttribute("aria-label", "Declared values never reached");
      for (const value of never.slice(0, this.rowLimit)) list.appendChild(Object.assign(document.createElement("li"), { textContent: value }));
      parts.push(list);
      if (never.length > this.rowLimit) parts.push(note(`${(never.length - this.rowLimit).toLocaleString("en")} more not drawn.`));
    }

    const listed = C.list(states.listed);
    if (listed.length > 0) {
      const most = Math.max(1, ...listed.slice(0, this.rowLimit).map((s) => C.number(C.object(s).steps)));
      const total = listed.reduce((sum, s) => sum + C.number(C.object(s).steps), 0) || 1;
      const rows = listed.slice(0, this.rowLimit).map((s) => {
        const state = C.object(s);
        const steps = C.number(state.steps);
        const bar = document.createElement("span");
        bar.className = "bar";
        bar.setAttribute("aria-hidden", "true");
        const fill = document.createElement("span");
        fill.style.width = `${Math.max(1, Math.round(100 * steps / most))}%`;
        bar.appendChild(fill);
        const share = document.createElement("span");
        share.append(bar, ` ${(100 * steps / total).toFixed(steps / total < 0.001 ? 3 : 1)}%`);
        const leaves = document.createElement("span");
        leaves.className = "leaves";
        for (const [path, value] of Object.entries(C.object(state.leaves)).slice(0, 64)) {
          const leaf = document.createElement("code");
          leaf.textContent = `${path}=${C.text(value)}`;
          leaves.append(leaf, " ");
        }
        return [steps.toLocaleString("en"), share, leaves];
      });
      parts.push(heading("States entered"));
      parts.push(Inspector.CoverageView.table("States entered, the most entered first", ["Steps", "Share", "Abstract state"], rows, "coverage-states"));
      const more = listed.length - rows.length + C.number(states.notListed);
      if (more > 0) parts.push(note(`${more.toLocaleString("en")} more states entered, not drawn.`));
    }

    // The rarest transitions: the corners the runs only just reached (the report lists the most
    // taken first).
    const transitions = C.list(states.transitionsListed).slice(0, 1000);
    if (transitions.length > 0) {
      const rarest = transitions.slice(-Math.min(transitions.length, 20)).reverse().map((t) => {
        const transition = C.object(t);
        const cell = (text) => Object.assign(document.createElement("code"), { textContent: C.text(text) });
        return [C.number(transition.steps).toLocaleString("en"), cell(transition.from), cell(transition.case), cell(transition.to)];
      });
      parts.push(heading("Rarest transitions"));
      parts.push(Inspector.CoverageView.table("The rarest transitions, the rarest first", ["Steps", "From", "Action case", "To"], rarest, "coverage-transitions"));
    }

    const cases = C.list(r.cases);
    parts.push(heading("Action cases"));
    const caseRows = cases.slice(0, this.rowLimit).map((c) => {
      const row = C.object(c);
      const generated = C.number(row.generated);
      const name = document.createElement("code");
      name.textContent = C.text(row.case);
      return [generated === 0 ? [name, " ", Inspector.CoverageView.badge("never generated", "short")] : name,
        generated.toLocaleString("en"), C.number(row.accepted).toLocaleString("en"), C.number(row.rejected).toLocaleString("en"),
        C.number(row.changed).toLocaleString("en")];
    });
    parts.push(Inspector.CoverageView.table("Each action case explored", ["Case", "Generated", "Accepted", "Rejected", "Changed the state"], caseRows, "coverage-cases"));
    if (cases.length > this.rowLimit) parts.push(note(`${(cases.length - this.rowLimit).toLocaleString("en")} more cases not drawn.`));
    const effects = C.object(r.effects);
    if (r.effects !== null && r.effects !== undefined) {
      parts.push(note(`Side effects held: ${count(effects.held)}; completed ${count(effects.completed)}, failed ${count(effects.failed)}.`));
    }
    this.body.replaceChildren(...parts);
    this.body.dataset.reports = String(this.reports);
  }

  /// A verdict in words, coloured for meaning: `kind` is met, short or undecided.
  static badge(text, kind) {
    return Object.assign(document.createElement("span"), { className: `badge verdict ${kind}`, textContent: text });
  }

  /// A large figure with its label under it.
  static figure(value, label) {
    const box = document.createElement("span");
    box.className = "figure";
    box.append(Object.assign(document.createElement("strong"), { textContent: value }), " ", Object.assign(document.createElement("span"), { textContent: label }));
    return box;
  }

  /// A table with a caption, header cells, and rows of cells (text or nodes).
  static table(caption, headers, rows, id) {
    const table = document.createElement("table");
    table.id = id;
    table.className = "report-table";
    table.appendChild(Object.assign(document.createElement("caption"), { textContent: caption }));
    const head = table.createTHead().insertRow();
    for (const text of headers) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = text;
      head.appendChild(th);
    }
    const body = table.createTBody();
    for (const cells of rows) {
      const tr = body.insertRow();
      for (const cell of cells) {
        const td = tr.insertCell();
        if (Array.isArray(cell)) td.append(...cell);
        else if (cell instanceof Node) td.appendChild(cell);
        else td.textContent = String(cell);
      }
    }
    return table;
  }
};
