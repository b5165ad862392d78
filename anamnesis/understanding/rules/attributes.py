"""Attaching doses, frequencies, times, severities and lifestyle values to the facts they qualify.

A quantity goes to a fact of the right section in the same sentence: a dose or frequency to
the medication before it when there is one ("Norvasc 5 mg every morning and lisinopril
10 mg"), in Chinese to the nearest ("每天早上吃氨氯地平"); a time to the nearest fact not
separated from it by a comma. Only the sections whose events carry an attribute
(schemas.events.SECTION_ATTRIBUTES) ever receive it.
"""

from __future__ import annotations

import re

from anamnesis.understanding.rules import quantities
from anamnesis.understanding.rules.facts import Fact
from anamnesis.understanding.rules.referring import changed_doses, planned_changes, unstated_at, went_to_dose
from anamnesis.understanding.rules.segment import Clause, Hit
from schemas.events import SECTION_ATTRIBUTES

Span = tuple[int, int, str]

_COUNTED = re.compile(r"time|раз|次|x a|once|twice")
_AGO = re.compile(r"ago|назад|前")
_PAUSES = frozenset(",，;；")
_ATTRIBUTE_CUES = frozenset({"freq", "lsvalue", "when", "sev"})
_WHEN_SECTIONS = frozenset(s for s, names in SECTION_ATTRIBUTES.items() if "when" in names)


def _gap(f: Fact, start: int, end: int) -> int:
    if f.end <= start:
        return start - f.end
    if end <= f.start:
        return f.start - end
    return 0


def _sentence_of(spans: list[tuple[int, int, bool]], pos: int) -> int:
    for n, (s, e, _) in enumerate(spans):
        if s <= pos < e:
            return n
    return -2


class _Attacher:
    """The facts that can take attributes, and the attribute cues of the message by category."""

    def __init__(
        self, facts: list[Fact], norm: str, hits: list[Hit], spans: list[tuple[int, int, bool]], lang: str
    ) -> None:
        self.norm = norm
        self.hits = hits
        self.spans = spans
        self.lang = lang
        self.facts = [f for f in facts if f.sentence >= 0 and f.end > f.start]
        self.by_cat: dict[str, list[Span]] = {}
        for s, e, lex in hits:
            if lex.cat in _ATTRIBUTE_CUES:
                self.by_cat.setdefault(lex.cat, []).append((s, e, lex.value))

    def paused(self, f: Fact, start: int, end: int) -> bool:
        """A comma or semicolon between the fact and the span."""
        lo, hi = (f.end, start) if f.end <= start else (end, f.start)
        return any(ch in _PAUSES for ch in self.norm[lo:hi])

    def sentence_of(self, pos: int) -> int:
        return 0 if len(self.spans) == 1 else _sentence_of(self.spans, pos)

    def owner(self, section: str, start: int, end: int, *, before_first: bool) -> Fact | None:
        """The fact of ``section`` a span at (start, end) qualifies."""
        sentence = self.sentence_of(start)
        same = [f for f in self.facts if f.section == section and f.sentence == sentence]
        if len(same) <= 1:
            return same[0] if same else None
        if before_first and self.lang != "zh":
            before = [f for f in same if f.end <= start]
            if before:
                return max(before, key=lambda f: f.end)
        return min(same, key=lambda f: (self.paused(f, start, end), _gap(f, start, end), f.start > start))

    def cues(self, cat: str) -> list[Span]:
        return list(self.by_cat.get(cat, ()))


def _freq_rank(value: str) -> int:
    """A counted frequency says more than a time of day, which says more than "daily"."""
    if value in ("daily", "occasionally"):
        return 0
    return 2 if any(w in value for w in ("once", "twice", "times", "every ", "other")) else 1


