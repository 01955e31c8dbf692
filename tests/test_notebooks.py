"""Run every notebook in nbs/ as one pytest test, through nbdev's own test runner.

Cells flagged with one of settings.ini's `tst_flags` (`slow`, `java`, `data`) are skipped unless
the flag is enabled: list flags in VMR_LIT_TEST_FLAGS (space separated). The `data` flag is enabled
automatically when the shared folder with real data is found (see `vmr_lit.core.shared_dir`)."""
import os
from pathlib import Path
import pytest
from nbdev.config import get_config
from nbdev import test as nbdev_test

ROOT = Path(__file__).resolve().parents[1]
NBS = sorted(p for p in (ROOT / 'nbs').glob('*.ipynb') if not p.name.startswith('_'))


def _flags():
    flags = set(os.environ.get('VMR_LIT_TEST_FLAGS', '').split())
    shared = os.environ.get('VMR_LIT_SHARED') or ROOT.parent / 'shared'
    if (Path(shared) / 'data').is_dir(): flags.add('data')
    return flags


@pytest.mark.parametrize('nb', NBS, ids=[p.stem for p in NBS])
def test_notebook(nb, monkeypatch):
    cfg = get_config(path=ROOT)
    skip = set(cfg.tst_flags.split('|')) - _flags()
    monkeypatch.chdir(nb.parent)
    ok, elapsed = nbdev_test.test_nb(nb, skip_flags=sorted(skip), force_flags=[], do_print=False, basepath=ROOT)
    assert ok, f"{nb.name} failed"
