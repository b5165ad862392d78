"""The eval's gate: the issue's bars on the gold set and MTS-Dialog, the floors on the unseen set."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from anamnesis.evaluation.figures import Obs, by_lang, prf, ratio
from schemas.langs import LANGS


@dataclass(frozen=True, slots=True)
class Bar:
    """One figure the issue sets a bar for; ``value`` is ``None`` when it could not be measured."""

    name: str
    value: float | None
    threshold: float
    #: ``>=``: the figure must reach the threshold; ``<=``: it must not exceed it (a count).
    op: str
    detail: str = ""
    #: False when the set it belongs to was not run (no MTS-Dialog here): shown, never gated.
    evaluated: bool = True

    @property
    def passed(self) -> bool:
        if self.value is None:
            return False
        return self.value >= self.threshold if self.op == ">=" else self.value <= self.threshold


FACT_F1_BAR = 0.90
NEGATION_BAR = 0.95
#: Gold queries whose relevant facts the context block must return (the read path's recall).
CONTEXT_RECALL_BAR = 0.95
MTS_PRESENCE_BAR = 0.90
MTS_NAMED_BAR = 0.80
#: Issue 11's targets on data nobody tuned on (the blind set): reported, not reached yet.
UNSEEN_FACT_F1_BAR = 0.92
UNSEEN_NEGATION_BAR = 0.95
UNSEEN_STATUS_BAR = 0.92
UNSEEN_DOSE_BAR = 0.90
#: The gate on the unseen (test) set: floors a little under the figures measured when they were
#: last raised, so a change that loses generalization fails. Raise them when the figures rise;
#: never lower them to pass. Set anew on 2026-12-05 (eleventh session) because the set grew: blind
#: batch 10 (25 dialogues per language, written and second-read that session) joined batches 2, 7
#: and 8, so the test set is 375 dialogues and 759 checked turns, never read nor measured while
#: tuning. On it the session's start (b8a226a, RULES_VERSION 24) gave F1 en 0.816 / ru 0.814 /
#: zh 0.770, negation 0.547, status 0.930, dose 0.950, 90 turns with a forbidden fact; the merged
#: tree (RULES_VERSION 25) 0.819 / 0.821 / 0.781, 0.562, 0.932, 0.953, 85. The twelfth session's
#: merged tree (RULES_VERSION 26) 0.824 / 0.826 / 0.777, 0.570, 0.932, 0.953, 88; a merge that fell
#: under the zh floor (vocab12-zh, 0.776 after 0.781) was reverted, not the floor lowered. The
#: thirteenth session's merged tree (RULES_VERSION 27) 0.828 / 0.827 / 0.779, 0.575, 0.934, 0.953,
#: 85; two merges that fell under the zh floor were cut back (vocab12-zh's forms again, 0.773;
#: extra13's hypo signs, 0.775), not the floor lowered. The fourteenth session's merged tree
#: (RULES_VERSION 28) 0.828 / 0.826 / 0.780, 0.578, 0.934, 0.953, 85. The fifteenth session's
#: (RULES_VERSION 29 to 32) 0.831 / 0.827 / 0.782, 0.583, 0.935, 0.953, 84.
#: The sixteenth session's (RULES_VERSION 33 to 39) 0.834 / 0.828 / 0.795, 0.605, 0.933, 0.953, 81.
#: The seventeenth session's (RULES_VERSION 40) 0.841 / 0.828 / 0.795, 0.625, 0.933, 0.953, 74.
#: On 2026-12-06 (eighteenth session) batches 2, 7 and 8 were relabelled by CONTRACT §2 (abnormal
#: lab results are diagnoses findings, 52 events; `../data/blind/README.md`), leaving 749 checked
#: turns: the start (84f48f1, RULES_VERSION 40) gave 0.836 / 0.815 / 0.788, 0.625, 0.933, 0.953,
#: 74 on the new labels, the merged tree (RULES_VERSION 41) 0.844 / 0.826 / 0.804, 0.628, 0.932,
#: 0.953, 74 (two changes that fell under a floor were taken out, not the floors lowered: heal23's
#: recovery over every complaint, one forbidden turn; names24's glyceryl trinitrate for
#: nitroglycerin, ru F1 0.822 and negation 0.623). The nineteenth session's (RULES_VERSION 42)
#: 0.848 / 0.828 / 0.807, 0.633, 0.935, 0.953, 73; that session's helpers ran tests/test_eval_bars.py
#: (which prints these figures) while tuning, so a few of its changes were cut back by this gate's
#: pass or fail: the floors still only rise. The twentieth session's (RULES_VERSION 44, its helpers
#: told never to run this gate) 0.856 / 0.835 / 0.815, 0.649, 0.938, 0.956, 71; one branch that
#: raised the forbidden count to 78 (names26) was left out, not the ceiling raised, and one whose
#: tests broke beside the others (symp26) was taken back out. The twenty-first session's
#: (RULES_VERSION 45 and 46) 0.857 / 0.839 / 0.816, 0.649, 0.939, 0.956, 70; one branch that raised the
#: forbidden count to 73 alone and 72 beside the others (dx27) was left out, not the ceiling raised.
#: The twenty-second session's (RULES_VERSION 47) 0.861 / 0.841 / 0.816, 0.653, 0.938, 0.959, 70.
#: The twenty-third session's (RULES_VERSION 48) 0.861 / 0.844 / 0.818, 0.653, 0.938, 0.959, 70; a
#: change that lowered the negation figure under its floor (dx29's ruled-out move in Chinese, 0.647)
#: and one that added a forbidden turn (symp29's reported-by, 71) were left out, not the floors moved.
#: The twenty-fourth session's (RULES_VERSION 49 and 50) 0.864 / 0.848 / 0.818, 0.653, 0.939, 0.959, 69; one
#: change that alone raised the forbidden count to 71 (dx30's total-cholesterol finding) was left out,
#: not the ceiling raised.
#: The twenty-fifth session's (RULES_VERSION 51 and 52) 0.867 / 0.850 / 0.820, 0.661, 0.939, 0.959, 68; a
#: change that alone added a forbidden turn ("X said I ..." in the past in English, 70) was cut to the
#: present, one the gold set contradicts (a Chinese complaint opening a question) taken out, and
#: one kept on a side branch (instrumented diagnostics as operations, 72), not the floors moved.
#: The twenty-sixth session's (RULES_VERSION 53, 54) 0.867 / 0.852 / 0.822, 0.664, 0.939, 0.959, 66; the
#: halves of two branches that fell under a floor were left out, not the floors moved: the readings
#: of labs26 (zh 0.816, 72 forbidden turns) and the renames of vocab26 to the tuned labels' names
#: (ru 0.844) with glyceryl trinitrate (negation 0.656).
#: The twenty-seventh session relabelled the test batches to the conventions page (132 labels in 100
#: dialogues, `data/blind/RELABEL-conventions.md`), a change of the measure, not of the rules: the
#: start (RULES_VERSION 54) gave 0.867 / 0.852 / 0.822, 0.664, 0.939, 0.959, 66 on the old labels and
#: 0.884 / 0.847 / 0.831, 0.695, 0.942, 0.959, 74 on the new; the floors below restart from the new
#: figures, 0.003 under each, as before. The session's merged tree (RULES_VERSION 55) 0.888 / 0.857 /
#: 0.835, 0.700, 0.946, 0.962, 73; labs27 in place of labs26 was left out (zh 0.833, negation 0.698).
#: The twenty-eighth session's (RULES_VERSION 56) 0.889 / 0.860 / 0.837, 0.698, 0.947, 0.962, 73; parts
#: of branches under a floor were cut, not the floors moved: a question's "like" examples (negation
#: 0.697), the Russian stop of "его" past an adverb (dose 0.958), graves' disease with an apostrophe
#: (ru 0.854). The negation floor stays (0.698 - 0.003 would lower it).
#: The twenty-ninth session's (RULES_VERSION 57) 0.891 / 0.862 / 0.837, 0.704, 0.948, 0.962, 71; every
#: branch was gated alone and passed (names29 alone moved status to 0.946, the merged tree 0.948).
#: The thirtieth session's (RULES_VERSION 58) 0.891 / 0.863 / 0.837, 0.704, 0.951, 0.962, 70 (one
#: Russian label renamed to the conventions page's name: 0.862 before it); RULES_VERSION 59 (the
#: safety review's removals, labs30's findings rows) 0.891 / 0.864 / 0.837, 0.704, 0.948, 0.962, 70; one
#: branch was left out, not the floors moved: labs30's blood-pressure findings (alone zh 0.834,
#: negation 0.701, 73 forbidden turns). The ru floor raised to 0.003 under its figure; status was 0.951
#: until a safety review took out course30's finished-course and single-dose stops (wrong stops of
#: long-term drugs), then 0.948: its floor stays 0.945.
#: The thirty-first session's (RULES_VERSION 60) 0.891 / 0.864 / 0.837, 0.704, 0.947, 0.962, 68; every
#: branch was gated alone and passed; safety reviews then took out of the merged tree two versions
#: of one branch (course31, course31b: finished courses, dose changes, a stop's reason, a dash),
#: harm31 (attack denials, "прошла + treatment": with it negation was 0.706) and three of the
#: round's narrower readings, for long-term drugs shown stopped or dropped and denied illnesses
#: shown present. The forbidden ceiling follows the count; the floors stay.
UNSEEN_FLOORS: dict[str, float] = {
    "fact F1 (en)": 0.888,
    "fact F1 (ru)": 0.861,
    "fact F1 (zh)": 0.834,
    "negation accuracy": 0.701,
    "status accuracy": 0.945,
    "dose accuracy": 0.959,
}
#: Turns of the unseen set that may yield a fact where there must be none (the target is 0); a
#: count over the 759 turns of batches 2, 7, 8 and 10.
UNSEEN_FORBIDDEN_CEILING = 68


def dose_obs(obs: Iterable[Obs]) -> list[Obs]:
    """The attribute units that are medication doses (dose accuracy)."""
    return [o for o in obs if o.section == "medications"]


def _against_target(value: float | None, target: float, op: str) -> str:
    reached = value is not None and (value >= target if op == ">=" else value <= target)
    return f"target {op} {target:g} (issue 11) {'reached' if reached else 'not reached'}"


def unseen_bars(blind: Mapping[str, list[Obs]], *, langs: Sequence[str] = LANGS) -> list[Bar]:
    """The unseen set's gate, :data:`UNSEEN_FLOORS` and :data:`UNSEEN_FORBIDDEN_CEILING`; each
    detail says whether issue 11's target (fact F1 ≥ 0.92 per language, negation ≥ 0.95, status
    ≥ 0.92, dose ≥ 0.90, no fact where there must be none) is reached."""
    out: list[Bar] = []
    facts = by_lang(blind["facts"])
    for lang in langs:
        f = prf(facts.get(lang, []))
        name = f"fact F1 ({lang})"
        detail = f"{_against_target(f.f1, UNSEEN_FACT_F1_BAR, '>=')}; tp {f.tp}, fp {f.fp}, fn {f.fn}"
        out.append(Bar(f"unseen {name}", f.f1, UNSEEN_FLOORS[name], ">=", detail))
    for name, obs, target in (("negation accuracy", blind["negation"], UNSEEN_NEGATION_BAR),
                              ("status accuracy", blind["status"], UNSEEN_STATUS_BAR),
                              ("dose accuracy", dose_obs(blind["attributes"]), UNSEEN_DOSE_BAR)):
        r = ratio(obs)
        detail = f"{_against_target(r.value, target, '>=')}; {r.ok} of {r.total}"
        out.append(Bar(f"unseen {name}", r.value, UNSEEN_FLOORS[name], ">=", detail))
    forb = ratio(blind["forbidden"])
    detail = f"{_against_target(forb.misses, 0, '<=')}; {forb.misses} of {forb.total} turns"
    out.append(Bar("unseen turns with a fact where there must be none", float(forb.misses),
                   UNSEEN_FORBIDDEN_CEILING, "<=", detail))
    return out


def bars(
    gold: Mapping[str, list[Obs]] | None,
    mts: Mapping[str, list[Obs]] | None,
    *,
    blind: Mapping[str, list[Obs]] | None = None,
    langs: Sequence[str] = LANGS,
    mts_missing: str = "MTS-Dialog was not evaluated",
) -> list[Bar]:
    """The issue's bars: gold fact F1 ≥ 0.90 in each language, negation accuracy ≥ 0.95, context
    recall ≥ 0.95, no
    fact from a question / hypothetical / other person; on MTS-Dialog presence ≥ 0.90 and
    named-item recall ≥ 0.80."""
    out: list[Bar] = []
    if gold is not None:
        facts = by_lang(gold["facts"])
        for lang in langs:
            f = prf(facts.get(lang, []))
            detail = f"tp {f.tp}, fp {f.fp}, fn {f.fn}" if facts.get(lang) else f"no {lang} facts in the gold set"
            out.append(Bar(f"gold fact F1 ({lang})", f.f1, FACT_F1_BAR, ">=", detail))
        n = ratio(gold["negation"])
        out.append(Bar("gold negation accuracy", n.value, NEGATION_BAR, ">=", f"{n.ok} of {n.total}"))
        c = ratio(gold.get("context", []))
        if c.total:
            out.append(Bar("gold context recall", c.value, CONTEXT_RECALL_BAR, ">=", f"{c.ok} of {c.total}"))
        forb = ratio(gold["forbidden"])
        detail = f"{forb.misses} of {forb.total} turns" if forb.total else "no tagged dialogue in the gold set"
        out.append(Bar("gold turns with a fact from a question / hypothetical / other person",
                       float(forb.misses) if forb.total else None, 0, "<=", detail))
    else:
        out.append(Bar("gold set", None, 0, ">=", "gold set was not evaluated", evaluated=False))
    if mts is not None:
        p, r = ratio(mts["presence"]), ratio(mts["named"])
        out.append(Bar("MTS presence / confirmed absence", p.value, MTS_PRESENCE_BAR, ">=", f"{p.ok} of {p.total}"))
        out.append(Bar("MTS named-item recall", r.value, MTS_NAMED_BAR, ">=", f"{r.ok} of {r.total}"))
    else:
        out.append(Bar("MTS presence / confirmed absence", None, MTS_PRESENCE_BAR, ">=", mts_missing, False))
        out.append(Bar("MTS named-item recall", None, MTS_NAMED_BAR, ">=", mts_missing, False))
    if blind is not None:
        out += unseen_bars(blind, langs=langs)
    return out
