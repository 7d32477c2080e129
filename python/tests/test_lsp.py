"""`tavla lsp` end to end, through a real LSP client (pytest-lsp): the diagnostics of a record
equal `tavla validate --format json` on it, the first quick fix repairs the error, completion
after the dice lists `tavla legal`'s plays, hover over a turn shows its board, and formatting
is idempotent."""

import csv
import io
import json
import os
import pathlib
import re
import subprocess
from typing import Any, AsyncIterator, Dict, List, Optional, Tuple

import pytest

pytest_lsp = pytest.importorskip(
    "pytest_lsp", reason="pytest-lsp is not installed (pip install pytest-lsp)"
)
from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

BIN = os.environ.get("TAVLA_BIN", "")
if not BIN:
    pytest.skip(
        "TAVLA_BIN is not set: the tests of tavla lsp run against a built binary",
        allow_module_level=True,
    )

ROOT = pathlib.Path(__file__).resolve().parents[2]


def validate(path: pathlib.Path) -> List[Dict[str, Any]]:
    p = subprocess.run(
        [BIN, "validate", "--format", "json", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    diagnostics: List[Dict[str, Any]] = json.loads(p.stdout)["diagnostics"]
    return diagnostics


def text_of(path: pathlib.Path) -> Optional[str]:
    """The file as an editor holds it, or None for a file that is not UTF-8 text (an editor
    would not open it as the bytes `validate` reads)."""
    data = path.read_bytes()
    if b"\0" in data:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def with_findings() -> List[Tuple[pathlib.Path, List[Dict[str, Any]]]]:
    """Every `.mat` record under fixtures/ that `validate` has findings on (and that is text)."""
    out = []
    for path in sorted((ROOT / "fixtures").rglob("*.mat")):
        if text_of(path) is None:
            continue
        found = validate(path.relative_to(ROOT))
        if found:
            out.append((path, found))
    return out


WITH_FINDINGS = with_findings()

# GNU Backgammon's SGF: a fixture with findings, and the same record with a move changed into
# an illegal one (no SGF fixture holds an error).
SGF = ROOT / "fixtures/xg/test.sgf"

SEVERITY = {
    "error": types.DiagnosticSeverity.Error,
    "warning": types.DiagnosticSeverity.Warning,
    "advice": types.DiagnosticSeverity.Information,
}

pytestmark = pytest.mark.asyncio


@pytest_lsp.fixture(config=ClientServerConfig(server_command=[BIN, "lsp", "--stdio"]))  # type: ignore[untyped-decorator]
async def client(lsp_client: LanguageClient) -> AsyncIterator[None]:
    await lsp_client.initialize_session(
        types.InitializeParams(capabilities=types.ClientCapabilities())
    )
    yield
    await lsp_client.shutdown_session()


def position(data: bytes, offset: int) -> Tuple[int, int]:
    """The LSP position of a byte offset: 0-based line, column in UTF-16 code units."""
    before = data[:offset]
    line = before.count(b"\n")
    start = before.rfind(b"\n") + 1
    col = len(before[start:].decode("utf-8").encode("utf-16-le")) // 2
    return (line, col)


def pos(p: types.Position) -> Tuple[int, int]:
    return (p.line, p.character)


async def open_doc(client: LanguageClient, uri: str, text: Optional[str]) -> List[Any]:
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(
                uri=uri, language_id="mat", version=1, text=text
            )
        )
    )
    await client.wait_for_notification("textDocument/publishDiagnostics")
    diagnostics: List[Any] = client.diagnostics[uri]
    return diagnostics


async def change(client: LanguageClient, uri: str, version: int, changes: List[Any]) -> List[Any]:
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=changes,
        )
    )
    await client.wait_for_notification("textDocument/publishDiagnostics")
    diagnostics: List[Any] = client.diagnostics[uri]
    return diagnostics


def key(d: types.Diagnostic) -> Tuple[Any, ...]:
    return (d.code, pos(d.range.start), pos(d.range.end), d.severity)


def want_key(data: bytes, w: Dict[str, Any]) -> Tuple[Any, ...]:
    return (
        w["code"],
        position(data, w["offset"]),
        position(data, w["offset"] + w["length"]),
        SEVERITY[w["severity"]],
    )


async def test_diagnostics_equal_validate_json_on_every_fixture(client: LanguageClient) -> None:
    """One server, every `.mat` fixture with findings: the same findings, in the same order."""
    assert len(WITH_FINDINGS) > 100
    for path, want in WITH_FINDINGS:
        data = path.read_bytes()
        diags = await open_doc(client, path.as_uri(), text_of(path))
        assert [key(d) for d in diags] == [want_key(data, w) for w in want], path
        for d, w in zip(diags, want):
            assert d.message.startswith(w["message"]), path
        client.text_document_did_close(
            types.DidCloseTextDocumentParams(
                text_document=types.TextDocumentIdentifier(uri=path.as_uri())
            )
        )
        await client.wait_for_notification("textDocument/publishDiagnostics")


