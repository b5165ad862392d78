"""Stable ids of facts, events and conflicts: hashes of what identifies each, never of the run.

The same (user, section, entity) is the same fact in every run and every shard, so a re-run
and a sharded run write the same ids as a fresh one.
"""

from __future__ import annotations

import xxhash


def fact_id(user_id: str, section: str, entity: str) -> str:
    """Stable id of one (user, section, entity) fact."""
    return xxhash.xxh3_128_hexdigest(f"{user_id}\x1f{section}\x1f{entity}".encode())


def event_id(fid: str, message_id: str, extractor_version: str) -> str:
    """Stable id of one event: the fact, the message and what extracted it."""
    return xxhash.xxh3_128_hexdigest(f"{fid}\x1f{message_id}\x1f{extractor_version}".encode())


def conflict_id(user_id: str, fid: str, conflicting_message_id: str) -> str:
    """Stable id of a conflict: the fact and the later statement, whatever extracted them."""
    return xxhash.xxh3_128_hexdigest(f"{user_id}\x1f{fid}\x1f{conflicting_message_id}".encode())
