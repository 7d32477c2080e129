"""tavla: the referee of tables games for Python.

Records of backgammon, Gul bara, Tapa / Plakoto, Long nardy and Fevga are replayed move by
move through the same engine as the ``tavla`` command (built from the same crate): every
illegal move is reported with where, why and what was legal. Single positions answer
questions directly (the legal plays of a roll, whether a play is legal), and a flat table
of plays feeds pandas, DuckDB and spreadsheets.

    >>> import tavla
    >>> report = tavla.validate_text(
    ...     " 1 point match\\n\\n Game 1\\n A : 0     B : 0\\n  1) 64: 24/18 13/9    65: 24/13\\n"
    ... )
    >>> report.ok
    True
    >>> [p.standard for p in tavla.legal_plays("start", (6, 4))][:3]
    ['13/7 6/2', '13/7 8/4', '13/7/3']
    >>> tavla.check_play("start", (6, 5), "13/7 24/19").code
    'tavla::rules::blocked'

Functions: :func:`validate`, :func:`validate_text`, :func:`read`, :func:`legal_plays`,
:func:`check_play`, :func:`plays`, :func:`plays_arrow` (the table of plays as a
``pyarrow.Table``; needs pyarrow). Results: :class:`Report` (with a :class:`FileReport`
per record), :class:`Finding`, :class:`PlayVerdict`, :class:`LegalPlay`: native classes with
read-only typed attributes, and ``to_dict()`` for the command's JSON object. Errors:
:class:`ParseError`, :class:`PositionError` (both subclass :class:`ValueError`). Files are
read as the command line reads them (``.mat`` and ``.txt`` when walking directories; every
format the command reads).
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, Dict, Iterator, List, Optional, Sequence, Tuple, Union

from . import _tavla
from ._tavla import (
    FileReport,
    Finding,
    LegalPlay,
    ParseError,
    PlayVerdict,
    PositionError,
    Report,
)

if TYPE_CHECKING:
    import pyarrow

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

__version__: str = _tavla.__version__

#: The columns of :func:`plays` (and of ``tavla convert --to csv``), in order.
COLUMNS: Tuple[str, ...] = tuple(_tavla.COLUMNS)

PathLike = Union[str, "os.PathLike[str]"]
Roll = Union[Tuple[int, int], str, None]

def _rule_list(rule: Union[str, Sequence[str], None]) -> Optional[List[str]]:
    if rule is None:
        return None
    if isinstance(rule, str):
        return [rule]
    return list(rule)


def _roll(roll: Roll) -> Optional[Tuple[int, int]]:
    if roll is None:
        return None
    if isinstance(roll, str):
        digits = [c for c in roll if c not in "-/ "]
        if len(digits) != 2 or not all(c in "123456" for c in digits):
            raise ValueError(f"roll {roll!r}: write two dice from 1 to 6, e.g. (6, 4) or '64'")
        return (int(digits[0]), int(digits[1]))
    a, b = roll
    return (int(a), int(b))


def validate(
    *paths: PathLike,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Union[str, Sequence[str], None] = None,
    jobs: Optional[int] = None,
    ext: Optional[Sequence[str]] = None,
    allow_empty: bool = False,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
) -> Report:
    """Check records (files or directories, walked for ``ext``: ``.mat`` and ``.txt`` by
    default) and return a :class:`Report`, as ``tavla validate`` does.

    ``variant``, ``rules`` (a preset) and ``rule`` (``"key=value"`` options, one or a list)
    override the records' headers like ``--variant``, ``--rules`` and ``--rule``. The files
    are checked in parallel on ``jobs`` threads (default: all cores) with the GIL released.
    A file that cannot be read is a ``tavla::io::unreadable`` finding, as on the command
    line.

        >>> report = tavla.validate("fixtures/demo")            # doctest: +SKIP
        >>> report.ok, [f.code for f in report.findings][:1]     # doctest: +SKIP
        (False, ['tavla::rules::blocked'])

    ``data`` (with ``name``, whose extension is a hint to the format) checks one record given
    as bytes instead of paths, in any format the command line reads — what a cluster job
    hands its workers.

    :raises ValueError: no path given, no record found (unless ``allow_empty``), or an
        unknown variant, preset or option.
    """
    if data is not None:
        if paths:
            raise ValueError("give paths or data, not both")
        return _tavla.validate_data(
            bytes(data), name or "<data>", variant=variant, rules=rules, rule=_rule_list(rule)
        )
    if not paths:
        raise ValueError("no input: name record files or directories")
    report = _tavla.validate(
        [os.fspath(p) for p in paths],
        variant=variant,
        rules=rules,
        rule=_rule_list(rule),
        jobs=jobs,
        ext=list(ext) if ext is not None else None,
    )
    if not report.files and not allow_empty:
        raise ValueError(
            "tavla::io::no-records: no record found: no file with the extensions asked for in the paths given"
        )
    return report


def validate_text(
    text: str,
    name: str = "<text>",
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Union[str, Sequence[str], None] = None,
) -> Report:
    """Check one record given as text; findings name it ``name``.

        >>> text = " 1 point match\\n\\n Game 1\\n A : 0     B : 0\\n  1) 65: 13/7 24/19\\n"
        >>> r = tavla.validate_text(text, name="m.mat")
        >>> (r.ok, r.errors, r.findings[0].path)
        (False, 1, 'm.mat')

    :raises ValueError: an unknown variant, preset or option.
    """
    return _tavla.validate_text(text, name=name, variant=variant, rules=rules, rule=_rule_list(rule))


def read(
    path_or_text: Union[PathLike, str, None] = None,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Union[str, Sequence[str], None] = None,
    with_source: bool = False,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
) -> Dict[str, Any]:
    """The match document of ``tavla convert --to json`` as dicts and lists: header
    (``tags``, ``comments``, ``players``, ``match_length``), ``games`` with their
    ``actions`` (turns with dice, stages, steps and the position after each turn; cube
    actions; results) and the verdict (``valid``, ``errors``, ``warnings``).

    A string holding a line break is the record's text; anything else names a file, read
    in every format the command line reads. ``with_source`` adds spans and the cells as
    written.

        >>> doc = tavla.read(" 1 point match\\n\\n Game 1\\n A : 0     B : 0\\n  1) 64: 24/18 13/9\\n")
        >>> doc["valid"], doc["games"][0]["actions"][0]["stages"][0]["play"]
        (True, '24/18 13/9')

    ``data`` (with ``name``) reads a record given as bytes, in any format.

    :raises FileNotFoundError: the file does not exist.
    :raises OSError: it cannot be read (a directory, larger than 256 MiB, ...).
    :raises ValueError: an unknown variant, preset or option.
    """
    if data is not None:
        if path_or_text is not None:
            raise ValueError("give a path, a text or data")
        return _tavla.read(
            data=bytes(data),
            name=name,
            variant=variant,
            rules=rules,
            rule=_rule_list(rule),
            with_source=with_source,
        )
    if path_or_text is None:
        raise ValueError("give a path, a text or data")
    if isinstance(path_or_text, str) and ("\n" in path_or_text or "\r" in path_or_text):
        return _tavla.read(
            text=path_or_text, variant=variant, rules=rules, rule=_rule_list(rule), with_source=with_source
        )
    return _tavla.read(
        path=os.fspath(path_or_text),
        variant=variant,
        rules=rules,
        rule=_rule_list(rule),
        with_source=with_source,
    )


def legal_plays(
    position: str = "start",
    roll: Roll = (6, 4),
    variant: Optional[str] = "backgammon",
    side: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Union[str, Sequence[str], None] = None,
) -> List[LegalPlay]:
    """The distinct legal plays of ``roll`` from ``position``, as ``tavla legal`` lists them
    (sorted by their mover-relative text): each a :class:`LegalPlay` with ``standard``
    (``"24/18 13/9"``), ``letters`` (``"6/4 = 1A-7A and 12A-9"``), ``position`` (the
    resulting position as the JSON position dict), ``position_id`` and ``xgid`` (backgammon
    family; ``None`` in other games) and ``to_dict()``.

    ``position`` is ``"start"``, a GNU Backgammon Position ID (or ``PositionID:MatchID``),
    an XGID or the JSON position of :func:`read`; ``roll`` is ``(6, 4)`` or ``"64"``, or
    ``None`` for the position's own dice (an XGID's). ``side`` is ``"white"`` or ``"black"``
    (default: the position's player on roll, else White).

        >>> plays = tavla.legal_plays("start", (6, 4))
        >>> len(plays), plays[0].standard, plays[0].position_id
        (14, '13/7 6/2', 'wuvgATDgc/ABMA')
        >>> len(tavla.legal_plays("start", (6, 4), variant="gul-bara"))
        2

    :raises PositionError: the position cannot be read, or ``side`` is not its player on
        roll.
    :raises ValueError: a bad roll, no roll at all, or an unknown variant, preset or option.
    """
    return _tavla.legal_plays(
        position, roll=_roll(roll), variant=variant, side=side, rules=rules, rule=_rule_list(rule)
    )


def check_play(
    position: str,
    roll: Roll,
    play: str,
    variant: Optional[str] = "backgammon",
    side: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Union[str, Sequence[str], None] = None,
) -> PlayVerdict:
    """Judge one play, in either notation (``"24/18 13/9"`` or ``"6/4 = 1A-7A and 12A-9"``),
    from ``position`` with ``roll``, as ``tavla check`` does: legal or not, the typed reason
    and its span in the play, the result, and the nearest legal plays.

    ``roll`` may be ``None`` when the play writes its own dice (``6/4 = …``) or the position
    has them; a play written ``B …`` is Black's.

        >>> v = tavla.check_play("start", (6, 5), "13/7 24/19")
        >>> v.legal, v.code, v.span, v.nearest[0]["standard"]
        (False, 'tavla::rules::blocked', (5, 10), '24/18/13')
        >>> tavla.check_play("start", None, "6/4 = 1A-7A and 12A-9").standard
        '24/18 13/9'

    :raises ParseError: the play cannot be read (``message``, ``span``, ``code``).
    :raises PositionError: the position cannot be read.
    :raises ValueError: a bad roll, no roll at all, a side or roll that contradicts the
        position or the play, or an unknown variant, preset or option.
    """
    return _tavla.check_play(
        position,
        _roll(roll),
        play,
        variant=variant,
        side=side,
        rules=rules,
        rule=_rule_list(rule),
    )


def plays(
    *paths: PathLike,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Union[str, Sequence[str], None] = None,
    jobs: Optional[int] = None,
    ext: Optional[Sequence[str]] = None,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
    legal_counts: bool = False,
) -> Iterator[Dict[str, Any]]:
    """The flat table of plays of the records of ``paths``: an iterator of dicts, one per play
    or cube action, with the columns of ``tavla convert --to csv`` (:data:`COLUMNS`):
    ``path``, ``match`` (the match's index in the file), ``game``, ``turn``, ``side``,
    ``player``, ``die1``, ``die2``, ``play`` (normalised), ``position_before`` (tavla's
    position string), ``xgid_before`` (the XGID where the board allows one), ``legal``, ``code`` (of
    the cell's first error), ``n_legal`` (legal plays of the roll, with ``legal_counts=True``:
    every play of every roll is then enumerated, several times the work of the check; ``None``
    otherwise), ``pips_before_white``,
    ``pips_before_black``, ``score_white``, ``score_black``, ``cube``, and from the file's
    analysis ``equity_loss``, ``best_play``, ``cube_error``, ``proper_cube``, ``luck``, then
    ``comment``. A missing value is ``None``.

    Files are checked in parallel chunks with the GIL released, so memory stays bounded by a
    chunk; ``pandas.DataFrame(tavla.plays(...))`` loads the table.

        >>> rows = list(tavla.plays("fixtures/demo/valid.mat", legal_counts=True))  # doctest: +SKIP
        >>> rows[0]["play"], rows[0]["n_legal"]                   # doctest: +SKIP
        ('13/11 6/5', 16)

    ``data`` (with ``name``, whose extension is a hint to the format) gives the rows of one
    record given as bytes, in any format.

    :raises OSError: a file cannot be read (raised when the iterator reaches it).
    :raises ValueError: no path given, or an unknown variant, preset or option.
    """
    if data is not None:
        if paths:
            raise ValueError("give paths or data, not both")
        return iter(
            _tavla.plays_data(
                bytes(data),
                name or "<data>",
                variant=variant,
                rules=rules,
                rule=_rule_list(rule),
                legal_counts=legal_counts,
            )
        )
    if not paths:
        raise ValueError("no input: name record files or directories")
    return _tavla.plays(
        [os.fspath(p) for p in paths],
        variant=variant,
        rules=rules,
        rule=_rule_list(rule),
        jobs=jobs,
        ext=list(ext) if ext is not None else None,
        legal_counts=legal_counts,
    )


def plays_arrow(
    *paths: PathLike,
    variant: Optional[str] = None,
    rules: Optional[str] = None,
    rule: Union[str, Sequence[str], None] = None,
    jobs: Optional[int] = None,
    ext: Optional[Sequence[str]] = None,
    data: Optional[bytes] = None,
    name: Optional[str] = None,
    with_variant: bool = False,
    legal_counts: bool = False,
) -> pyarrow.Table:
    """The table of plays of :func:`plays` as a ``pyarrow.Table``: the same rows, with the
    columns and types of ``tavla convert --to parquet`` (``path``, ``match``, ``game``,
    ``side`` and ``play`` not nullable; integers ``int64``, the dice, pips and cube
    ``int32``, ``legal`` ``bool``, the analysis figures ``double``, text ``string``).

    The arrays are built in Rust, with the GIL released while the records are read and
    replayed, and handed to pyarrow through the Arrow C stream interface: no Python object
    per value. ``with_variant`` adds a last column ``variant``, the variant each game was
    replayed as (``"backgammon"``, ``"gul-bara"``, ...; null for a variant tavla does not
    know), what a job over a mixed archive partitions by. Takes the arguments of
    :func:`plays`: paths (files or directories), or ``data`` with ``name``.

        >>> text = b" 1 point match\\n\\n Game 1\\n A : 0     B : 0\\n  1) 64: 24/18 13/9    65: 24/13\\n"
        >>> t = tavla.plays_arrow(data=text, name="m.mat", legal_counts=True)  # doctest: +SKIP
        >>> t.num_rows, t.column("n_legal").to_pylist()             # doctest: +SKIP
        (2, [14, 11])

    pyarrow (14 or later) is needed: ``pip install pyarrow``.

    :raises ImportError: pyarrow is not installed.
    :raises OSError: a file (or ``data``) cannot be read.
    :raises ValueError: no input given, or an unknown variant, preset or option.
    """
    try:
        import pyarrow
    except ImportError as e:
        raise ImportError(
            "tavla.plays_arrow returns a pyarrow.Table and needs pyarrow (14 or later), "
            "which is not installed: pip install pyarrow"
        ) from e
    if data is not None:
        if paths:
            raise ValueError("give paths or data, not both")
        stream = _tavla.plays_arrow(
            data=bytes(data),
            name=name or "<data>",
            variant=variant,
            rules=rules,
            rule=_rule_list(rule),
            with_variant=with_variant,
            legal_counts=legal_counts,
        )
    else:
        if not paths:
            raise ValueError("no input: name record files or directories")
        stream = _tavla.plays_arrow(
            [os.fspath(p) for p in paths],
            variant=variant,
            rules=rules,
            rule=_rule_list(rule),
            jobs=jobs,
            ext=list(ext) if ext is not None else None,
            with_variant=with_variant,
            legal_counts=legal_counts,
        )
    from_stream = getattr(pyarrow.RecordBatchReader, "from_stream", None)
    if from_stream is not None:
        reader = from_stream(stream)
    else:  # pyarrow 14
        reader = pyarrow.RecordBatchReader._import_from_c_capsule(stream.__arrow_c_stream__())
    return reader.read_all()
