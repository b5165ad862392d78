"""One name for several entities: "三高" is hypertension, diabetes and high lipids at once.

The terminology gives every surface form one meaning, so such names are kept apart, as data
(``data/compound_names.tsv``). The lexicon finds them like any word; here each found compound
becomes one hit per entity it names, on the same span, so that everything after the scan
(negation, history, relatives, questions) reads them as it reads a list of ordinary terms.
"""

from __future__ import annotations

from anamnesis.understanding.rules.segment import Hit


def expand_compounds(hits: list[Hit]) -> list[Hit]:
    """The hits with every compound name replaced by the terms it stands for, in text order."""
    if not any([lex.parts for _, _, lex in hits]):
        return hits
    return [(s, e, part) for s, e, lex in hits for part in (lex.parts or (lex,))]
