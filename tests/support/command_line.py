"""Running `river-tui` in the test's process, as a shell would."""

from __future__ import annotations

import pytest

from river_tui import cli


def run(capsys, *argv):
    """The exit code, standard output and standard error of ``river-tui ARGV``
    (a command that returns without exiting exits 0)."""
    with pytest.raises(SystemExit) as exit_info:
        cli.main(list(argv))
        raise SystemExit(0)
    out = capsys.readouterr()
    return exit_info.value.code, out.out, out.err
