"""The evaluation report: ``report.md`` (figures, bars, errors) and ``chart.png``."""

from __future__ import annotations

import inspect
import os
from collections import Counter
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path

from anamnesis.evaluation import miss_kinds as miss_kinds_module
from anamnesis.evaluation.bars import (
    FACT_F1_BAR,
    MTS_NAMED_BAR,
    MTS_PRESENCE_BAR,
    NEGATION_BAR,
    UNSEEN_FLOORS,
    Bar,
    dose_obs,
)
from anamnesis.evaluation.chart import Row, write_chart
from anamnesis.evaluation.figures import Obs, by_lang, by_section, errors, prf, ratio
from anamnesis.evaluation.gold import GoldDialogue
from anamnesis.evaluation.gold_scoring import GOLD_METRICS
from anamnesis.evaluation.miss_kinds import KINDS, NEGATION_KINDS, miss_kinds, negation_kinds
from anamnesis.evaluation.mts import PLACEMENT_HEADERS, PRESENCE_HEADERS
from anamnesis.evaluation.mts_scoring import MTS_METRICS
from anamnesis.evaluation.result import EvalResult
from schemas.langs import LANGS
from schemas.sections import SECTIONS

#: Errors listed per figure in the report (the rest are counted).
MAX_ERRORS = 40
CHART_NAME = "chart.png"
REPORT_NAME = "report.md"


def fmt(value: float | None, digits: int = 3) -> str:
    return "n/a" if value is None else f"{value:.{digits}f}"


def _r(obs: Iterable[Obs]) -> str:
    r = ratio(obs)
    return fmt(r.value) if r.total else "–"


def _display(path: Path | None) -> str:
    """A path as the reader would type it from the current directory."""
    if path is None:
        return "–"
    try:
        return os.path.relpath(path.resolve(), Path.cwd().resolve())
    except ValueError:
        return str(path)


def _shown(b: Bar) -> str:
    return fmt(b.value) if b.op == ">=" else ("n/a" if b.value is None else str(int(b.value)))


def _verdict(b: Bar, ok: str, failed: str, skipped: str = "not evaluated") -> str:
    if not b.evaluated:
        return skipped
    return ok if b.passed else failed


# -- chart ----------------------------------------------------------------------------------
def chart_rows(result: EvalResult) -> list[Row]:
    """The figures the chart shows: the bars first, then the other headline figures."""
    rows: list[Row] = []
    g, t = result.gold_scores, result.mts_scores
    if g is not None:
        rows.append(Row("Gold set", group=True))
        facts = by_lang(g["facts"])
        for lang in LANGS:
            f = prf(facts.get(lang, []))
            rows.append(Row(f"fact F1 {lang}", f.f1, FACT_F1_BAR))
        neg = ratio(g["negation"])
        rows.append(Row("negation accuracy", neg.value, NEGATION_BAR))
        forb = ratio(g["forbidden"])
        rows.append(Row("turns w/o forbidden fact", forb.value, 1.0 if forb.total else None,
                        note=f"{forb.misses} bad" if forb.total else ""))
        rows.append(Row("status accuracy", ratio(g["status"]).value))
        rows.append(Row("change-type accuracy", ratio(g["change_type"]).value))
        rows.append(Row("event recall", ratio(g["events"]).value))
        rows.append(Row("section F1 (micro)", prf(g["sections"]).f1))
        rows.append(Row("context recall", ratio(g["context"]).value))
        rows.append(Row("Gold fact F1 by section", group=True))
        sections = by_section(g["facts"])
        for s in SECTIONS:
            if s in sections:
                rows.append(Row(s, prf(sections[s]).f1))
    for title, scores in (("Dev set (tuned, no bars)", result.dev_scores),
                          ("Validation set (unseen, aggregates watched, no bars)", result.validation_scores)):
        if scores is None:
            continue
        rows.append(Row(title, group=True))
        facts = by_lang(scores["facts"])
        for lang in LANGS:
            rows.append(Row(f"fact F1 {lang}", prf(facts.get(lang, [])).f1))
        rows.append(Row("negation accuracy", ratio(scores["negation"]).value))
    b = result.blind_scores
    if b is not None:
        rows.append(Row("Unseen test (blind) set, against its floors", group=True))
        facts = by_lang(b["facts"])
        floors = UNSEEN_FLOORS
        for lang in LANGS:
            rows.append(Row(f"fact F1 {lang}", prf(facts.get(lang, [])).f1, floors[f"fact F1 ({lang})"]))
        rows.append(Row("negation accuracy", ratio(b["negation"]).value, floors["negation accuracy"]))
        rows.append(Row("status accuracy", ratio(b["status"]).value, floors["status accuracy"]))
        rows.append(Row("dose accuracy", ratio(dose_obs(b["attributes"])).value, floors["dose accuracy"]))
    if t is not None:
        rows.append(Row(f"MTS-Dialog {result.split}", group=True))
        rows.append(Row("presence/absence", ratio(t["presence"]).value, MTS_PRESENCE_BAR))
        rows.append(Row("named-item recall", ratio(t["named"]).value, MTS_NAMED_BAR))
        rows.append(Row("placement, other headers", ratio(t["placement"]).value))
    return rows


