"""Run notebooks top to bottom and store their outputs, so the docs show what each cell prints.

    python tools/store_outputs.py nbs/analysis/07_compare.ipynb [more.ipynb ...]

Cells flagged with a test flag that is off (see tests/test_notebooks.py: `slow`, `java`, and `data` when no
shared folder with the real data is found) are not run and keep the outputs they had. The notebook is then
cleaned with `nbdev_clean`. The docs build refuses a cell that prints or ends in a value with no stored output."""
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / 'tests'))
FLAG = re.compile(r'^\s*#\|\s*([\w-]+)\s*$')


def store(path: Path, skip: set):
    from execnb.nbio import read_nb, write_nb
    from execnb.shell import CaptureShell
    from fastcore.foundation import working_directory
    nb = read_nb(path)

    def skipped(cell):
        if cell.cell_type != 'code': return True
        flags = {m[1] for line in cell.source.splitlines() if (m := FLAG.match(line))}
        return bool(flags & skip) or 'nbdev_export' + '(' in cell.source

    os.environ['IN_TEST'] = '1'
    with working_directory(path.parent): CaptureShell(path).run_all(nb, exc_stop=True, preproc=skipped)
    write_nb(nb, path)


if __name__ == '__main__':
    from test_notebooks import _skip_flags
    os.environ.setdefault('MPLBACKEND', 'Agg')
    skip = set(_skip_flags())
    for p in sys.argv[1:]:
        store(Path(p).resolve(), skip)
        subprocess.run(['nbdev_clean', '--fname', p], check=True)
        print(f"stored the outputs of {p} (cells flagged {', '.join(sorted(skip)) or '-'} not run)")
