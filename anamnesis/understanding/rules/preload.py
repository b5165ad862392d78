"""Importing this module loads what the rules backend otherwise loads on first use in each
process: the terminology and the lexicon's automaton, DrugBank's lookup table, the measurement catalogue (its test
names' matcher: ~0.7 s of CPU per worker otherwise), the English typo index, and the modules a
worker runs.

A forkserver imports it once (:mod:`anamnesis.understanding.parallel`, ``pipelines.forkserver``)
and every process forked from it starts with them. MeSH stays loaded on first use: the rules
ask it only about rare English clauses, and most runs never meet one.
"""

from __future__ import annotations

import anamnesis.understanding.parallel  # noqa: F401  (what a worker runs: validation, polars, orjson)
from anamnesis.measurements.catalog import load_catalog
from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.drugbank import load_table
from anamnesis.understanding.rules.lexicon import load_lexicon
from anamnesis.understanding.rules.typos import load_typo_index

load_terminology()
load_lexicon()
load_table()
load_catalog()
load_typo_index()