# -- markdown -------------------------------------------------------------------------------
def _table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return lines


def _gold_row(scores: dict[str, list[Obs]], key: str, pick) -> list[str]:  # noqa: ANN001
    part = {name: pick(obs).get(key, []) for name, obs in scores.items()}
    sec, fac = prf(part["sections"]), prf(part["facts"])
    return [fmt(sec.precision), fmt(sec.recall), fmt(fac.precision), fmt(fac.recall), fmt(fac.f1),
            _r(part["status"]), _r(part["negation"]), _r(part["change_type"]), _r(part["events"]),
            _r(part["attributes"]), _r(part["context"])]


GOLD_COLUMNS = ["section P", "section R", "fact P", "fact R", "fact F1", "status acc", "negation acc",
                "change-type acc", "event recall", "attribute acc", "context recall"]


def _set_sections(title: str, dialogues: list[GoldDialogue], g: dict[str, list[Obs]]) -> list[str]:
    """The detailed figures of one scored set (gold or dev): by language, section and tag."""
    langs = Counter(d.lang for d in dialogues)
    lines = [f"## {title} ({len(dialogues)} dialogues: "
             + ", ".join(f"{n} {lang}" for lang, n in sorted(langs.items())) + ")", ""]
    lines += ["### By language", ""]
    forb = by_lang(g["forbidden"])
    rows = []
    for lang in sorted(langs):
        f = ratio(forb.get(lang, []))
        rows.append([lang, langs[lang], *_gold_row(g, lang, by_lang), f"{f.misses} / {f.total}"])
    f = ratio(g["forbidden"])
    rows.append(["**all**", len(dialogues), *_gold_row(g, "all", lambda obs: {"all": obs}),
                 f"{f.misses} / {f.total}"])
    lines += _table(["lang", "dialogues", *GOLD_COLUMNS, "forbidden-fact turns"], rows)
    lines += ["", "### By section (all languages)", ""]
    rows = [[s, *_gold_row(g, s, by_section)] for s in SECTIONS]
    lines += _table(["section", *GOLD_COLUMNS], rows)
    lines += ["", "### Fact F1 by section and language", ""]
    cells = {}
    for lang, obs in by_lang(g["facts"]).items():
        for s, sobs in by_section(obs).items():
            cells[(s, lang)] = prf(sobs)
    rows = []
    for s in SECTIONS:
        rows.append([s, *(fmt(cells[(s, lang)].f1) if (s, lang) in cells else "–" for lang in sorted(langs))])
    lines += _table(["section", *sorted(langs)], rows)
    tags = Counter(t for d in dialogues for t in d.tags)
    if tags:
        lines += ["", "### By tag", ""]
        rows = []
        for tag, n in sorted(tags.items()):
            ids = {d.id for d in dialogues if tag in d.tags}
            sub = {name: [o for o in obs if o.item in ids] for name, obs in g.items()}
            fac = prf(sub["facts"])
            fo = ratio(sub["forbidden"])
            rows.append([tag, n, fmt(fac.f1), _r(sub["status"]), _r(sub["negation"]), _r(sub["change_type"]),
                         f"{fo.misses} / {fo.total}" if fo.total else "–"])
        lines += _table(["tag", "dialogues", "fact F1", "status acc", "negation acc", "change-type acc",
                         "forbidden-fact turns"], rows)
    return lines


SIDE_BY_SIDE = (
    ("fact F1", lambda s: prf(s["facts"]).f1),
    # Precision beside F1: a vocabulary that grows recall on tuned text can lose it on unseen text.
    ("fact precision", lambda s: prf(s["facts"]).precision),
    ("fact recall", lambda s: prf(s["facts"]).recall),
    ("fact F1 by concept", lambda s: prf(s["concepts"]).f1),
    ("status acc", lambda s: ratio(s["status"]).value),
    ("negation acc", lambda s: ratio(s["negation"]).value),
    ("dose acc", lambda s: ratio(dose_obs(s["attributes"])).value),
    ("change-type acc", lambda s: ratio(s["change_type"]).value),
    ("context recall", lambda s: ratio(s["context"]).value),
)


