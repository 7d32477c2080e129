# Each analysed move record of the .xg files named, as xgdatatools (PyPI) reads it: the
# equity of every candidate (DataMoves.Eval[i][6]), one line per move. Used by tests/formats/analysis.rs.
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
            if isinstance(rec, xgstruct.MoveEntry):
                d = rec.DataMoves
                n = d.NMoves
                if n > 0 and rec.ErrMove > -999:
                    print(" ".join("%.6f" % d.Eval[i][6] for i in range(min(n, 32))))
