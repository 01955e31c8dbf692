"""Run every notebook in nbs/ as one pytest test, all in this one Python process.

Registration in vmr_lit is idempotent (`vmr_lit.core.register`): a notebook that re-runs its exported
cells registers definitions equal to the package's (same names and source), which is accepted, and anything
else under a taken name is an error, so notebooks can share a process. After each notebook the registries
(loaders, evaluators, commands, presets, demos, moment families and subsets) are restored to the
package's own objects, and the test fails if the notebook left a new name or another definition behind:
a leak fails the notebook that leaked, and no other. Global switches a notebook may touch (quiet/progress, warning filters,
tempfile.tempdir, open figures) and methods it patches onto the package's classes are reset after each notebook.

Cells flagged with one of settings.ini's `tst_flags` (`slow`, `java`, `data`) are skipped unless the
flag is enabled: list flags in VMR_LIT_TEST_FLAGS (space separated). The `data` flag is enabled
automatically when the shared folder with real data is found (see `vmr_lit.core.shared_dir`).
VMR_LIT_NB_PROCESSES=1 runs each notebook in a process of its own instead (for debugging a leak)."""
import gc
import os
import subprocess
import sys
import tempfile
import warnings
from pathlib import Path
import pytest

os.environ.setdefault('MPLBACKEND', 'Agg')
from nbdev.config import get_config

ROOT = Path(__file__).resolve().parents[1]
# nbs/ mirrors the package: one folder per subpackage, read (and run) in layer order, then the guides.
ORDER = ('tutorials', 'core', 'io', 'kernels', 'moments', 'ranking', 'captions', 'llm', 'analysis', 'cli', 'how_to', 'explanations')
NBS = sorted((p for p in (ROOT / 'nbs').rglob('*.ipynb') if not p.name.startswith('_') and '.ipynb_checkpoints' not in p.parts),
             key=lambda p: (ORDER.index(p.parent.name) + 1 if p.parent.name in ORDER else 0, p.name))


def _flags():
    flags = set(os.environ.get('VMR_LIT_TEST_FLAGS', '').split())
    shared = os.environ.get('VMR_LIT_SHARED') or ROOT.parent / 'shared'
    if (Path(shared) / 'data').is_dir(): flags.add('data')
    return flags


def _skip_flags():
    return sorted(set(get_config(path=ROOT).tst_flags.split('|')) - _flags())


def _registries():
    import importlib
    core, formats, options, evaluate_moments = (importlib.import_module(f"vmr_lit.{m}") for m in ('core', 'io.formats', 'cli.options', 'moments.evaluate'))
    return {f"core.{n}": getattr(core, n) for n in ('EVALUATORS', 'PRESETS')} | {'formats.LOADERS': formats.LOADERS} | \
           {f"options.{n}": getattr(options, n) for n in ('COMMANDS', 'DEMOS')} | \
           {f"evaluate_moments.{n}": getattr(evaluate_moments, n) for n in ('FAMILIES', 'SUBSETS')}


def _run_in_process(nb):
    "nbdev's `test_nb`, with the shell kept so its namespace can be freed afterwards."
    from execnb.shell import CaptureShell
    from fastcore.foundation import working_directory
    from nbdev.process import NBProcessor
    from nbdev.frontmatter import FrontmatterProc
    if str(ROOT) not in sys.path: sys.path.insert(0, str(ROOT))
    os.environ['IN_TEST'] = '1'
    flags = set(_skip_flags())
    nbp = NBProcessor(nb, procs=FrontmatterProc, process=True).nb

    def _no_eval(cell):
        if cell.cell_type != 'code': return True
        if 'nbdev_export' + '(' in cell.source: return True
        direc = getattr(cell, 'directives_', {}) or {}
        if direc.get('eval:', [''])[0].lower() == 'false': return True
        return flags & direc.keys()

    k = CaptureShell(nb)
    try:
        with working_directory(nb.parent): k.run_all(nbp, exc_stop=True, preproc=_no_eval)
        return True, ''
    except BaseException:
        return False, k.prettytb(fname=nb)
    finally:
        k.user_ns.clear(); del k; gc.collect()


def _run_in_subprocess(nb):
    code = ("import sys\nfrom pathlib import Path\nfrom nbdev.test import test_nb\n"
            f"ok, _ = test_nb(Path({str(nb)!r}), skip_flags={_skip_flags()!r}, force_flags=[], do_print=False, basepath=Path({str(ROOT)!r}))\n"
            "sys.exit(0 if ok else 1)\n")
    env = dict(os.environ, MPLBACKEND='Agg', PYTHONHASHSEED='0')
    r = subprocess.run([sys.executable, '-c', code], cwd=nb.parent, capture_output=True, text=True, env=env, timeout=1800)
    return r.returncode == 0, f"{r.stdout[-3000:]}\n{r.stderr[-6000:]}"



