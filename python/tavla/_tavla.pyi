"""Type stubs of ``tavla._tavla``, the native half of the package (``python/src/*.rs``).

The documented API is the package ``tavla``, which wraps these functions (paths given one by
one, rolls as ``"64"``, ``rule`` as one string) and re-exports these classes.
"""

import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, TypedDict, Union, final

__version__: str
COLUMNS: List[str]

_Path = Union[str, "os.PathLike[str]"]

class TextSpan(TypedDict):
    """Where a span stands in a record's text (every field ``None`` in a binary file)."""

    line: Optional[int]
    column: Optional[int]
    offset: Optional[int]
    length: Optional[int]

class RelatedLabel(TextSpan):
    """A secondary label of a finding: a span and its text."""

    label: str

class _PlayResult(TypedDict):
    json: Dict[str, Any]

class PlayResult(_PlayResult, total=False):
    """The position a play leads to: the JSON position, and its identifiers in the
    backgammon family (absent in other games)."""

    position_id: str
    xgid: str
    ogid: str

class NearestPlay(TypedDict):
    """One of the nearest legal plays to an illegal one."""

    standard: str
    letters: str
    result: PlayResult

class ParseError(ValueError):
    """A play (or another text) that cannot be read."""

    message: str
    span: Tuple[int, int]
    code: Optional[str]
    errors: List[Dict[str, Any]]

class PositionError(ValueError):
    """A position that cannot be read, or a side that contradicts it."""

    message: str
    span: Tuple[int, int]

@final
class Finding:
    """One problem found in a record: the object of ``tavla validate --format jsonl``."""

    @property
    def path(self) -> str: ...
    @property
    def code(self) -> str: ...
    @property
    def severity(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def end_line(self) -> Optional[int]: ...
    @property
    def end_column(self) -> Optional[int]: ...
    @property
    def offset(self) -> Optional[int]: ...
    @property
    def length(self) -> Optional[int]: ...
    @property
    def label(self) -> str: ...
    @property
    def help(self) -> Optional[str]: ...
    @property
    def related(self) -> List[RelatedLabel]: ...
    @property
    def suggestions(self) -> List[str]: ...
    @property
    def repair(self) -> Optional[str]: ...
    @property
    def continued(self) -> Optional[str]: ...
    @property
    def rests_on(self) -> Optional[TextSpan]: ...
    @property
    def match(self) -> Optional[int]: ...
    @property
    def game(self) -> Optional[int]: ...
    @property
    def turn(self) -> Optional[int]: ...
    @property
    def side(self) -> Optional[str]: ...
    @property
    def byte_offset(self) -> Optional[int]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class FileReport:
    """What ``validate`` found in one record."""

    @property
    def path(self) -> str: ...
    @property
    def games(self) -> int: ...
    @property
    def turns(self) -> int: ...
    @property
    def unreadable(self) -> bool: ...
    @property
    def errors(self) -> int: ...
    @property
    def warnings(self) -> int: ...
    @property
    def ok(self) -> bool: ...
    @property
    def findings(self) -> List[Finding]: ...

@final
class Report:
    """The result of ``validate`` and ``validate_text``."""

    def __init__(self, files: Sequence[FileReport]) -> None: ...
    @property
    def files(self) -> List[FileReport]: ...
    @property
    def findings(self) -> List[Finding]: ...
    @property
    def errors(self) -> int: ...
    @property
    def warnings(self) -> int: ...
    @property
    def ok(self) -> bool: ...
    def __bool__(self) -> bool: ...
    def __len__(self) -> int: ...

@final
class PlayVerdict:
    """The verdict of ``check_play``: the object of ``tavla check --format json``."""

    @property
    def legal(self) -> bool: ...
    @property
    def play(self) -> str: ...
    @property
    def side(self) -> str: ...
    @property
    def roll(self) -> Tuple[int, int]: ...
    @property
    def legal_plays(self) -> int: ...
    @property
    def standard(self) -> Optional[str]: ...
    @property
    def letters(self) -> Optional[str]: ...
    @property
    def steps(self) -> Optional[List[Dict[str, Any]]]: ...
    @property
    def result(self) -> Optional[PlayResult]: ...
    @property
    def nearest(self) -> List[NearestPlay]: ...
    @property
    def code(self) -> Optional[str]: ...
    @property
    def message(self) -> Optional[str]: ...
    @property
    def span(self) -> Optional[Tuple[int, int]]: ...
    @property
    def findings(self) -> List[Finding]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def __bool__(self) -> bool: ...

@final
class LegalPlay:
    """One legal play: both notations, and the resulting position."""

    @property
    def standard(self) -> str: ...
    @property
    def letters(self) -> str: ...
    @property
    def position_id(self) -> Optional[str]: ...
    @property
    def xgid(self) -> Optional[str]: ...
    @property
    def position(self) -> Dict[str, Any]: ...
    def to_dict(self) -> Dict[str, Any]: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

@final
class PlayRows:
    """The rows of the table of plays, checked in chunks of files as they are read."""

    def __iter__(self) -> Iterator[Dict[str, Any]]: ...
    def __next__(self) -> Dict[str, Any]: ...

@final
class ArrowPlays:
    """The table of plays as Arrow record batches, read once through the Arrow PyCapsule
    interface."""

    def __arrow_c_stream__(self, requested_schema: Optional[object] = None) -> object: ...
    @property
    def num_rows(self) -> int: ...
    def __len__(self) -> int: ...

def validate(
    paths: Sequence[_Path],
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Optional[Sequence[str]] = None,
    jobs: Optional[int] = None,
    ext: Optional[Sequence[str]] = None,
) -> Report: ...
def validate_text(
    text: str,
    name: str = "<text>",
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Optional[Sequence[str]] = None,
) -> Report: ...
def validate_data(
    data: bytes,
    name: str,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Optional[Sequence[str]] = None,
) -> Report: ...
def read(
    path: Optional[_Path] = None,
    text: Optional[str] = None,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Optional[Sequence[str]] = None,
    with_source: bool = False,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
) -> Dict[str, Any]: ...
def legal_plays(
    position: str = "start",
    roll: Optional[Tuple[int, int]] = None,
    variant: Optional[str] = None,
    side: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Optional[Sequence[str]] = None,
) -> List[LegalPlay]: ...
def check_play(
    position: str,
    roll: Optional[Tuple[int, int]],
    play: str,
    variant: Optional[str] = None,
    side: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Optional[Sequence[str]] = None,
) -> PlayVerdict: ...
def plays(
    paths: Sequence[_Path],
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Optional[Sequence[str]] = None,
    jobs: Optional[int] = None,
    ext: Optional[Sequence[str]] = None,
    legal_counts: bool = False,
) -> PlayRows: ...
def plays_data(
    data: bytes,
    name: str,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Optional[Sequence[str]] = None,
    legal_counts: bool = False,
) -> List[Dict[str, Any]]: ...
def plays_arrow(
    paths: Optional[Sequence[_Path]] = None,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Optional[Sequence[str]] = None,
    jobs: Optional[int] = None,
    ext: Optional[Sequence[str]] = None,
    with_variant: bool = False,
    legal_counts: bool = False,
) -> ArrowPlays: ...
def codes() -> List[Tuple[str, str]]: ...