def _sides(result: EvalResult) -> dict[str, dict[str, list[Obs]]]:
    """The scored sets in report order: tuned (gold, dev), validation, unseen."""
    sides = {"gold": result.gold_scores, "dev": result.dev_scores, "validation": result.validation_scores,
             "unseen": result.blind_scores}
    return {name: scores for name, scores in sides.items() if scores is not None}


def _side_by_side(result: EvalResult) -> list[str]:
    """Tuned (gold, dev), validation and unseen (blind) figures per language and section, next to
    each other: whichever of the sets were scored."""
    sides = _sides(result)
    gold = f"**gold** ({len(result.gold)} dialogues, the set the bars apply to)" if result.gold else ""
    dev = f"**dev** ({len(result.dev)} dialogues, scored apart, no bars)" if result.dev else ""
    tuned = " and ".join(x for x in (gold, dev) if x)
    validation = (
        f" **validation**: {len(result.validation)} dialogues by authors who never saw the rules, never read; "
        "only their aggregate figures were watched while tuning, to keep what generalizes (so they are "
        "no longer a clean test); their errors are not listed." if result.validation else ""
    )
    unseen = (
        f" **unseen**: the blind set, the frozen test ({len(result.blind)} dialogues by authors who never saw "
        "the rules; never read while tuning, not even its aggregates; its errors are not listed in this "
        "report)." if result.blind else ""
    )
    lines = ["## Tuned and unseen, side by side", "",
             (f"**tuned**: {tuned}, whose errors were read while writing rules." if tuned else "")
             + validation + unseen, ""]

    def cells(scores: dict[str, list[Obs]], pick, key: str) -> dict[str, str]:  # noqa: ANN001
        part = {name: pick(obs).get(key, []) for name, obs in scores.items()}
        out = {}
        for label, fn in SIDE_BY_SIDE:
            try:
                out[label] = fmt(fn(part))
            except (KeyError, ZeroDivisionError):
                out[label] = "–"
        f = ratio(part["forbidden"])
        out["forbidden"] = f"{f.misses} / {f.total}"
        return out

    labels = [*(x for x, _ in SIDE_BY_SIDE), "forbidden"]
    header = ["", *[f"{label} {side}" for label in labels for side in sides]]
    for title, keys, pick in (("By language", [*LANGS, "all"], None), ("By section", list(SECTIONS), by_section)):
        rows = []
        for key in keys:
            chooser = pick or (lambda obs, k=key: {"all": obs} if k == "all" else by_lang(obs))
            figures = [cells(scores, chooser, key) for scores in sides.values()]
            rows.append([key, *[f[label] for label in labels for f in figures]])
        lines += [f"### {title}", ""] + _table(header, rows) + [""]
    return lines


def _miss_kind_section(result: EvalResult) -> list[str]:
    """Where each set's fact errors are, by kind (:mod:`~anamnesis.evaluation.miss_kinds`): counts
    only, so the sets whose errors are never listed can be shown too."""
    sets = {"gold": result.gold, "dev": result.dev, "validation": result.validation, "unseen": result.blind}
    lines = ["### Where the fact errors are", "",
             *(inspect.getdoc(miss_kinds_module) or "").splitlines(), "",
             "Counts per language (en / ru / zh):", ""]
    lines += _kind_table({name: miss_kinds(ds, result.predictions) for name, ds in sets.items() if ds}, KINDS)
    lines += ["", "The negation figure's misses, per language (en / ru / zh):", ""]
    negations = {name: negation_kinds(ds, result.predictions) for name, ds in sets.items() if ds}
    return lines + _kind_table(negations, NEGATION_KINDS) + [""]


def _kind_table(counts: dict[str, Counter[tuple[str, str]]], kinds: tuple[str, ...]) -> list[str]:
    """One row per kind, one column per set, each cell the counts of the three languages."""
    rows = [[kind, *(" / ".join(str(c[(lang, kind)]) for lang in LANGS) for c in counts.values())] for kind in kinds]
    return _table(["kind", *counts], rows)