def broken_sgf(tmp: pathlib.Path) -> pathlib.Path:
    """The SGF fixture with its first move by White made illegal (24/18 13/9 written as
    24/18 24/18 24/18: three checkers for two dice)."""
    text = SGF.read_text(encoding="utf-8")
    m = re.search(r";W\[(\d\d)([a-y]{2,8})\]", text)
    assert m, "no move of White"
    bad = m.group(1) + "aaaaaaaa"[: len(m.group(2))]
    out = tmp / "broken.sgf"
    out.write_text(text[: m.start(2) - 2] + bad + text[m.end(2) :], encoding="utf-8")
    return out


async def test_sgf_diagnostics_equal_validate_json(client: LanguageClient, tmp_path: pathlib.Path) -> None:
    for path in [SGF, broken_sgf(tmp_path)]:
        data = path.read_bytes()
        want = validate(path)
        assert want, path
        diags = await open_doc(client, path.as_uri(), text_of(path))
        assert [key(d) for d in diags] == [want_key(data, w) for w in want], path
    assert any(w["severity"] == "error" for w in want), "the changed SGF has no error"


def repaired_fixtures() -> List[Tuple[pathlib.Path, Dict[str, Any]]]:
    return [
        (path, w)
        for path, want in WITH_FINDINGS
        for w in want[:1]
        if w["repair"] is not None and w["severity"] == "error"
    ] + [
        (path, next(w for w in want if w["repair"] is not None and w["severity"] == "error"))
        for path, want in WITH_FINDINGS
        if (want[0]["repair"] is None or want[0]["severity"] != "error")
        and any(w["repair"] is not None and w["severity"] == "error" for w in want)
    ]


async def test_first_quick_fix_is_the_repair_and_applying_it_fixes_the_error(
    client: LanguageClient,
) -> None:
    """On every fixture with a confirmed repair (of its first repaired error): the first quick
    fix of that error is the repair, and applying it removes the error."""
    cases = repaired_fixtures()
    assert len(cases) > 20
    valid = 0
    for path, w in cases:
        uri = path.as_uri()
        data = path.read_bytes()
        diags = await open_doc(client, uri, text_of(path))
        target = next(d for d in diags if key(d) == want_key(data, w))
        actions = await client.text_document_code_action_async(
            types.CodeActionParams(
                text_document=types.TextDocumentIdentifier(uri=uri),
                range=target.range,
                context=types.CodeActionContext(diagnostics=[target]),
            )
        )
        mine = [
            a
            for a in actions
            if a.diagnostics and key(a.diagnostics[0]) == key(target)
        ]
        assert mine, f"{path}: no quick fix"
        first = mine[0]
        assert first.kind == types.CodeActionKind.QuickFix
        assert first.is_preferred, path
        assert "replays" in first.title or first.title.startswith("write"), first.title
        edits = first.edit.changes[uri]
        assert [e.new_text for e in edits] == [w["repair"]], path
        errors_before = [d for d in diags if d.severity == types.DiagnosticSeverity.Error]
        after = await change(
            client,
            uri,
            2,
            [types.TextDocumentContentChangePartial(range=e.range, text=e.new_text) for e in edits],
        )
        errors = [d for d in after if d.severity == types.DiagnosticSeverity.Error]
        assert not any(key(d) == key(target) for d in errors), f"{path}: the error is still there"
        assert len(errors) < len(errors_before), path
        valid += not errors
        client.text_document_did_close(
            types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri))
        )
        await client.wait_for_notification("textDocument/publishDiagnostics")
    # Most repairs leave a record without error.
    assert valid * 2 > len(cases), f"{valid} of {len(cases)} records valid after the repair"


# Records whose turns are sampled for completion (backgammon, the standard notation).
COMPLETION_RECORDS = [
    "fixtures/demo/valid.mat",
    "fixtures/backgammon/gnubg/m000-0204.mat",
    "fixtures/backgammon/gnubg/m000-0207.mat",
    "fixtures/backgammon/gnubg/m000-0215.mat",
    "fixtures/backgammon/gnubg/m000-0216.mat",
]


def turns(rel: str) -> List[Dict[str, str]]:
    p = subprocess.run(
        [BIN, "convert", "--to", "csv", rel], cwd=ROOT, capture_output=True, text=True
    )
    return [r for r in csv.DictReader(io.StringIO(p.stdout)) if r["die1"]]


def cell_position(text: str, row: Dict[str, str]) -> Optional[Any]:
    """The LSP position right after `dd: ` of a turn cell of the record."""
    lines = text.split("\n")
    game = next(
        i for i, l in enumerate(lines) if re.fullmatch(rf"\s*Game {row['game']}\s*", l)
    )
    for i in range(game + 1, len(lines)):
        line = lines[i]
        if re.match(r"\s*Game \d+", line):
            break
        if re.match(rf"\s*{row['turn']}\)", line):
            dice = f"{row['die1']}{row['die2']}: "
            found = [m.end() for m in re.finditer(re.escape(dice), line)]
            if not found:
                return None
            col = found[0] if row["side"] == "white" else found[-1]
            return types.Position(line=i, character=col)
    return None


