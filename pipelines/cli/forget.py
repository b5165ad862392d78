"""``anamnesis forget``: erase one user everywhere (CONTRACT §5)."""

from __future__ import annotations

from anamnesis.config import load_settings
from pipelines.cli.errors import one_line_errors
from pipelines.cli.homes import on_home
from pipelines.cli.options import HomeOpt, UserIdArg
from pipelines.cli.output import err


@one_line_errors
@on_home(writes=True)
def forget(
    user_id: UserIdArg,
    home: HomeOpt = None,
) -> None:
    """Erase every trace of one user from every store; a tombstone keeps later backfills from bringing them back."""
    from anamnesis.erasure.forget import forget_user

    report = forget_user(load_settings(home), user_id)
    err.print(report.summary(), markup=False, highlight=False, soft_wrap=True)