def _mts_sections(result: EvalResult) -> list[str]:
    assert result.mts is not None and result.mts_scores is not None
    t = result.mts_scores
    lines = [f"## MTS-Dialog, {result.split} split ({len(result.mts)} rows with a measured header)", ""]
    presence = {h: [o for o in t["presence"] if o.tags == (h,)] for h in PRESENCE_HEADERS}
    named = {h: [o for o in t["named"] if o.tags == (h,)] for h in PRESENCE_HEADERS}
    rows = []
    for header, section in PRESENCE_HEADERS.items():
        ds = [d for d in result.mts if d.header == header]
        ev = [d for d in ds if d.evaluable]
        exp = Counter(d.expectation for d in ev)
        p, n = ratio(presence[header]), ratio(named[header])
        rows.append([header, section, len(ds), len(ev), exp["absent"], exp["present"], exp["unknown"],
                     f"{fmt(p.value)} ({p.ok}/{p.total})" if p.total else "–",
                     f"{fmt(n.value)} ({n.ok}/{n.total})" if n.total else "–"])
    p, n = ratio(t["presence"]), ratio(t["named"])
    rows.append(["**all**", "", sum(r[2] for r in rows), sum(r[3] for r in rows), sum(r[4] for r in rows),
                 sum(r[5] for r in rows), sum(r[6] for r in rows), f"{fmt(p.value)} ({p.ok}/{p.total})",
                 f"{fmt(n.value)} ({n.ok}/{n.total})"])
    lines += _table(["header", "section", "rows", "with a patient turn", "expect absent", "expect present",
                     "expect nothing", "presence / absence", "named-item recall"], rows)
    lines += ["", "Section placement of the other headers (informational: at least one fact in one of the "
              "header's sections):", ""]
    rows = []
    for header, sections in PLACEMENT_HEADERS.items():
        ds = [d for d in result.mts if d.header == header]
        obs = [o for o in t["placement"] if o.tags == (header,)]
        r = ratio(obs)
        shown = f"{fmt(r.value)} ({r.ok}/{r.total})" if r.total else "–"
        rows.append([header, ", ".join(sections), len(ds), r.total, shown])
    lines += _table(["header", "sections", "rows", "with a patient turn", "placement"], rows)
    skipped = [d for d in result.mts if d.section and (not d.evaluable or d.expectation == "unknown")]
    if skipped:
        lines += ["", "Rows of the presence headers left out of the presence figure:", ""]
        for d in skipped:
            why = "no Patient turn (only the doctor, a clinician or a family member speaks)" if not d.evaluable \
                else "the reference does not say (" + repr(d.section_text[:60]) + ")"
            lines.append(f"- `{d.user_id}` {d.header}: {why}")
    return lines


def _definitions() -> list[str]:
    lines = ["## How each figure is computed", ""]
    scorers = [(label, fn) for fn, _, label in GOLD_METRICS.values()] + [
        (f"MTS {label}", fn) for fn, label in MTS_METRICS.values()]
    for label, fn in scorers:
        doc = " ".join((inspect.getdoc(fn) or "").split())
        lines.append(f"- **{label}** (`{fn.__name__}`): {doc}")
    lines += ["", "Figures are micro-averaged (counts summed over dialogues, then divided); "
              "`n/a` means an empty denominator."]
    return lines


def _error_sections(result: EvalResult) -> list[str]:
    lines = ["## Errors", "", f"Every unit that counts against a figure (first {MAX_ERRORS} per figure).", ""]
    groups: list[tuple[str, list[Obs]]] = []
    for side, scores in (("gold", result.gold_scores), ("dev", result.dev_scores)):
        if scores is not None:
            groups += [(f"{side}: {label}", scores[name]) for name, (_, _, label) in GOLD_METRICS.items()
                       if name != "concepts"]  # its errors are the facts' own, with names folded
    if result.mts_scores is not None:
        groups += [(f"MTS: {label}", result.mts_scores[name]) for name, (_, label) in MTS_METRICS.items()]
    for label, obs in groups:
        errs = errors(obs)
        lines += [f"### {label}: {len(errs)}", ""]
        for o in errs[:MAX_ERRORS]:
            lines.append(f"- `{o.item}` {o.outcome}: {o.detail}".replace("|", "\\|"))
        if len(errs) > MAX_ERRORS:
            lines.append(f"- … and {len(errs) - MAX_ERRORS} more")
        lines.append("")
    return lines


