"""validate, plays and legal_plays from several Python threads at once give what one thread
gives: the GIL is released while the records are checked, and nothing is shared."""

import threading
from typing import Dict, List, Tuple

import tavla


def test_validate_from_several_threads_at_once() -> None:
    paths = ["fixtures/gulbara", "fixtures/backgammon/gnubg", "fixtures/tapa", "fixtures/demo"]
    alone = {p: [f.to_dict() for f in tavla.validate(p, jobs=1).findings] for p in paths}
    results: Dict[int, Tuple[str, List[Dict[str, object]], int, List[str]]] = {}
    errors: List[Exception] = []

    def work(i: int) -> None:
        try:
            p = paths[i % len(paths)]
            got = [f.to_dict() for f in tavla.validate(p, jobs=2).findings]
            rows = sum(1 for _ in tavla.plays(p, jobs=1))
            legal = [x.standard for x in tavla.legal_plays("start", (i % 6 + 1, 3))]
            results[i] = (p, got, rows, legal)
        except Exception as e:  # pragma: no cover - reported below
            errors.append(e)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert len(results) == 8
    for i, (p, got, rows, legal) in results.items():
        assert got == alone[p], p
        assert rows == sum(1 for _ in tavla.plays(p))
        assert legal == [x.standard for x in tavla.legal_plays("start", (i % 6 + 1, 3))]