def variant(text: str) -> str:
    """The record's `Variation` tag as `--variant` takes it (backgammon without one)."""
    m = re.search(r'\[Variation "([^"]+)"\]', text)
    return m.group(1).lower().replace(" ", "-") if m else "backgammon"


def legal(row: Dict[str, str], var: str) -> List[str]:
    p = subprocess.run(
        [
            BIN,
            "legal",
            "--variant",
            var,
            "--position",
            row["position_before"],
            "--roll",
            f"{row['die1']}{row['die2']}",
            "--side",
            row["side"],
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    return sorted(line.split("\t")[0] for line in p.stdout.splitlines() if line)


async def test_completions_equal_tavla_legal_on_sampled_turns(client: LanguageClient) -> None:
    """Every 7th turn of five records, and each record's first bear-off: the completions after
    `NN) dd: ` are the plays `tavla legal` lists for the position before the turn."""
    checked = bearoffs = 0
    for rel in COMPLETION_RECORDS:
        path = ROOT / rel
        text = path.read_text(encoding="utf-8")
        uri = path.as_uri()
        await open_doc(client, uri, text)
        rows = turns(rel)
        sample = rows[::7]
        off = next((r for r in rows if "off" in r["play"]), None)
        if off is not None and off not in sample:
            sample.append(off)
        for row in sample:
            at = cell_position(text, row)
            assert at is not None, (rel, row)
            items = await client.text_document_completion_async(
                types.CompletionParams(
                    text_document=types.TextDocumentIdentifier(uri=uri), position=at
                )
            )
            items = items.items if hasattr(items, "items") else items
            got = sorted(i.label for i in items)
            assert got == legal(row, variant(text)), (rel, row["game"], row["turn"], row["side"])
            checked += 1
            bearoffs += row is off
            if len(got) == 1:
                assert items[0].preselect
    assert checked >= 40
    assert bearoffs >= 3


async def test_completion_after_the_dice_lists_the_legal_plays(client: LanguageClient) -> None:
    uri = "file:///tmp/completion.mat"
    text = " 1 point match\n\n Game 1\n Ann : 0                    Bob : 0\n  1) 64: "
    await open_doc(client, uri, text)
    items = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=4, character=len("  1) 64: ")),
        )
    )
    got = sorted(i.label for i in (items.items if hasattr(items, "items") else items))
    p = subprocess.run(
        [BIN, "legal", "--position", "start", "--roll", "64"],
        capture_output=True,
        text=True,
    )
    want = sorted(line.split("\t")[0] for line in p.stdout.splitlines() if line)
    assert got == want


async def test_completion_replaces_what_is_typed_of_the_play(client: LanguageClient) -> None:
    uri = "file:///tmp/typed.mat"
    text = " 1 point match\n\n Game 1\n Ann : 0                    Bob : 0\n  1) 64: 24/"
    await open_doc(client, uri, text)
    items = await client.text_document_completion_async(
        types.CompletionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=4, character=len("  1) 64: 24/")),
        )
    )
    items = items.items if hasattr(items, "items") else items
    assert items
    for i in items:
        assert i.text_edit.range.start == types.Position(line=4, character=len("  1) 64: "))


async def test_hover_over_a_turn_shows_its_board(client: LanguageClient) -> None:
    path = ROOT / "fixtures/demo/valid.mat"
    text = path.read_text(encoding="utf-8")
    uri = path.as_uri()
    await open_doc(client, uri, text)
    lines = text.splitlines()
    line = next(i for i, l in enumerate(lines) if l.strip().startswith("2)"))
    col = lines[line].index("2)")
    h = await client.text_document_hover_async(
        types.HoverParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            position=types.Position(line=line, character=col),
        )
    )
    assert h is not None
    assert "```text" in h.contents.value
    assert "pips" in h.contents.value


async def test_formatting_is_idempotent(client: LanguageClient) -> None:
    path = ROOT / "fixtures/demo/invalid.mat"
    uri = path.as_uri()
    await open_doc(client, uri, path.read_text(encoding="utf-8"))
    opts = types.FormattingOptions(tab_size=4, insert_spaces=True)
    ident = types.TextDocumentIdentifier(uri=uri)
    edits = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=ident, options=opts)
    )
    assert edits, "the demo record is not in the canonical layout"
    formatted = edits[0].new_text
    await change(
        client, uri, 2, [types.TextDocumentContentChangeWholeDocument(text=formatted)]
    )
    again = await client.text_document_formatting_async(
        types.DocumentFormattingParams(text_document=ident, options=opts)
    )
    assert not again
