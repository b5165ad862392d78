"""The words the rules react to: the terminology's terms plus the cue words of ``data/cues.tsv``.

Both go into one Aho-Corasick automaton, so a fragment is scanned once and every later
decision works on the short list of what was found, never on the text again. Building it
takes seconds of CPU; it is kept in the derived cache (:mod:`anamnesis.derived_cache`) under
a key of its source files and the code that builds it, and unpickled in a fraction of that.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cache
from importlib import metadata
from pathlib import Path

from anamnesis.derived_cache import cached, digest_of
from anamnesis.terminology import Term, data_files, load_terminology, terminology_key
from anamnesis.terminology.forms import expand
from anamnesis.terminology.matcher import Matcher
from anamnesis.terminology.tsv import read_rows

CUES_FILE = Path(__file__).resolve().parent / "data" / "cues.tsv"
#: One name for several entities ("三高"): the terminology gives each surface one meaning, so these live apart.
COMPOUNDS_FILE = Path(__file__).resolve().parent / "data" / "compound_names.tsv"
#: What a test's reading outside its range is (read by :mod:`anamnesis.understanding.rules.measurements`).
FINDINGS_FILE = Path(__file__).resolve().parent / "data" / "findings.tsv"
#: Words of a function working again and the complaints they end (:mod:`anamnesis.understanding.rules.back_to_normal`).
BACK_TO_NORMAL_FILE = Path(__file__).resolve().parent / "data" / "back_to_normal.tsv"
#: Bare complaint words whose sense their sentence decides (:mod:`anamnesis.understanding.rules.senses`).
SENSES_FILE = Path(__file__).resolve().parent / "data" / "senses.tsv"
#: The organ words that name a bare denial, "no cancer" or "no blood"
#: (:mod:`anamnesis.understanding.rules.named_by_site`).
SITES_FILE = Path(__file__).resolve().parent / "data" / "sites.tsv"
#: Parts said to be fine and the asked illnesses they deny (:mod:`anamnesis.understanding.rules.fine_parts`).
FINE_PARTS_FILE = Path(__file__).resolve().parent / "data" / "fine_parts.tsv"
#: Words of a test or a verdict that rule an illness out (:mod:`anamnesis.understanding.rules.ruled_out`).
RULED_OUT_FILE = Path(__file__).resolve().parent / "data" / "ruled_out.tsv"
#: What an operation took out, named without its organ (:mod:`anamnesis.understanding.rules.operated`).
LESIONS_FILE = Path(__file__).resolve().parent / "data" / "lesions.tsv"
#: Allergens that hold other allergens, seafood and shrimp (:mod:`anamnesis.understanding.rules.class_allergies`).
ALLERGEN_CLASSES_FILE = Path(__file__).resolve().parent / "data" / "allergen_classes.tsv"

#: Cue categories (the ``category`` column of cues.tsv) and what they mean to the rules.
CATEGORIES: dict[str, str] = {
    "neg": "denial: the entities in its scope are absent",
    "end": "ending: stopped (medications, lifestyle) or resolved (symptoms, conditions)",
    "anymore": "turns a denial in the same clause into an ending ('I don't smoke anymore')",
    "start": "taking or starting a medication; also a positive status",
    "self": "the user as subject",
    "person": "someone who is not a blood relative: the clause is not about the user",
    "third": "he/she/they: the subject of the clause before",
    "doctor": "a clinician: neither the user nor another person, and a clause boundary after a comma",
    "family": "family history without a named relative",
    "question": "a question word at the start of a clause (value 'anywhere': at any position)",
    "hypo": "a condition or hypothesis: this clause and the rest of the sentence state no fact",
    "uncertain": "doubt or future: the clause states no fact"
    " (value 'heard': hearsay, which opens a Russian clause after a comma)",
    "intent": "a wish or plan: nothing after it in the clause is a fact",
    "offer": "a clinician's offer not (yet) taken up ('Климонорм предлагали'): the clause states no fact",
    "split": "a conjunction that starts a new clause (value 'self': one whose subject is the user, 'and I')",
    "allergy": "allergy context for drugs and allergens; the allergies section noun",
    "allergy_pre": "a word that announces an allergy stated later in the clause (对...过敏)",
    "react": "cause of a reaction ('gives me hives'): with a reaction symptom, an allergy",
    "prescribe": "the assistant itself prescribes the drugs of its sentence (first person): an 'okay' accepts them",
    "accept": "acceptance ('okay'): an affirmative answer to the assistant's own prescription only",
    "except": "positive again after a denial or an ending ('no allergies except penicillin', '停药以后又开始烧心')",
    "switch": "a change of drug: the first is stopped, the second active",
    "instead": "the drug after it is stopped",
    "against": "a preposition joining a vaccine to its disease ('прививка от гриппа')",
    "jab": "a vaccination verb right after its disease ('新冠打了三针', '破伤风也打了'): the disease's vaccine",
    "still": "continuation, used to read the assistant's question",
    "partial": "'not completely (gone)': the entity before it is still present",
    "asked": "a reported question ('the doctor asked if I have COPD'): the answer after it in the sentence decides",
    "hedge": "words that may open a short answer ('as far as I know, no')",
    "it": "'it's', 'это': after a comma, a new clause with its own scope",
    "check": "'..., is that normal?': the question is about the whole sentence, which states no fact",
    "section": "a section noun (value): a denial with it and no entity is section-wide",
    "pain": "pain; with a body part, that part's pain symptom",
    "quality": "a quality (value: dry, red, blocked); with a body part whose anatomy column of that name is set,"
    " that symptom",
    "injury": "an injury of kind value; with a body part, '<part> <value>'",
    "removal": "removal; with a body part, that part's removal operation"
    " (value 'after': only right after the part, 'gallbladder out')",
    "replace": "a joint or lens replaced by a prosthesis; with a body part, that part's replacement operation",
    "half": "a part of an organ ('half my thyroid', '切了一半'): with a removal and a body part, that part's"
    " partial removal (anatomy.tsv part_removal)",
    "repair": "stitching or repairing ('мениск подшивали', '缝合'): with a body part, that part's repair operation",
    "freq": "a frequency (value), for medications and lifestyle",
    "lsvalue": "a lifestyle value (value)",
    "sev": "a severity (value), for symptoms",
    "when": "a time (value)",
    "ask": "the assistant asks for a demographic value (value: age, height_cm, weight_kg, sex)",
    "yes": "an affirmative answer",
    "some": "an amount that answers yes ('a bit', 'немного', '有一点'); a frequency opening an answer does too",
    "beverage": "a drink that is not alcohol",
    "sexword": "a word that may state the user's sex",
    "none": "words that only block shorter cues inside them (value word: also a Chinese term that ends inside them)",
    "degree": "a degree or a change ('as bad', 'any better', 'improving'): right after an English denial word"
    " it blocks that word, the entity is still there ('not as bad', 'isn't improving')",
}

#: The English denial words a degree may follow ("not", "isn't getting", "hasn't been"); each
#: also without its apostrophe (:func:`_chat_forms`).
_DEGREE_NEGATORS = (
    "not", "no", "isn't", "aren't", "wasn't", "weren't", "hasn't", "haven't", "is not", "are not", "was not",
    "has not", "have not", "hasn't been", "haven't been", "not been", "not getting", "isn't getting",
    "aren't getting", "not really", "doesn't seem", "don't seem", "doesn't seem to be", "don't seem to be",
)


@dataclass(frozen=True, slots=True, eq=False)
class Lex:
    """What one found phrase is: a term (``cat == 'term'``, value its canonical name) or a cue."""

    cat: str
    value: str
    term: Term | None = None
    #: the term's kind, and its links read once here rather than per mention
    kind: str = ""
    weak: bool = False
    reactive: bool = False
    implies: str | None = None
    #: the allergy a condition states by itself (hay fever: pollen)
    allergen: str | None = None
    #: what a clause containing this is tagged with: the category, "k:<kind>", "s:<section>"
    tags: tuple[str, ...] = ()
    #: a compound name's terms (cat "compound"): the hit stands for each of them (rules.compounds)
    parts: tuple[Lex, ...] = ()


def term_lex(term: Term) -> Lex:
    links = term.links
    return Lex(
        "term",
        term.canonical,
        term,
        term.kind,
        links.get("weak") == "yes",
        links.get("reaction") == "yes",
        links.get("value"),
        links.get("allergen"),
        ("term", "k:" + term.kind),
    )


def cue_lex(category: str, value: str) -> Lex:
    if category == "section":
        tags: tuple[str, ...] = (category, "s:" + value)
    elif category == "split" and value == "self":  # "and I...", "и у меня": a new clause about the user
        tags = (category, "self")
    else:
        tags = (category,)
    return Lex(category, value, tags=tags)


def _cue_keys(form: str) -> list[tuple[str, bool]]:
    """Cue forms are exact unless they end in ``~`` (prefix) or ``+`` (declined like a noun)."""
    if form.endswith("+"):
        return [(key, prefix) for key, prefix, _ in expand(form[:-1])]
    if form.endswith("~"):
        return [(key, prefix) for key, prefix, _ in expand(form)]
    return [(key, prefix) for key, prefix, _ in expand("=" + form)]


def _chat_forms(form: str, lang: str) -> list[str]:
    """An English form with "n't" is also typed without its apostrophe ("wasnt", "isnt", "hasnt"):
    chat drops it, and the bare "nt" word is no other English word."""
    if lang != "en" or "n't" not in form:
        return [form]
    return [form, form.replace("n't", "nt")]


@cache
def load_cues() -> tuple[tuple[str, bool, Lex], ...]:
    """(key, prefix, cue) of every cue form in cues.tsv (English "n't" forms also without the apostrophe)."""
    out: list[tuple[str, bool, Lex]] = []
    seen: set[tuple[str, bool, int]] = set()
    for line_no, row in read_rows(CUES_FILE, ("category", "value", "en", "ru", "zh")):
        category = row["category"]
        if category not in CATEGORIES:
            raise ValueError(f"cues.tsv:{line_no}: unknown category {category!r}")
        lex = cue_lex(category, row["value"])
        if category == "degree":  # only after a denial word, as a blocker of it
            lex = cue_lex("none", "")
            row = {**row, "en": "|".join(f"{n} {d}" for n in _DEGREE_NEGATORS for d in row["en"].split("|") if d)}
        for lang in ("en", "ru", "zh"):
            for written in row[lang].split("|"):
                for form in _chat_forms(written.strip(), lang) if written.strip() else ():
                    for key, prefix in _cue_keys(form):
                        if (key, prefix, id(lex)) not in seen:
                            seen.add((key, prefix, id(lex)))
                            out.append((key, prefix, lex))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Lexicon:
    """The automaton over terms and cues, and the links the rules follow between terms."""

    matcher: Matcher[Lex]
    #: disease canonical → vaccine canonical, from vaccines.tsv's disease column
    vaccine_for: dict[str, str]
    #: condition canonical → the class of medicines named by it, from medicine_classes.tsv's drugs column
    drugs_for: dict[str, str]
    #: classes of medicines that are never a fact of their own (drug_classes.tsv class "only")
    only_classes: frozenset[str]


#: The code the lexicon is built by (beyond the terminology's): a change to it is a new cache key.
_BUILDERS: tuple[Path, ...] = (Path(__file__),)


def lexicon_key() -> str:
    """The derived cache's key of the lexicon: the terminology's key, the cues, its builder, pyahocorasick."""
    return digest_of((CUES_FILE, COMPOUNDS_FILE, *_BUILDERS), terminology_key(), metadata.version("pyahocorasick"))


@cache
def load_lexicon() -> Lexicon:
    """Terms and cues in one automaton, read once per process (from the derived cache if it holds it)."""
    return cached("rules-lexicon", lexicon_key(), build_lexicon)


def build_lexicon() -> Lexicon:
    """Terms and cues in one automaton, from the source files."""
    terminology = load_terminology()
    lexes = {id(t): term_lex(t) for t in terminology.terms}
    patterns = [(key, prefix, lexes[id(term)]) for key, prefix, term in terminology.entries()]
    patterns.extend(load_cues())
    patterns.extend(_compound_patterns(lexes, terminology.terms))
    vaccine_for = {
        t.links["disease"]: t.canonical for t in terminology.terms if t.kind == "vaccine" and "disease" in t.links
    }
    drugs_for = {t.canonical: t.links["drugs"] for t in terminology.terms if "drugs" in t.links}
    only_classes = frozenset(t.canonical for t in terminology.terms if t.links.get("class") == "only")
    return Lexicon(Matcher(patterns, ends_words=is_word, pairs=True), vaccine_for, drugs_for, only_classes)


def is_word(lex: Lex) -> bool:
    """An everyday Chinese word of cues.tsv (``none`` of value ``word``): no term ends inside it."""
    return lex.cat == "none" and lex.value == "word"


def _compound_patterns(lexes: dict[int, Lex], terms: tuple[Term, ...]) -> list[tuple[str, bool, Lex]]:
    """(key, prefix, compound) of every form of compound_names.tsv; each entity must be a known term."""
    by_name: dict[str, Lex] = {}
    for term in terms:
        by_name.setdefault(term.canonical, lexes[id(term)])
    out: list[tuple[str, bool, Lex]] = []
    for line_no, row in read_rows(COMPOUNDS_FILE, ("entities", "en", "ru", "zh")):
        names = row["entities"].split("|")
        unknown = [n for n in names if n not in by_name]
        if unknown or len(names) < 2:
            raise ValueError(f"{COMPOUNDS_FILE.name}:{line_no}: needs two or more known entities, not {unknown or names}")
        parts = tuple(by_name[n] for n in names)
        tags = tuple(dict.fromkeys(tag for part in parts for tag in part.tags))
        lex = Lex("compound", row["entities"], tags=tags, parts=parts)
        for lang in ("en", "ru", "zh"):
            for form in row[lang].split("|"):
                if form.strip():
                    out.extend((key, prefix, lex) for key, prefix, _ in expand(form.strip()))
    return out


def rules_data_digest() -> str:
    """Hash of every vocabulary and cue file, in a stable order."""
    digest = hashlib.sha256()
    sources = (
        *data_files(), CUES_FILE, COMPOUNDS_FILE, FINDINGS_FILE, BACK_TO_NORMAL_FILE, SENSES_FILE, SITES_FILE, FINE_PARTS_FILE,
        RULED_OUT_FILE, LESIONS_FILE, ALLERGEN_CLASSES_FILE,
    )
    for path in sources:
        digest.update(path.name.encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
    return digest.hexdigest()
