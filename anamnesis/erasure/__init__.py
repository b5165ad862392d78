"""Erasure: ``forget.forget_user`` removes one user from every store; ``tombstones`` keep them out.

Import the submodules directly: ``ownership`` is used by the stores themselves, so this package
re-exports nothing (an eager import of ``forget`` here would import every store in a cycle).
"""
