"""``anamnesis eval``: the pipeline on the gold, dev, blind and MTS-Dialog sets; report.md and chart.png."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from pipelines.cli.errors import one_line_errors
from pipelines.cli.output import err, fail

_GOLD_HELP = "Gold dialogues (*.jsonl), the set the bars apply to; default: the bundled gold set."
_DEV_HELP = (
    "Dev dialogues (*.jsonl): tuned on like the gold set, scored beside it, no bars; "
    "default: the bundled dev set (none when --gold is given)."
)
_BLIND_HELP = (
    "Unseen dialogues (*.jsonl), the frozen test set with floors, scored beside the gold set; default: the "
    "bundled blind set."
)
_VALIDATION_HELP = (
    "Validation dialogues (*.jsonl): unseen text whose aggregate figures the tuners watch, scored beside the "
    "others, errors never listed, no bars; default: the bundled validation set."
)
_MTS_HELP = "MTS-Dialog directory (validation.csv, train.csv); default: $ANAMNESIS_MTS_DIR or ../shared/..."
_SPLIT_HELP = "MTS-Dialog split: validation, train, train-tune, train-frozen (never tuned on) or both."
_KEEP_HELP = "Build the eval's warehouse in this new directory and keep it (default: a temporary one)."
_OUT_HELP = "Where report.md and chart.png go (default: a new scratch directory, printed at the end)."
_BACKEND_HELP = (
    "Understanding backend: the offline rules, or openai (OPENAI_BASE_URL, OPENAI_API_KEY, ANAMNESIS_LLM_MODEL, "
    "ANAMNESIS_PROMPTS from the environment)."
)


class EvalBackend(StrEnum):
    rules = "rules"
    openai = "openai"


@one_line_errors
def eval_command(
    gold: Annotated[Path | None, typer.Option("--gold", help=_GOLD_HELP)] = None,
    dev: Annotated[Path | None, typer.Option("--dev", help=_DEV_HELP)] = None,
    no_dev: Annotated[bool, typer.Option("--no-dev", help="Leave the dev set out.")] = False,
    blind: Annotated[Path | None, typer.Option("--blind", help=_BLIND_HELP)] = None,
    no_blind: Annotated[bool, typer.Option("--no-blind", help="Leave the unseen set out.")] = False,
    validation: Annotated[Path | None, typer.Option("--validation", help=_VALIDATION_HELP)] = None,
    no_validation: Annotated[
        bool, typer.Option("--no-validation", help="Leave the validation set out.")
    ] = False,
    mts: Annotated[Path | None, typer.Option("--mts", help=_MTS_HELP)] = None,
    split: Annotated[str, typer.Option("--split", help=_SPLIT_HELP)] = "validation",
    out_dir: Annotated[Path | None, typer.Option("--out", help=_OUT_HELP)] = None,
    keep_home: Annotated[Path | None, typer.Option("--keep-home", help=_KEEP_HELP)] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Exit 1 when a gated figure (the report's Bars table) misses its bar.")
    ] = False,
    backend: Annotated[EvalBackend, typer.Option("--backend", help=_BACKEND_HELP)] = EvalBackend.rules,
) -> None:
    """Run the pipeline on the gold, dev, validation, blind and MTS-Dialog sets; write report.md and chart.png."""
    import shlex
    import tempfile

    from anamnesis.evaluation.datasets import bundled, default_mts, mts_available
    from anamnesis.evaluation.mts import SPLITS
    from anamnesis.evaluation.report import summary_lines, write_report
    from pipelines.evaluate import run_eval
    from pipelines.run import BackfillFailed

    if split not in SPLITS:
        fail(f"--split must be one of {', '.join(SPLITS)}, not {split!r}")
    gold_dir = gold or bundled("gold")
    dev_dir = None if no_dev else (dev or (None if gold else bundled("dev")))
    blind_dir = None if no_blind else (blind or bundled("blind"))
    validation_dir = None if no_validation else (validation or bundled("validation"))
    sets = (("gold", gold_dir), ("dev", dev_dir), ("validation", validation_dir), ("blind", blind_dir))
    for name, directory in sets:
        if directory is not None and (not directory.is_dir() or not any(directory.glob("*.jsonl"))):
            fail(f"no {name} dialogues (*.jsonl) in {directory}")
    mts_dir = mts
    note = ""
    if mts_dir is None:
        candidate = default_mts()
        if mts_available(candidate):
            mts_dir = candidate
        else:
            note = f"MTS-Dialog not found at {candidate}; evaluated the dialogue sets only"
    elif not mts_dir.is_dir():
        fail(f"MTS-Dialog directory {mts_dir} does not exist")
    command = ["anamnesis", "eval"]
    given_paths = (("--gold", gold), ("--dev", dev), ("--validation", validation), ("--blind", blind), ("--mts", mts),
                   ("--out", out_dir))
    for flag, value in given_paths:
        if value is not None:
            command += [flag, str(value)]
    for flag, given in (("--no-dev", no_dev), ("--no-validation", no_validation), ("--no-blind", no_blind)):
        if given:
            command.append(flag)
    if backend is not EvalBackend.rules:
        command += ["--backend", backend.value]
    if split != "validation":
        command += ["--split", split]
    target = out_dir or Path(tempfile.mkdtemp(prefix="anamnesis-eval-report-"))
    try:
        with err.status(f"evaluating: pipeline ({backend.value}) over the evaluation dialogues..."):
            result = run_eval(
                gold_dir, mts_dir, split=split, dev_dir=dev_dir, blind_dir=blind_dir, validation_dir=validation_dir,
                home=keep_home, llm=backend.value,
            )
        if note:
            result.mts_note = note
        report, chart = write_report(result, target, command=shlex.join(command))
    except (BackfillFailed, FileNotFoundError, ValueError, OSError) as exc:
        fail(str(exc))
    if note:
        err.print(f"anamnesis: note: {note}", markup=False, highlight=False)
    for line in summary_lines(result):
        typer.echo(line)
    typer.echo(f"wrote {report} and {chart}")
    if check and not result.passed:
        raise typer.Exit(1)
