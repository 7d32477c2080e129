"""Type stubs of the `tavla` package (see `help(tavla)` for the full reference)."""

import os
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

if TYPE_CHECKING:
    import pyarrow

__version__: str
COLUMNS: Tuple[str, ...]

PathLike = Union[str, os.PathLike[str]]
Roll = Union[Tuple[int, int], str, None]
Rule = Union[str, Sequence[str], None]

class ParseError(ValueError):
    """A text that cannot be read."""

    message: str
    span: Tuple[int, int]
    code: Optional[str]
    errors: List[Dict[str, Any]]

class PositionError(ValueError):
    """A position that cannot be read."""

    message: str
    span: Tuple[int, int]

class Finding:
    path: str
    code: str
    severity: str
    message: str
    line: Optional[int]
    column: Optional[int]
    end_line: Optional[int]
    end_column: Optional[int]
    offset: Optional[int]
    length: Optional[int]
    label: str
    help: Optional[str]
    related: List[Dict[str, Any]]
    suggestions: List[str]
    repair: Optional[str]
    continued: Optional[str]
    rests_on: Optional[Dict[str, int]]
    match: Optional[int]
    game: Optional[int]
    turn: Optional[int]
    side: Optional[str]
    byte_offset: Optional[int]
    def __init__(self, data: Dict[str, Any]) -> None: ...
    def to_dict(self) -> Dict[str, Any]: ...

class FileReport:
    path: str
    games: int
    turns: int
    unreadable: bool
    findings: List[Finding]
    @property
    def errors(self) -> int: ...
    @property
    def warnings(self) -> int: ...
    @property
    def ok(self) -> bool: ...

class Report:
    files: List[FileReport]
    @property
    def findings(self) -> List[Finding]: ...
    @property
    def errors(self) -> int: ...
    @property
    def warnings(self) -> int: ...
    @property
    def ok(self) -> bool: ...
    def __bool__(self) -> bool: ...

class LegalPlay:
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

class PlayVerdict:
    legal: bool
    play: str
    side: str
    roll: List[int]
    legal_plays: int
    standard: Optional[str]
    letters: Optional[str]
    steps: Optional[List[Dict[str, Any]]]
    result: Optional[Dict[str, Any]]
    nearest: Optional[List[Dict[str, Any]]]
    code: Optional[str]
    message: Optional[str]
    span: Optional[Tuple[int, int]]
    findings: List[Finding]
    def to_dict(self) -> Dict[str, Any]: ...
    def __bool__(self) -> bool: ...

def validate(
    *paths: PathLike,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Rule = None,
    jobs: Optional[int] = None,
    ext: Optional[Sequence[str]] = None,
    allow_empty: bool = False,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
) -> Report: ...
def validate_text(
    text: str,
    name: str = "<text>",
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Rule = None,
) -> Report: ...
def read(
    path_or_text: Union[PathLike, str, None] = None,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Rule = None,
    with_source: bool = False,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
) -> Dict[str, Any]: ...
def legal_plays(
    position: str = "start",
    roll: Roll = (6, 4),
    variant: Optional[str] = "backgammon",
    side: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Rule = None,
) -> List[LegalPlay]: ...
def check_play(
    position: str,
    roll: Roll,
    play: str,
    variant: Optional[str] = "backgammon",
    side: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Rule = None,
) -> PlayVerdict: ...
def plays(
    *paths: PathLike,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Rule = None,
    jobs: Optional[int] = None,
    ext: Optional[Sequence[str]] = None,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
    legal_counts: bool = False,
) -> Iterator[Dict[str, Any]]: ...
def plays_arrow(
    *paths: PathLike,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Rule = None,
    jobs: Optional[int] = None,
    ext: Optional[Sequence[str]] = None,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
    with_variant: bool = False,
    legal_counts: bool = False,
) -> "pyarrow.Table": ...
