"""A library that warns as it is imported, as a new `cryptography` does under
asyncssh: `with_a_warning_on_import(tmp_path, "asyncssh")` gives the environment
of a `river-tui` process in which importing that module first prints a warning
through Python's warnings (a `sitecustomize` on PYTHONPATH does it)."""

from __future__ import annotations

import os
from pathlib import Path

WARNING = "LibraryDeprecationWarning: this library will stop supporting DSA keys"

SITECUSTOMIZE = '''
import importlib.abc, os, sys, warnings

class LibraryDeprecationWarning(UserWarning):
    pass

class WarnOnImport(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == os.environ["WARN_ON_IMPORT"]:
            sys.meta_path.remove(self)
            warnings.warn("this library will stop supporting DSA keys", LibraryDeprecationWarning)
        return None

sys.meta_path.insert(0, WarnOnImport())
'''


def with_a_warning_on_import(folder: Path, module: str) -> dict[str, str]:
    """Environment variables for a process whose import of ``module`` warns."""
    site = folder / "warning-site"
    site.mkdir(exist_ok=True)
    (site / "sitecustomize.py").write_text(SITECUSTOMIZE)
    path = os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH", "")]))
    return {"PYTHONPATH": path, "WARN_ON_IMPORT": module}
