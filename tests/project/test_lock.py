"""The locks in requirements/ agree with pyproject.toml: `make` installs exactly
what the lock says, so a range changed in pyproject.toml without `make lock`
would otherwise go unnoticed until someone installs the package."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
OURS = "river-tui (pyproject.toml)"
"""What a lock says of a package pyproject.toml asks for by name."""

ENTRY = re.compile(r"^(?P<name>[A-Za-z0-9._-]+)==(?P<version>\S+)")


def wanted(*extras: str) -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    lines = project["dependencies"] + [line for extra in extras for line in project["optional-dependencies"][extra]]
    return [Requirement(line) for line in lines]


def locked(name: str) -> list[dict]:
    """Each entry of requirements/NAME: its package, version, hashes and who wants it."""
    entries: list[dict] = []
    for line in (ROOT / "requirements" / name).read_text().splitlines():
        if found := ENTRY.match(line):
            entries.append({"name": canonicalize_name(found["name"]), "version": found["version"],
                            "hashes": 0, "via": []})  # fmt: skip
        elif entries and "--hash=sha256:" in line:
            entries[-1]["hashes"] += 1
        elif entries and (via := re.match(r"\s*#\s*(?:via)?\s*(\S.*)$", line)):
            entries[-1]["via"].append(via[1].strip())
    return entries


@pytest.mark.parametrize("lock, extras", [("test.lock", ("test",))])
def test_the_lock_holds_what_pyproject_asks_for_and_nothing_it_dropped(lock, extras):
    entries = locked(lock)
    asked = {canonicalize_name(requirement.name): requirement for requirement in wanted(*extras)}
    for name, requirement in asked.items():
        versions = [entry["version"] for entry in entries if entry["name"] == name]
        assert versions, f"{lock} has no {name}, which pyproject.toml asks for: run `make lock`"
        for version in versions:
            assert requirement.specifier.contains(version, prereleases=True), (
                f"{lock} pins {name}=={version}, outside pyproject.toml's {requirement}: run `make lock`"
            )
    ours = {entry["name"] for entry in entries if OURS in entry["via"]}
    assert ours == set(asked), f"{lock} and pyproject.toml name other packages: run `make lock`"
    assert all(entry["hashes"] for entry in entries), f"every package in {lock} has its hashes"
