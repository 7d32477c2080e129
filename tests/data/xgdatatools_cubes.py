# Each cube decision XG analysed in the .xg files named (a cube record whose ErrCube is not
# -1000), as xgdatatools (PyPI) reads it: one line per entry of the record that carries the
# analysis -- `roll` (no double: the roll that follows), `double`, then `take` or `drop` (or
# `beaver`) -- with Doubled.equB, equDouble, equDrop and XG's error of that entry's decision
# (ErrCube for the roll and the double, ErrTake for the answer). Used by tests/formats/analysis.rs.
import sys, os, importlib.util
spec = importlib.util.find_spec("xgdatatools")
sys.path.insert(0, os.path.dirname(spec.origin))
import xgimport, xgstruct
for path in sys.argv[1:]:
    x = xgimport.Import(path)
    version = -1
    for seg in x.getfilesegment():
        if seg.type != xgimport.Import.Segment.XG_GAMEFILE:
            continue
        seg.fd.seek(0, os.SEEK_SET)
        while True:
            rec = xgstruct.GameFileRecord(version=version).fromstream(seg.fd)
            if rec is None:
                break
            if isinstance(rec, xgstruct.HeaderMatchEntry):
                version = rec.Version
            if not isinstance(rec, xgstruct.CubeEntry) or rec.ErrCube <= -999:
                continue
            d = rec.Doubled
            figures = "%.7f %.7f %.7f" % (d.equB, d.equDouble, d.equDrop)
            if rec.Double == 0:
                print("roll %s %.7f" % (figures, rec.ErrCube))
            elif rec.Double == 1:
                print("double %s %.7f" % (figures, rec.ErrCube))
                answer = {0: "drop", 1: "take", 2: "beaver"}.get(rec.Take)
                if answer:
                    print("%s %s %.7f" % (answer, figures, rec.ErrTake))
