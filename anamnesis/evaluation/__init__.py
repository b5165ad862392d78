"""``anamnesis eval``: run the real pipeline on labelled dialogues and measure it.

Two gold sets:

- :mod:`~anamnesis.evaluation.gold`: the hand-labelled dialogues of ``anamnesis/evaluation/data/gold/{en,ru,zh}.jsonl``
  (turn sections, events, final facts, a query with its relevant facts);
- :mod:`~anamnesis.evaluation.mts`: the MTS-Dialog doctor–patient dialogues, whose clinical-note
  section tells what the patient's allergies, medications, surgeries or immunizations are.

:mod:`~pipelines.evaluate` writes both as CONTRACT §1 exports, runs the backfill job
into a temporary home and asks the read API for context (:mod:`~anamnesis.evaluation.predictions`);
:mod:`~anamnesis.evaluation.gold_scoring` and :mod:`~anamnesis.evaluation.mts_scoring` turn what
came out into scored units (pure functions, every figure defined there), counted into figures by
:mod:`~anamnesis.evaluation.figures` and gated by :mod:`~anamnesis.evaluation.bars`;
:mod:`~anamnesis.evaluation.report` writes the Markdown report and the PNG chart.
"""
