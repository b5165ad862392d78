"""Erasure: ``forget_user`` removes one user from every store; tombstones keep them out."""

from anamnesis.erasure.forget import ErasureReport, forget_user
from anamnesis.tombstones import Tombstones, load_tombstones, tombstoned

__all__ = ["ErasureReport", "Tombstones", "forget_user", "load_tombstones", "tombstoned"]
