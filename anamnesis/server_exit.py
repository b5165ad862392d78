"""Imported first by the run's forkserver: when it is stopped, it ends without tearing its heap down.

The server holds everything it preloaded for its workers (the rules' vocabularies, MeSH, the
embedding model, Dagster and the job): millions of objects that an ordinary interpreter exit
frees one by one, ~0.7 s of CPU, while the run that stops it waits (:func:`anamnesis.worker_server.stop`)
at its very end. Registered before anything the preload imports, this handler runs after every
exit handler registered later; it flushes the standard streams (a worker's traceback) and ends
the process as a normal exit would report it. The workers forked from the server never run it:
multiprocessing ends them with ``os._exit`` after their work.

Being first, it also pauses the cyclic collector for the preload: the preload builds millions of
objects and no garbage, and the collector ran again and again over the growing heap (15 % of a
sharded run's forkserver preload, its Dagster and SQLAlchemy imports). The last preload,
:mod:`anamnesis.server_frozen`, freezes the preload and turns the collector back on.
"""

from __future__ import annotations

import atexit
import gc

from anamnesis.process_end import end_process

atexit.register(end_process, 0)
gc.disable()
