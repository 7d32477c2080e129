"""The package as installed: the README's Python example runs as written, the extension is
an abi3 module, the reference is in the docstrings, and the type stubs are shipped."""

import contextlib
import io
import pathlib
import re
from typing import List, Union

import tavla
from tavla import _tavla


def _python_blocks(path: Union[str, pathlib.Path]) -> List[str]:
    text = pathlib.Path(path).read_text(encoding="utf-8")
    return [b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "import tavla" in b]


def _run(block: str) -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, "<example>", "exec"), {"__name__": "__example__"})
    return out.getvalue()


def test_the_python_guide_example_runs_as_written(root: pathlib.Path) -> None:
    blocks = _python_blocks(root / "docs/python.md")
    assert blocks, "docs/python.md has no Python example"
    printed = _run(blocks[0])
    # What the guide shows under the example is what it prints.
    shown = (root / "docs/python.md").read_text(encoding="utf-8").split("```python\n" + blocks[0] + "```", 1)[1]
    shown_output = re.search(r"```text\n(.*?)```", shown, re.S)
    assert shown_output, "docs/python.md shows no output under its example"
    assert printed == shown_output.group(1)


def test_the_readme_python_example_runs_as_written(root: pathlib.Path) -> None:
    # The README carries the guide's example (when it has a Python section).
    for block in _python_blocks(root / "README.md"):
        assert _run(block)


def test_the_extension_is_an_abi3_module() -> None:
    assert ".abi3." in pathlib.Path(_tavla.__file__).name


def test_every_function_has_a_docstring_with_an_example() -> None:
    for name in ["validate", "validate_text", "read", "legal_plays", "check_play", "plays"]:
        doc = getattr(tavla, name).__doc__
        assert doc and ">>> " in doc, name
    # The result classes too, and the exceptions say what they hold.
    for cls in [tavla.Finding, tavla.PlayVerdict]:
        assert cls.__doc__ and ">>> " in cls.__doc__, cls
    assert tavla.ParseError.__doc__ and "span" in tavla.ParseError.__doc__


def test_type_stubs_and_marker_are_shipped() -> None:
    pkg = pathlib.Path(tavla.__file__).parent
    assert (pkg / "py.typed").exists()
    stubs = (pkg / "__init__.pyi").read_text(encoding="utf-8")
    for name in tavla.__all__:
        if name not in ("COLUMNS", "__version__"):
            # Defined there, or re-exported from the native module's stubs.
            assert re.search(rf"(def |class |import {name} as ){name}\b", stubs), name
    # The native module's stubs name every function, class and constant it has.
    native = (pkg / "_tavla.pyi").read_text(encoding="utf-8")
    public = [n for n in dir(_tavla) if not n.startswith("_") or n == "__version__"]
    assert len(public) > 15
    for name in public:
        assert re.search(rf"^(def |class )?{name}\b", native, re.M), name


def test_the_docstring_examples_hold() -> None:
    import doctest

    results = doctest.testmod(tavla, extraglobs={"tavla": tavla}, optionflags=doctest.ELLIPSIS)
    assert results.attempted > 10
    assert results.failed == 0
