"""Complaints a message says are over in the words of what works again, naming no complaint.

"burning's gone, peeing normally again", "сплю теперь нормально, аппетит вернулся", "脚已经消肿了":
the patient tells the end of dysuria, insomnia or a swollen ankle by the function or the part that
is fine again. The forms are data (``data/back_to_normal.tsv``), each with the complaints it can
end. A listed complaint named earlier in the same message is over ("口干…停了就不干了"); the others
are proposed as held-only events (``^dysuria``) that the fold resolves to the complaint when the
user holds it and drops otherwise (:func:`anamnesis.facts.anaphora.held`), so the words never
make up a complaint the user did not have.
"""

from __future__ import annotations

import re
from functools import cache

from anamnesis.terminology.text import normalise
from anamnesis.terminology.tsv import read_rows
from anamnesis.understanding.rules.facts import Fact, status_for
from anamnesis.understanding.rules.gate import Gated, Literals
from anamnesis.understanding.rules.lexicon import BACK_TO_NORMAL_FILE as FORMS_FILE
from anamnesis.understanding.rules.segment import Clause, last_question
from schemas.sections import LAST_DISCUSSED, PRESENT_STATUS

_LANGS = ("en", "ru", "zh")
_SECTION = "symptoms"
#: A listed name that ends a diagnosis, not a complaint: "diagnoses:helicobacter pylori infection"
#: (a negative retest, "复查吹气阴性了", ends the infection it tested).
_OTHER_SECTION = re.compile(r"^(diagnoses|injuries):(.+)$")
#: What opens a form's quantified or grouped part: the literal before it is the gate's proof.
_META = re.compile(r"[\\()\[\]{}?*+|.^$]")
#: A word script's form starts and ends at word edges ("flow" is not "overflow").
_WORD_EDGES = {"en": (r"(?<![\w'])", r"(?![\w'])"), "ru": (r"(?<![а-яa-z])", r"(?![а-яa-z])"), "zh": ("", "")}
#: A denial just before the form: the complaint goes on ("not sleeping well", "не сплю нормально", "没睡好").
_DENIED_BEFORE = {
    "en": re.compile(r"(?:\b(?:not|never|hardly|barely|no longer)|n't|nt)\s+(?:\w+\s+)?$"),
    "ru": re.compile(r"(?<![а-я])(?:не|нет|ни)\s+$"),
    "zh": re.compile(r"[不没未别]$"),
}
#: A Chinese question right after the form ("能睡着了吗").
_ZH_ASKED_AFTER = re.compile(r"\s*(?:吗|么|嘛|没有|没|[?？])")
#: A Chinese comparative right after the form: the function is better, not back ("睡得好点了",
#: "睡得好一些了", "睡得好多了"), so the complaint is still there. English and Russian put "better" in
#: words no form holds ("sleeping better", "сплю получше"); "most nights" is back, as the labels read it.
_ZH_IMPROVED_AFTER = re.compile(r"(?:一)?(?:点|些)(?:儿)?|多了")


class _Form:
    """One row's forms in one language: the pattern and the complaints it ends."""

    __slots__ = ("pattern", "sections", "symptoms")

    def __init__(self, pattern: re.Pattern[str], symptoms: tuple[tuple[str, str], ...]) -> None:
        self.pattern = pattern
        #: (section, name) of each thing the words end
        self.symptoms = symptoms
        self.sections = frozenset(section for section, _ in symptoms)


def _listed(name: str) -> tuple[str, str]:
    """(section, name) of one listed name: a complaint, or a diagnosis written "diagnoses:name"."""
    m = _OTHER_SECTION.match(name)
    return (m[1], m[2]) if m else (_SECTION, name)


def _literal(form: str) -> str:
    """The literal a form opens with (its gate word): up to the first pattern character, less a
    last letter a quantifier makes optional ("legs?" is proved by "leg")."""
    m = _META.search(form)
    head = form if m is None else form[: m.start()]
    if m is not None and m.group() in "?*{" and head:
        head = head[:-1]
    head = head.strip()
    if not head:
        raise ValueError(f"{FORMS_FILE.name}: form {form!r} opens with no literal word")
    return head


