"""Type stubs of the `tavla` package (see `help(tavla)` for the full reference).

The result classes are the native module's (`tavla/_tavla.pyi`); so are the typed dicts
their attributes hold (`TextSpan`, `RelatedLabel`, `PlayResult`, `NearestPlay`), which exist
for the type checker only: import them under `typing.TYPE_CHECKING`.
"""

import os
from typing import Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import pyarrow

from ._tavla import FileReport as FileReport
from ._tavla import Finding as Finding
from ._tavla import LegalPlay as LegalPlay
from ._tavla import NearestPlay as NearestPlay
from ._tavla import ParseError as ParseError
from ._tavla import PlayResult as PlayResult
from ._tavla import PlayVerdict as PlayVerdict
from ._tavla import PositionError as PositionError
from ._tavla import RelatedLabel as RelatedLabel
from ._tavla import Report as Report
from ._tavla import TextSpan as TextSpan

__all__ = [
    "validate",
    "validate_text",
    "read",
    "legal_plays",
    "check_play",
    "plays",
    "plays_arrow",
    "Report",
    "FileReport",
    "Finding",
    "PlayVerdict",
    "LegalPlay",
    "ParseError",
    "PositionError",
    "COLUMNS",
    "__version__",
]

__version__: str
COLUMNS: Tuple[str, ...]

PathLike = Union[str, os.PathLike[str]]
Roll = Union[Tuple[int, int], str, None]
Rule = Union[str, Sequence[str], None]

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
) -> pyarrow.Table: ...