def _class_attrs():
    "Every attribute of every class defined in the package, so methods a notebook patches (`@patch`) can be put back."
    import inspect
    snap = {}
    for mn, m in list(sys.modules.items()):
        if m is None or not (mn == 'vmr_lit' or mn.startswith('vmr_lit.')): continue
        for c in list(vars(m).values()):
            if inspect.isclass(c) and c.__module__ == mn: snap[id(c)] = (c, dict(c.__dict__))
    return snap


def _restore_class_attrs(snap):
    "Undo what a notebook patched onto the package's classes: its functions refer to the notebook's namespace, freed afterwards."
    for c, attrs in snap.values():
        for k in [k for k in c.__dict__ if k not in attrs and not k.startswith('__')]:
            try: delattr(c, k)
            except (AttributeError, TypeError): pass
        for k, v in attrs.items():
            if not k.startswith('__') and c.__dict__.get(k, attrs) is not v:
                try: setattr(c, k, v)
                except (AttributeError, TypeError): pass


@pytest.mark.parametrize('nb', NBS, ids=[p.relative_to(ROOT / 'nbs').with_suffix('').as_posix() for p in NBS])
def test_notebook(nb):
    if os.environ.get('VMR_LIT_NB_PROCESSES') == '1':
        ok, err = _run_in_subprocess(nb)
        assert ok, f"{nb.name} failed:\n{err}"
        return
    import matplotlib.pyplot as plt
    from vmr_lit.core import set_quiet, set_progress
    before = {name: dict(reg) for name, reg in _registries().items()}
    classes = _class_attrs()
    with warnings.catch_warnings():
        try: ok, err = _run_in_process(nb)
        finally:
            set_quiet(False); set_progress(None); tempfile.tempdir = None; plt.close('all')
            _restore_class_attrs(classes)
    leaks = []
    from vmr_lit.core import same_definition
    key = lambda k: getattr(k, '__qualname__', k)      # EVALUATORS are keyed by type: a notebook's own class is the same name
    for name, reg in _registries().items():
        old, new = ({key(k): v for k, v in r.items()} for r in (before[name], reg))
        changed = sorted(str(k) for k in set(new) | set(old) if k not in new or k not in old or not same_definition(new[k], old[k]))
        if changed: leaks.append(f"{name}: {', '.join(changed)}")
        reg.clear(); reg.update(before[name])  # the package's own objects again (a notebook re-registers its equivalents)
    assert ok, f"{nb.name} failed:\n{err[-8000:]}"
    assert not leaks, f"{nb.name} left names or other definitions in the package's registries (restored): {'; '.join(leaks)}"


def _names(tree):
    "Names a cell binds and names it reads."
    import ast
    bound, read = set(), set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)): bound.add(n.name)
        elif isinstance(n, ast.Name): (bound if isinstance(n.ctx, (ast.Store, ast.Del)) else read).add(n.id)
        elif isinstance(n, (ast.Import, ast.ImportFrom)): bound |= {(a.asname or a.name).split('.')[0] for a in n.names}
        elif isinstance(n, ast.arg): bound.add(n.arg)
        elif isinstance(n, ast.ExceptHandler) and n.name: bound.add(n.name)
    return bound, read


def test_unflagged_cells_need_no_flagged_names():
    "A cell that always runs reads no name that only a flagged cell (`data`, `java`, `slow`) binds: a fresh clone skips those."
    import ast, builtins, json, re
    flags = set(get_config(path=ROOT).tst_flags.split('|'))
    bad = []
    for nb in NBS:
        known, flagged = set(dir(builtins)) | {'display', 'get_ipython'}, set()
        for i, c in enumerate(json.loads(nb.read_text())['cells']):
            if c['cell_type'] != 'code': continue
            src = ''.join(c['source'])
            cell_flags = {m[1] for m in re.finditer(r'^\s*#\|\s*(\w+)\s*$', src, flags=re.M)}
            try: bound, read = _names(ast.parse('\n'.join(l for l in src.splitlines() if not l.lstrip().startswith(('%', '!')))))
            except SyntaxError: continue
            if cell_flags & flags: flagged |= bound; continue
            if (need := sorted((read - known - bound) & flagged)): bad.append(f"{nb.name} cell {i}: {', '.join(need)}")
            known |= bound
    assert not bad, "cells that always run read names only flagged cells bind:\n" + '\n'.join(bad)