@cache
def _forms() -> dict[str, tuple[tuple[_Form, ...], Gated]]:
    """Per language: every row's pattern and one gate over all their opening literals."""
    rows: dict[str, list[_Form]] = {lang: [] for lang in _LANGS}
    literals: dict[str, set[str]] = {lang: set() for lang in _LANGS}
    for line_no, row in read_rows(FORMS_FILE, ("symptoms", *_LANGS)):
        symptoms = tuple(_listed(s.strip()) for s in row["symptoms"].split("|") if s.strip())
        if not symptoms:
            raise ValueError(f"{FORMS_FILE.name}:{line_no}: a row needs the complaints it ends")
        for lang in _LANGS:
            forms = [f.strip() for f in row[lang].split(" ; ") if f.strip()]
            if not forms:
                continue
            literals[lang].update(_literal(f) for f in forms)
            opens, closes = _WORD_EDGES[lang]
            pattern = re.compile(opens + "(?:" + "|".join(forms) + ")" + closes)
            rows[lang].append(_Form(pattern, symptoms))
    gates = {lang: re.compile("|".join(re.escape(x) for x in sorted(literals[lang]))) for lang in _LANGS}
    return {lang: (tuple(rows[lang]), Gated(gates[lang], literals[lang])) for lang in _LANGS}


@cache
def _any_form() -> dict[str, re.Pattern[str] | None]:
    """Per language: one pattern of every row's pattern side by side, which matches where one of
    them does (one search instead of one per row); None where a row's pattern refers back to a
    group, which the patterns side by side would renumber, or cannot stand beside the others."""
    out: dict[str, re.Pattern[str] | None] = {}
    for lang, (forms, _) in _forms().items():
        sources = [f.pattern.pattern for f in forms]
        out[lang] = None
        if sources and not any(_BACKREF.search(source) for source in sources):
            try:
                out[lang] = re.compile("|".join(f"(?:{source})" for source in sources))
            except re.error:  # a flag of one row's own, which only the start of a pattern may set
                pass
    return out


#: A reference back to a group in a pattern.
_BACKREF = re.compile(r"\\[1-9]|\(\?P=")


def says_back_to_normal(norm: str, found: Literals | None = None) -> bool:
    """The message may say, in any of the languages, that something works again ("сплю нормально"):
    worth reading although it names nothing."""
    joined = _any_form()
    return any(
        gate.may_match(norm, found=found)
        and (
            joined[lang].search(norm) is not None
            if joined[lang] is not None
            else any(f.pattern.search(norm) for f in forms)
        )
        for lang, (forms, gate) in _forms().items()
    )


def with_back_to_normal(
    norm: str, lang: str, parts: list[Clause], facts: list[Fact], found: Literals | None = None
) -> list[Fact]:
    """``facts`` with the complaints that the message's words of things working again end: a
    listed complaint the message named before those words is resolved; where the words tell of
    no complaint the message names, each listed complaint gets a resolved held-only ``^name``
    event, which the fold keeps only for a complaint the user has ("сплю уже нормально, сердце не колотится" ends a known insomnia
    beside the palpitations it denies) (``found``: the gates' literals in ``norm``)."""
    table = _forms().get(lang)
    if table is None or not table[1].may_match(norm, found=found):
        return facts
    joined = _any_form()[lang]
    if joined is not None and joined.search(norm) is None:
        return [*facts]  # no row's pattern matches: the rows, one search each, unread
    proposed: dict[tuple[str, str], Fact] = {}
    for form in table[0]:
        complaints = [f for f in facts if f.section in form.sections]
        for m in form.pattern.finditer(norm):
            clause = _own_clause(parts, m.start())
            if clause is None or _denied(norm, lang, clause, m):
                continue
            if lang == "zh" and _ZH_IMPROVED_AFTER.match(norm, m.end()):
                _still_there(form, m, clause, complaints, proposed)
                continue
            for f in complaints:
                listed = (f.section, f.entity) in form.symptoms
                if listed and f.status == PRESENT_STATUS[f.section] and f.start < m.end():
                    f.status = status_for(f.section, "end")
            if _tells_of_named(form, m, complaints):
                continue
            for section, name in form.symptoms:
                held = LAST_DISCUSSED + name
                proposed.setdefault(
                    (section, name), Fact(m.start(), m.end(), clause.sentence, section, held, "resolved", m[0])
                )
    return [*facts, *proposed.values()]


