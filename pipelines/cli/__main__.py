"""``python -m pipelines.cli``: the ``anamnesis`` script, for subprocesses that run the checkout's code."""

from pipelines.cli import main

main()
