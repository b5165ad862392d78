"""The collector paused for a block, then as it was: on again, or still off if it was off."""

from __future__ import annotations

import gc

from anamnesis.collector import paused


def test_the_collector_is_off_in_the_block_and_back_on_after_it():
    assert gc.isenabled()
    with paused():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off_and_an_error_still_restores_it():
    gc.disable()
    try:
        with paused():
            pass
        assert not gc.isenabled()
    finally:
        gc.enable()
    try:
        with paused():
            raise ValueError("inside")
    except ValueError:
        pass
    assert gc.isenabled()
