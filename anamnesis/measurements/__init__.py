"""Measurements: lab results and vital signs the user reports, with their units and trends.

``catalog`` is the terminology of tests (``data/tests.tsv``), ``units`` normalises units to
UCUM with pint, ``frame`` turns the backends' proposals into rows of the ``measurements``
relation (or rejects, with the reason), and ``trend`` writes the one-line summaries the read
path shows. Extraction itself belongs to the understanding backends.
"""
