"""The home's Dagster storage: Dagster's own SQLite storage, its event log written over kept connections.

Dagster's SQLite event log opens an engine and a connection for every event it stores and closes
them again. Each event then costs a commit's fsync and, as the last connection to the file
closes, a WAL checkpoint with fsyncs of its own: 3 ms on a quiet disk, 25–40 ms on a busy one,
and a run stores a few hundred events (every step's start, outputs and success, each planned and
reported materialization and check, most of them twice: in the run's file and in the index), so
a small night spent seconds there. :class:`KeptConnectionsEventLog` keeps one connection per
file for the process, in WAL mode (a new run's file from its creation) with ``synchronous =
NORMAL`` (a commit is appended to the WAL without an fsync; an application crash loses nothing,
a power cut at worst the last events of a run history, never the file's consistency), and
remembers which index tables exist, which Dagster asked over a new engine before each
materialization. At load 13–15: 38.6 ms of wall and 2.9 ms of CPU an event before, 1.6 ms and
0.3 ms after.

A new run's file is a copy of an empty one that Dagster's own set-up made once per home and
Dagster version (``.run-template-<version>`` beside the runs' files): that set-up loads Dagster's
~90 alembic scripts twice (checking, then stamping the revision), ~0.1 s of CPU for every run.

The files, their schema and their places are Dagster's: ``dagster dev`` and the daemon read and
write them with Dagster's own classes. Their watcher follows a run by the run file's change
time, which commits to a kept WAL connection no longer move, so each commit to a run's file
touches it.

:func:`kept_connections` swaps this storage in for an instance whose ``dagster.yaml`` leaves the
storage to Dagster's SQLite default; any other storage (PostgreSQL) is left as configured.

:func:`checked_once` is for runs whose steps are processes of their own (a sharded run): the
run's process opens the storage with Dagster's checks (creating its files on a home's first run),
and hands its steps an instance whose storage skips them (:class:`CheckedStorage`). Each check
loads Dagster's ~90 alembic scripts, for the runs', the schedules', the index's and the run's own
file: ~40 ms of CPU in each of a sharded run's ~20 step processes, for files that the run's
process checked a moment before, with the same Dagster.

:func:`without_step_capture` is also for runs whose steps are processes of their own (a sharded run
under the multiprocess executor): Dagster's default capture of a step's stdout and stderr starts
two ``tail`` and two watcher processes in every step, to copy into files what already reaches
the CLI's terminal, and the project's steps report through Dagster's events, not their output.
A run in one process keeps Dagster's capture; a ``dagster.yaml`` naming a compute log manager of
its own keeps it.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import threading
from collections.abc import Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as db
from dagster._core.instance.ref import InstanceRef
from dagster._core.storage.event_log.sqlite.sqlite_event_log import INDEX_SHARD_NAME, SqliteEventLogStorage
from dagster._core.storage.runs.sqlite.sqlite_run_storage import SqliteRunStorage
from dagster._core.storage.schedules.sqlite.sqlite_schedule_storage import SqliteScheduleStorage
from dagster._core.storage.sqlite import create_db_conn_string
from dagster._core.storage.sqlite_storage import (
    DagsterSqliteStorage,
    _event_logs_directory,
    _runs_directory,
    _schedule_directory,
)
from dagster._serdes import ConfigurableClassData
from dagster.version import __version__ as dagster_version
from sqlalchemy.pool import NullPool, StaticPool

from anamnesis.storage.atomic import atomic_path

#: A run file set up by Dagster, copied for each new run: ``<prefix><Dagster's version>``.
TEMPLATE_PREFIX = ".run-template-"
#: Seconds a writer waits for another process's write lock (Dagster's own setting for its files).
BUSY_TIMEOUT_S = 30.0


class KeptConnectionsEventLog(SqliteEventLogStorage):
    """Dagster's SQLite event log, each file's connection opened once per process and kept."""

    def __init__(self, base_dir: str, inst_data: ConfigurableClassData | None = None, *, checked: bool = False) -> None:
        self._engines: dict[str, db.Engine] = {}
        #: Existing files were checked by the run's process: they are used without Dagster's checks.
        self._checked = checked
        self._engines_pid = os.getpid()
        self._engines_lock = threading.Lock()
        self._tables: set[str] = set()
        super().__init__(base_dir, inst_data)

    def _engine(self, shard: str) -> db.Engine:
        """The one engine (one connection) of ``shard``'s file in this process."""
        with self._engines_lock:
            if self._engines_pid != os.getpid():  # a forked child: its parent's connections are not its own
                self._engines, self._engines_pid = {}, os.getpid()
            engine = self._engines.get(shard)
            if engine is None:
                engine = db.create_engine(
                    self.conn_string_for_shard(shard),
                    poolclass=StaticPool,  # one connection, used under the storage's lock by any thread
                    connect_args={"timeout": BUSY_TIMEOUT_S, "check_same_thread": False},
                )
                db.event.listen(engine, "connect", _wal_synchronous_normal)
                self._engines[shard] = engine
            return engine

    @contextmanager
    def _connect(self, shard: str) -> Iterator[db.Connection]:
        with self._db_lock:
            engine = self._engine(shard)
            if shard not in self._initialized_dbs:
                created = shard != INDEX_SHARD_NAME and self._copy_of_template(shard)
                if not created and not self._checked:
                    self._initdb(engine)
                self._initialized_dbs.add(shard)
            with engine.connect() as conn, conn.begin():
                yield conn
            if shard != INDEX_SHARD_NAME:
                # a watcher of this run (``dagster dev``) wakes on the file's change, not the WAL's
                os.utime(self.path_for_shard(shard))

    def _copy_of_template(self, run_id: str) -> bool:
        """Make a new run's file a copy of :meth:`_template` (True), or leave an existing file to
        Dagster's own set-up (False). Creating the tables and stamping their revision loads
        Dagster's ~90 alembic scripts twice, ~0.1 s of CPU a run; a copy takes a millisecond."""
        path = Path(self.path_for_shard(run_id))
        if path.exists():
            return False
        with atomic_path(path) as partial:  # a watcher never sees a half-copied run
            shutil.copyfile(self._template(), partial)
        return True

    def _template(self) -> Path:
        """An empty run file of this Dagster version, set up once per home by Dagster's own
        ``_initdb`` (hidden and without ``.db``: not a run to Dagster's listing or ``wipe``)."""
        template = Path(self._base_dir) / f"{TEMPLATE_PREFIX}{dagster_version}"
        if template.exists():
            return template
        with atomic_path(template) as partial:
            engine = db.create_engine(f"sqlite:///{partial}", poolclass=NullPool)
            db.event.listen(engine, "connect", _wal_synchronous_normal)
            self._initdb(engine)
            engine.dispose()
            with closing(sqlite3.connect(partial)) as conn:  # the last close folds the WAL into the file
                conn.execute("pragma wal_checkpoint(truncate)")
        for earlier in Path(self._base_dir).glob(f"{TEMPLATE_PREFIX}*"):  # an earlier Dagster's
            if earlier != template:
                earlier.unlink(missing_ok=True)
        return template

    def has_table(self, table_name: str) -> bool:
        """Whether the index has ``table_name``: Dagster asks before storing each materialization,
        each time over a new engine; a table once there stays (only its migrations drop one)."""
        if table_name not in self._tables and super().has_table(table_name):
            self._tables.add(table_name)
        return table_name in self._tables

    def dispose(self) -> None:
        with self._engines_lock:
            engines, self._engines = self._engines, {}
        for engine in engines.values():
            engine.dispose()  # the last connection's close checkpoints the WAL into the file
        super().dispose()