def render_markdown(result: EvalResult, *, command: str, chart: str | None = CHART_NAME) -> str:
    now = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    s = result.seconds
    lines = [
        "# anamnesis evaluation",
        "",
        f"Produced by `{command}` on {now}, backend `{result.backend}`, "
        f"in {s.get('total', 0):.1f} s (pipeline {s.get('pipeline', 0):.1f} s, read API {s.get('api', 0):.1f} s).",
        "",
        "Inputs: tuned: gold `" + _display(result.gold_dir) + "`"
        + (f" and dev `{_display(result.dev_dir)}`" if result.dev is not None else "")
        + (f", validation `{_display(result.validation_dir)}`" if result.validation is not None else "")
        + (f", blind (unseen test) `{_display(result.blind_dir)}`" if result.blind is not None else "")
        + (f", MTS-Dialog `{_display(result.mts_dir)}` ({result.split})" if result.mts is not None
           else f"; {result.mts_note}")
        + ". Each dialogue is one user; the whole backfill job runs over them, then the read API "
          "answers each gold query.",
        "",
        "## Bars",
        "",
    ]
    lines += ["The gate (`anamnesis eval --check`, tests/test_eval_bars.py): the bars on the gold set and "
              "MTS-Dialog, the floors on the unseen (test) set. The dev and validation sets have no bars.", ""]
    rows = []
    for b in result.bars:
        rows.append([b.name, _shown(b), f"{b.op} {b.threshold:g}", _verdict(b, "pass", "**FAIL**"), b.detail])
    lines += _table(["figure", "value", "bar", "", "detail"], rows)
    if chart:
        lines += ["", f"![evaluation chart]({chart})"]
    lines.append("")
    if len(_sides(result)) > 1:
        lines += _side_by_side(result) + _miss_kind_section(result)
    if result.gold is not None and result.gold_scores is not None:
        lines += _set_sections("Gold set", result.gold, result.gold_scores) + [""]
    if result.dev is not None and result.dev_scores is not None:
        lines += _set_sections("Dev set (tuned, no bars)", result.dev, result.dev_scores) + [""]
    if result.mts is not None:
        lines += _mts_sections(result) + [""]
    lines += _definitions() + [""]
    lines += _error_sections(result)
    return "\n".join(lines).rstrip() + "\n"


#: The per-language figures of the summary: (label, score key) after fact P/R/F1.
_GOLD_FIGURES = (("status", "status"), ("negation", "negation"), ("change type", "change_type"),
                 ("context recall", "context"))
_UNSEEN_FIGURES = (("status", "status"), ("negation", "negation"), ("dose", "attributes"),
                   ("forbidden", "forbidden"))


def _figure(scores: dict[str, list[Obs]], key: str, lang: str) -> str:
    obs = by_lang(scores[key]).get(lang, [])
    if key == "attributes":
        return _r(dose_obs(obs))
    if key == "forbidden":
        return str(ratio(obs).misses)
    return _r(obs)


def _per_language_lines(label: str, scores: dict[str, list[Obs]], figures: tuple[tuple[str, str], ...]) -> list[str]:
    """One summary line per language: fact P/R/F1, then ``figures``."""
    lines = []
    for lang, obs in sorted(by_lang(scores["facts"]).items()):
        f = prf(obs)
        shown = ", ".join(f"{name} {_figure(scores, key, lang)}" for name, key in figures)
        lines.append(f"      {label} {lang}: fact P {fmt(f.precision)} R {fmt(f.recall)} F1 {fmt(f.f1)}, {shown}")
    return lines


def summary_lines(result: EvalResult) -> list[str]:
    """A short plain-text summary: the gate's bars, then fact F1 per language of each set."""
    lines = []
    for b in result.bars:
        verdict = _verdict(b, "PASS", "FAIL", "SKIP")
        lines.append(f"{verdict}  {b.name}: {_shown(b)} (bar {b.op} {b.threshold:g}; {b.detail})")
    if result.gold_scores is not None:
        lines += _per_language_lines("gold", result.gold_scores, _GOLD_FIGURES)
    if result.dev_scores is not None:
        lines += _per_language_lines("dev", result.dev_scores, _GOLD_FIGURES)
    if result.validation_scores is not None:
        lines += _per_language_lines("validation", result.validation_scores, _UNSEEN_FIGURES)
    if result.blind_scores is not None:
        lines += _per_language_lines("unseen", result.blind_scores, _UNSEEN_FIGURES)
    lines.append(f"      {result.seconds.get('total', 0):.1f} s, backend {result.backend}")
    return lines


def write_report(result: EvalResult, out_dir: Path, *, command: str) -> tuple[Path, Path]:
    """Write ``report.md`` and ``chart.png`` into ``out_dir``; return their paths."""
    out_dir.mkdir(parents=True, exist_ok=True)
    title = f"anamnesis eval - {result.backend}"
    chart = write_chart(chart_rows(result), out_dir / CHART_NAME, title=title)
    report = out_dir / REPORT_NAME
    report.write_text(render_markdown(result, command=command, chart=CHART_NAME), encoding="utf-8")
    return report, chart
