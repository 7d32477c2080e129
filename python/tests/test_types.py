"""`mypy --strict` passes on this test suite and on the Python examples of the documentation
(every ```python block of docs/python.md and README.md): the type stubs shipped with the
package (`tavla/__init__.pyi`, `tavla/_tavla.pyi`) describe what it takes and returns. Skipped
when mypy is not installed."""

import importlib.util
import pathlib
import re
import subprocess
import sys
from typing import List

import pytest

DOCS = ["docs/python.md", "README.md"]


def _examples(root: pathlib.Path, out: pathlib.Path) -> List[pathlib.Path]:
    """Every Python block of the documentation, one module each."""
    out.mkdir()
    files = []
    for doc in DOCS:
        text = (root / doc).read_text(encoding="utf-8")
        stem = re.sub(r"\W", "_", doc.lower())
        for i, block in enumerate(re.findall(r"```python\n(.*?)```", text, re.S)):
            f = out / f"{stem}_{i}.py"
            f.write_text(block, encoding="utf-8")
            files.append(f)
    return files


def test_mypy_strict_passes_on_the_tests_and_the_documented_examples(
    root: pathlib.Path, tmp_path: pathlib.Path
) -> None:
    if importlib.util.find_spec("mypy") is None:
        pytest.skip("mypy is not installed (pip install mypy): the type stubs are not checked")
    examples = _examples(root, tmp_path / "examples")
    # The guide's example, its pandas one and the README's.
    assert len(examples) >= 3
    p = subprocess.run(
        [
            sys.executable,
            "-m",
            "mypy",
            "--strict",
            "--config-file",
            str(root / "python/pyproject.toml"),
            "--cache-dir",
            str(tmp_path / "mypy-cache"),
            str(root / "python/tests"),
            *[str(f) for f in examples],
        ],
        cwd=root,
        capture_output=True,
        text=True,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    assert "Success" in p.stdout
