"""Run every notebook in nbs/ as one pytest test, through nbdev's own test runner.

Each notebook runs in its own Python process: notebooks re-run their exported cells, which
re-register loaders, metric families and presets, and those registries must not leak from one
notebook into the next. Cells flagged with one of settings.ini's `tst_flags` (`slow`, `java`,
`data`) are skipped unless the flag is enabled: list flags in VMR_LIT_TEST_FLAGS (space
separated). The `data` flag is enabled automatically when the shared folder with real data is
found (see `vmr_lit.core.shared_dir`)."""
import os
import subprocess
import sys
from pathlib import Path
import pytest
from nbdev.config import get_config

ROOT = Path(__file__).resolve().parents[1]
NBS = sorted(p for p in (ROOT / 'nbs').glob('*.ipynb') if not p.name.startswith('_'))


def _flags():
    flags = set(os.environ.get('VMR_LIT_TEST_FLAGS', '').split())
    shared = os.environ.get('VMR_LIT_SHARED') or ROOT.parent / 'shared'
    if (Path(shared) / 'data').is_dir(): flags.add('data')
    return flags


@pytest.mark.parametrize('nb', NBS, ids=[p.stem for p in NBS])
def test_notebook(nb):
    cfg = get_config(path=ROOT)
    skip = sorted(set(cfg.tst_flags.split('|')) - _flags())
    code = ("import sys\nfrom pathlib import Path\nfrom nbdev.test import test_nb\n"
            f"ok, _ = test_nb(Path({str(nb)!r}), skip_flags={skip!r}, force_flags=[], do_print=False, basepath=Path({str(ROOT)!r}))\n"
            "sys.exit(0 if ok else 1)\n")
    env = dict(os.environ, MPLBACKEND='Agg', PYTHONHASHSEED='0')
    r = subprocess.run([sys.executable, '-c', code], cwd=nb.parent, capture_output=True, text=True, env=env, timeout=1800)
    assert r.returncode == 0, f"{nb.name} failed:\n{r.stdout[-3000:]}\n{r.stderr[-6000:]}"
