"""Importing this module loads what the rules backend otherwise loads on first use in each
process: the terminology and the lexicon's automaton, DrugBank's lookup table, the measurement catalogue (its test
names' matcher: ~0.7 s of CPU per worker otherwise), the English typo index, MeSH's disease
names, and the modules a worker runs.

A forkserver imports it once (:mod:`anamnesis.understanding.parallel`, ``pipelines.forkserver``)
and every process forked from it starts with them. Only a run with enough to read serves workers,
and enough English meets a clause that asks MeSH (200,000 synthetic messages: one worker loaded
it, ~0.8 s of CPU while the other read on, the stage waiting for it); a process without a
server still loads MeSH on first use (:mod:`anamnesis.understanding.rules.mesh`).
"""

from __future__ import annotations

import anamnesis.understanding.parallel  # noqa: F401  (what a worker runs: validation, polars, orjson)
from anamnesis.measurements.catalog import load_catalog
from anamnesis.terminology import load_terminology
from anamnesis.understanding.rules.drugbank import load_table
from anamnesis.understanding.rules.lexicon import load_lexicon
from anamnesis.understanding.rules.mesh import load_finder
from anamnesis.understanding.rules.typos import load_typo_index

load_terminology()
load_lexicon()
load_table()
load_catalog()
load_typo_index()
load_finder()