def _wal_synchronous_normal(connection: Any, _record: object) -> None:  # noqa: ANN401 - a DB-API connection
    """WAL commits without an fsync each (the checkpoint still syncs the file), from a new file's first
    statement: Dagster creates a run's tables and stamps their revision before it switches the file to
    WAL itself, which in the default rollback journal cost ~40 fsyncs (0.2–0.3 s on a busy disk)."""
    connection.execute("pragma journal_mode = wal")
    connection.execute("pragma synchronous = normal")


class KeptConnectionsStorage(DagsterSqliteStorage):
    """Dagster's SQLite storage of a home, with :class:`KeptConnectionsEventLog` as its event log."""

    def __init__(self, base_dir: str, inst_data: ConfigurableClassData | None = None) -> None:
        self.base_dir = base_dir
        self._run_storage = SqliteRunStorage.from_local(_runs_directory(base_dir))
        self._event_log_storage = KeptConnectionsEventLog(_event_logs_directory(base_dir))
        self._schedule_storage = SqliteScheduleStorage.from_local(_schedule_directory(base_dir))
        self._inst_data = inst_data
        super(DagsterSqliteStorage, self).__init__()

    @classmethod
    def from_config_value(
        cls, inst_data: ConfigurableClassData, config_value: dict[str, Any]
    ) -> KeptConnectionsStorage:
        return cls.from_local(inst_data=inst_data, **config_value)


class CheckedStorage(KeptConnectionsStorage):
    """:class:`KeptConnectionsStorage` of files the run's process has checked (:func:`checked_once`):
    opened without Dagster's alembic checks, which stamp nothing on files already at its revision."""

    def __init__(self, base_dir: str, inst_data: ConfigurableClassData | None = None) -> None:
        self.base_dir = base_dir
        schedules = create_db_conn_string(_schedule_directory(base_dir), "schedules")
        self._run_storage = SqliteRunStorage(create_db_conn_string(_runs_directory(base_dir), "runs"))
        self._event_log_storage = KeptConnectionsEventLog(_event_logs_directory(base_dir), checked=True)
        self._schedule_storage = SqliteScheduleStorage(schedules)
        self._inst_data = inst_data
        super(DagsterSqliteStorage, self).__init__()


def checked_once(ref: InstanceRef) -> InstanceRef:
    """``ref`` with :class:`CheckedStorage`, once its :class:`KeptConnectionsStorage` is opened here
    with Dagster's checks (its files created if need be); any other storage as it is."""
    data = ref.storage_data
    if data is None or (data.module_name, data.class_name) != (__name__, KeptConnectionsStorage.__name__):
        return ref
    data.rehydrate(KeptConnectionsStorage).dispose()
    return ref._replace(storage_data=ConfigurableClassData(__name__, CheckedStorage.__name__, data.config_yaml))


_NO_CAPTURE = ConfigurableClassData("dagster._core.storage.noop_compute_log_manager", "NoOpComputeLogManager", "{}")


def without_step_capture(ref: InstanceRef, dagster_home: str) -> InstanceRef:
    """``ref`` capturing no step output if it uses Dagster's default capture, else as it is."""
    if ref.compute_logs_data != InstanceRef.config_defaults(dagster_home)["compute_logs"]:
        return ref
    return ref._replace(compute_logs_data=_NO_CAPTURE)


def kept_connections(ref: InstanceRef) -> InstanceRef:
    """``ref`` with :class:`KeptConnectionsStorage` if its storage is Dagster's SQLite default, else as it is."""
    data = ref.storage_data
    if data is None or (data.module_name, data.class_name) != (DagsterSqliteStorage.__module__, "DagsterSqliteStorage"):
        return ref
    return ref._replace(
        storage_data=ConfigurableClassData(__name__, KeptConnectionsStorage.__name__, data.config_yaml)
    )