def attach(
    facts: list[Fact],
    norm: str,
    hits: list[Hit],
    spans: list[tuple[int, int, bool]],
    lang: str,
    digits: bool,
    parts: list[Clause],
) -> None:
    """Attach every quantity of the message; ``digits``: the message has a digit. A dose in a clause
    that states nothing of the user's own (a question, a plan, someone else: ``parts``) is no
    dose of theirs."""
    if not facts:
        return
    at = _Attacher(facts, norm, hits, spans, lang)
    if not at.facts:
        return
    if not (digits or at.by_cat or _AGO.search(norm) or any(f.section == "lifestyle" for f in at.facts)):
        return  # nothing to attach: no number, no frequency, time or severity word
    sections = {f.section for f in at.facts}
    timed = not sections.isdisjoint(_WHEN_SECTIONS)
    doses = quantities.doses(norm) if digits and ("medications" in sections or timed) else []
    if "medications" in sections:
        plans = planned_changes(norm, lang)
        for s, e, value in doses:
            if unstated_at(parts, s) or any(ps <= s < pe for ps, pe in plans):
                continue
            target = at.owner("medications", s, e, before_first=True)
            if target is not None:
                target.put("dose", value)
        _bare_doses(at.facts, norm, hits)
        _changed_doses(at, norm, hits, lang, parts)
        if lang != "en":
            _vitamin_d_in_iu(at.facts, hits)
    if "lifestyle" in sections:
        _lifestyle_values(at, norm)
    if "medications" in sections or "lifestyle" in sections:
        _frequencies(at, norm)
    if timed:
        _times(at, norm, digits, doses)
    if "symptoms" in sections and "sev" in at.by_cat:
        for s, e, value in at.by_cat["sev"]:
            target = at.owner("symptoms", s, e, before_first=False)
            if target is not None:
                target.put("severity", value, replace=False)


#: A number right after a drug's name with no unit ("prilosec 20", "лозап 50", "格列美脲，2"):
#: what follows must not make it a count ("по 1 таб", "2 капс"), an age, a time or a measurement.
_BARE_DOSE = re.compile(
    r"\s*[,:，：]?\s*(?:(?:до|по|to)\s+)?(\d+(?:[.,]\d+)?)"
    r"(?!\d|[.,]\d|[/:]|\s*(?:%|x\b|times|time|раз|次|片|粒|颗|岁|лет|год|years?"
    r"|kg|кг|cm|см|mm|мм|puffs?|впрыс|вдох|喷|tabs?|tablets?|таб|капс|caps|pills?|days?|дн|天|周|weeks?|недел|h\b|ч\b"
    # a time is no dose: "citalopram 2 yrs ago", "омез 3 мес", "二甲双胍 2年"
    r"|yrs?\b|y\b|wks?\b|months?|mos?\b|mths?\b|hours?|hrs?\b|min|ago\b|мес|час|мин|年|个月|月|小时|分钟))"
)


#: ATC groups dosed in micrograms, and the smallest bare number that is micrograms for each: a
#: thyroid hormone or iodide always ("эутирокс 75", "йодомарин 200"); an inhaled steroid from 50
#: ("clenil 100", "фликсотид 125"; oral budesonide "3" is mg); vitamin B12 from 50 ("500"); folic
#: acid from 100 ("400", where "5" is mg); an estrogen from 25 (a patch "evorel 50"; tablets "2" mg).
_MCG_FROM: tuple[tuple[str, float], ...] = (
    ("ATC:H03AA", 0),
    ("ATC:H03CA", 0),
    ("ATC:R03BA", 50),
    ("ATC:R03AK", 50),
    ("ATC:B03BA", 50),
    ("ATC:B03BB", 100),
    ("ATC:G03CA", 25),
)


def _default_unit(codes: tuple[str, ...], value: float) -> str:
    """The unit a dose of this drug is said in when the user leaves it out (by its ATC class and,
    for a drug dosed in micrograms in one form and milligrams in another, by the number's size)."""
    if any(c.startswith("ATC:A10A") for c in codes):
        return "units"  # insulins
    if any(c.startswith(group) and value >= least for c in codes for group, least in _MCG_FROM):
        return "mcg"
    return "mg"


#: Vitamin D (colecalciferol, ergocalciferol) is dosed in international units: its Russian
#: "2000 ед" and Chinese "800单位" are IU (English "1000 units" says units, and keeps them).
_IN_IU = ("ATC:A11CC01", "ATC:A11CC05")


