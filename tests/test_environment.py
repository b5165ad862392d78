"""Environment variables set for a block are put back as they were, set or unset."""

from __future__ import annotations

import os

import pytest

from anamnesis.environment import environment


def test_a_blocks_variables_are_put_back_as_they_were(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANAMNESIS_T_KEPT", "before")
    monkeypatch.setenv("ANAMNESIS_T_CLEARED", "before")
    monkeypatch.delenv("ANAMNESIS_T_NEW", raising=False)
    with environment({"ANAMNESIS_T_KEPT": "in", "ANAMNESIS_T_NEW": "in"}, cleared=["ANAMNESIS_T_CLEARED"]):
        assert os.environ["ANAMNESIS_T_KEPT"] == os.environ["ANAMNESIS_T_NEW"] == "in"
        assert "ANAMNESIS_T_CLEARED" not in os.environ
    assert os.environ["ANAMNESIS_T_KEPT"] == os.environ["ANAMNESIS_T_CLEARED"] == "before"
    assert "ANAMNESIS_T_NEW" not in os.environ