def _still_there(
    form: _Form, m: re.Match[str], clause: Clause, complaints: list[Fact], proposed: dict[tuple[str, str], Fact]
) -> None:
    """Words of a function only better ("这周睡得好点了") end nothing: the complaint they tell of is
    still there, a confirmation of the one the user holds (a held-only present ``^name``)."""
    if _tells_of_named(form, m, complaints):
        return
    for section, name in form.symptoms:
        proposed.setdefault(
            (section, name),
            Fact(m.start(), m.end(), clause.sentence, section, LAST_DISCUSSED + name, PRESENT_STATUS[section], m[0]),
        )


def _tells_of_named(form: _Form, m: re.Match[str], complaints: list[Fact]) -> bool:
    """Whether the words tell of a complaint the message names: one found on the words themselves
    ("腿肿消了", "the swelling has gone down" after the ankle was asked about) or one of the form's
    own ("腰好了" after back pain). Then they end that complaint, not its siblings; words beside
    other complaints ("сплю уже нормально, голова не болит") still end a known insomnia."""
    return any(f.start < m.end() and f.end > m.start() or (f.section, f.entity) in form.symptoms for f in complaints)


def _own_clause(parts: list[Clause], pos: int) -> Clause | None:
    """The clause at ``pos`` when it states the user's own health now (no question, doubt, plan
    or other person)."""
    for clause in parts:
        if clause.start <= pos < clause.end:
            if clause.skip or clause.subject != "self" or clause.intent_at <= pos:
                return None
            return clause
    return None


def _denied(norm: str, lang: str, clause: Clause, m: re.Match[str]) -> bool:
    """A denial just before the words ("not sleeping well"), or a Chinese question right after."""
    if _DENIED_BEFORE[lang].search(norm, clause.start, m.start()):
        return True
    return lang == "zh" and _ZH_ASKED_AFTER.match(norm, m.end()) is not None


#: What makes the assistant's sentence a question at its end: "?", a Chinese particle.
_ASKED_END = re.compile(r"(?:\s*(?:吗|么|嘛|没有|了没|[?？]))+\s*$")
#: What opens an English question ("is", "are you", "has"): said by the user, the words go without it.
_EN_ASKING = re.compile(r"^(?:is|are|has|have|did|does|do)\s+")


#: A word every question of a thing working again holds, in a context that asks something (a cheap
#: proof that the forms need not be tried: "is your sleep back to normal?", "сон наладился?", "睡眠正常了吗？").
_WORKS_AGAIN_ASKED = re.compile(
    r"(?:normal|back|fine|ok|okay|well|gone|settled|clear|calm|steady|good|better|again"
    r"|норм|налад|прош|верн|лучше|спокой|порядке|дышит|спите|спишь"
    r"|正常|好了|好些|恢复|消|顺|通|睡着|不)[^?？.!。！]*[?？吗]"
)


def asked_back_to_normal(context: str) -> str:
    """The words of a context's last question, normalised, when it asks whether something works
    again ("That's great news. Is the urinary stream back to normal now?"), without the asking ("the
    urinary stream back to normal now"): a "yes" says them; "" when it asks nothing of the kind."""
    if _WORKS_AGAIN_ASKED.search(context.lower()) is None:
        return ""  # no question, or none in the words such questions use: most contexts, at once
    norm = normalise(context)
    question = last_question(norm)
    if not question:
        return ""
    said = _EN_ASKING.sub("", _ASKED_END.sub("", question).strip())
    return said if says_back_to_normal(said) else ""