def _vitamin_d_in_iu(facts: list[Fact], hits: list[Hit]) -> None:
    """A vitamin D dose said in "units" is in international units."""
    for fact in facts:
        dose = fact.attrs.get("dose", "") if fact.section == "medications" else ""
        if not dose.endswith(" units"):
            continue
        codes = next((lex.term.codes for s, _, lex in hits if lex.term is not None and s == fact.start), ())
        if any(c in _IN_IU for c in codes):
            fact.put("dose", dose.removesuffix(" units") + " IU")


def _bare_doses(facts: list[Fact], norm: str, hits: list[Hit]) -> None:
    """A dose said without its unit, right after the drug's name, in that drug's usual unit."""
    for fact in facts:
        if fact.section != "medications" or "dose" in fact.attrs or fact.status != "active":
            continue
        m = _BARE_DOSE.match(norm, fact.end)
        if m is None:
            continue
        value = quantities.number(m.group(1).replace(",", "."))
        if value is None or not 0 < value <= 3000 or (value >= 1900 and value.is_integer()):
            continue
        codes = next((lex.term.codes for s, e, lex in hits if lex.term is not None and s <= fact.start < e), ())
        fact.put("dose", f"{quantities.fmt(value)} {_default_unit(codes, value)}")


def _changed_doses(at: _Attacher, norm: str, hits: list[Hit], lang: str, parts: list[Clause]) -> None:
    """ "代文加到160", "来得时加到了24个单位", "put the keppra up to 750": the dose a change verb gives is the
    named drug's dose now, whatever other dose the sentence says ("每三天加2个单位 现在加到18个了");
    said without a unit, it is in the drug's usual unit."""
    changes = changed_doses(norm, lang)
    if lang == "en":
        changes += [w for f in at.facts if f.section == "medications" and (w := went_to_dose(norm, f.end))]
    for s, e, dose in changes:
        if unstated_at(parts, s):
            continue  # "можно поднять до 20 мг?", "能不能加到10mg？": asked, not done
        target = at.owner("medications", s, e, before_first=True)
        if target is None or target.status != "active":
            continue
        if " " not in dose:
            codes = next((lex.term.codes for hs, _, lex in hits if lex.term is not None and hs == target.start), ())
            dose = f"{dose} {_default_unit(codes, quantities.number(dose) or 0)}"
        target.put("dose", dose)


def _frequencies(at: _Attacher, norm: str) -> None:
    found = at.cues("freq")
    if not any(_freq_rank(v) == 2 for _, _, v in found) and _COUNTED.search(norm):
        found += quantities.frequencies(norm)
    found.sort(key=lambda f: (f[0], f[0] - f[1]))
    ranks: dict[int, int] = {}
    last_end = -1
    for s, e, value in found:
        if s < last_end:
            continue  # inside a longer frequency already taken
        last_end = e
        target = at.owner("medications", s, e, before_first=True) or at.owner("lifestyle", s, e, before_first=False)
        if target is None:
            continue
        rank = _freq_rank(value)
        if rank > ranks.get(id(target), -1):
            target.put(
                "frequency" if target.section == "medications" else "value",
                value,
                replace=target.section == "medications" or id(target) in ranks,
            )
            ranks[id(target)] = rank


def _lifestyle_values(at: _Attacher, norm: str) -> None:
    for s, e, value in at.cues("lsvalue"):
        target = at.owner("lifestyle", s, e, before_first=False)
        if target is not None:
            target.put("value", value)
    for f in at.facts:
        if f.section != "lifestyle":
            continue
        start, end, _ = at.spans[f.sentence]
        if f.entity == "smoking":
            count = quantities.cigarettes(norm[start:end])
            if count:
                daily = any(lex.cat == "freq" and start <= s < end for s, _, lex in at.hits)
                f.put("value", f"{count} daily" if daily else count)
        elif f.entity == "sleep":
            f.put("value", quantities.sleep_hours(norm[start:end]), replace=False)


def _times(at: _Attacher, norm: str, digits: bool, doses: list[Span]) -> None:
    found = at.cues("when")
    if digits or _AGO.search(norm):
        found += quantities.times(norm, doses)
    if not found:
        return
    for f in at.facts:
        options = found if len(at.spans) == 1 else [o for o in found if at.sentence_of(o[0]) == f.sentence]
        if options:
            s, e, value = min(options, key=lambda o: (at.paused(f, o[0], o[1]), _gap(f, o[0], o[1])))
            f.put("when", value)
