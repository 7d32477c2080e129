"""Shared helpers of the tavla pytest suite: the repository root, the `tavla` binary the
Python package is compared with, and running it."""

import json
import os
import pathlib
import subprocess
from typing import Any, Callable, Optional, Tuple

import pytest

#: The `cli` fixture: run the binary with these arguments (and `input=` on its standard
#: input), giving (exit code, stdout, stderr).
Cli = Callable[..., Tuple[int, str, str]]
#: The `cli_json` fixture: run the binary and parse its output as one JSON document.
CliJson = Callable[..., Any]

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _binary() -> pathlib.Path:
    env = os.environ.get("TAVLA_BIN")
    if env:
        return pathlib.Path(env)
    for profile in ("release", "debug"):
        p = ROOT / "target" / profile / "tavla"
        if p.exists():
            return p
    raise RuntimeError(
        "the tavla binary is not built: run `cargo build --release` or set TAVLA_BIN"
    )


@pytest.fixture(scope="session")
def root() -> pathlib.Path:
    return ROOT


@pytest.fixture(scope="session")
def cli() -> Cli:
    """Run the tavla binary in the repository root: (exit code, stdout, stderr)."""
    binary = _binary()

    def run(*args: str, input: Optional[str] = None) -> Tuple[int, str, str]:
        p = subprocess.run(
            [str(binary), *args],
            cwd=ROOT,
            capture_output=True,
            text=True,
            input=input,
        )
        return p.returncode, p.stdout, p.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(cli: Cli) -> CliJson:
    """Run the binary and parse its standard output as one JSON document."""

    def run(*args: str) -> Any:
        code, out, err = cli(*args)
        assert out, f"tavla {' '.join(args)} printed nothing (exit {code}): {err}"
        return json.loads(out)

    return run


@pytest.fixture(autouse=True)
def _in_root(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test runs in the repository root, where the fixtures' relative paths point."""
    monkeypatch.chdir(ROOT)
