"""A module body that leaves a mark when its process runs exit handlers and another when it frees its heap.

Both the worker server's exit and the ``anamnesis`` script's quick end must run the handlers and
skip the freeing; the two tests read the same marks.
"""

from __future__ import annotations

from pathlib import Path

#: The mark an exit handler leaves.
HANDLER_RAN = "handler-ran"
#: The mark an object's finaliser leaves when the heap is freed.
HEAP_FREED = "heap-freed"


def exit_probe(out: Path) -> str:
    """Python source that marks ``out`` with :data:`HANDLER_RAN` at exit and :data:`HEAP_FREED` if its heap is freed."""
    return (
        "import atexit, pathlib\n"
        f"OUT = pathlib.Path({str(out)!r})\n"
        f"atexit.register(lambda: (OUT / {HANDLER_RAN!r}).touch())\n"
        "class Held:\n"
        "    def __del__(self):\n"
        f"        (OUT / {HEAP_FREED!r}).touch()\n"
        "HELD = Held()\n"
    )
