"""The package's architecture, checked on its source (`nbs/` exports it; see CONVENTIONS in the docs' index).

- Layers one way: `.importlinter` holds the layers contract (cli -> analysis -> llm | captions | ranking -> moments
  -> io | kernels -> core), checked by import-linter, which sees every import, function-level ones included.
- No import cycle between modules, no function-level import of a package module (it would hide a cycle), no import
  of another module's private name, and no module importing the package root (the root imports everything).
- A small front door: at most 30 names in `vmr_lit.__all__`, none shadowing a module, and at most 12 modules flat in
  the package root."""
import ast
import os
import shutil
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = 'vmr_lit'


def _modules():
    out = {}
    for p in sorted((ROOT / PKG).rglob('*.py')):
        if p.name == '_modidx.py': continue
        name = '.'.join(p.relative_to(ROOT).with_suffix('').parts)
        out[name.removesuffix('.__init__')] = p
    return out


MODS = _modules()


def _imports(name, path):
    "(imported module, imported name or None, line, at module level?) for each import of a package module."
    tree = ast.parse(path.read_text(encoding='utf-8'))
    pkg = name if path.name == '__init__.py' else name.rsplit('.', 1)[0]
    nested = {id(n) for f in ast.walk(tree) if isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda))
              for n in ast.walk(f) if n is not f}
    for node in ast.walk(tree):
        top = id(node) not in nested
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name == PKG or a.name.startswith(PKG + '.'): yield a.name, None, node.lineno, top
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split('.')[:len(pkg.split('.')) - node.level + 1]
                mod = '.'.join(base + ([node.module] if node.module else []))
            else: mod = node.module or ''
            if not (mod == PKG or mod.startswith(PKG + '.')): continue
            for a in node.names:
                sub = f'{mod}.{a.name}'
                yield (sub, None, node.lineno, top) if sub in MODS else (mod, a.name, node.lineno, top)


EDGES = {name: list(_imports(name, path)) for name, path in MODS.items()}


def test_layers_contract_with_import_linter():
    exe = shutil.which('lint-imports', path=str(Path(sys.executable).parent)) or shutil.which('lint-imports')
    assert exe, 'import-linter is a development requirement: pip install -e ".[dev]"'
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get('PYTHONPATH', '')]))   # this checkout's package
    r = subprocess.run([exe, '--no-cache', str(ROOT / '.importlinter')], cwd=ROOT, capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert 'Contracts: 1 kept, 0 broken' in r.stdout, r.stdout[-2000:]


def _cycles(graph):
    index, low, stack, on, out = {}, {}, [], set(), []
    def visit(v):
        index[v] = low[v] = len(index); stack.append(v); on.add(v)
        for w in graph[v]:
            if w not in index: visit(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while (w := stack.pop()) != v: on.discard(w); comp.append(w)
            on.discard(v); comp.append(v)
            if len(comp) > 1: out.append(sorted(comp))
    for v in list(graph):
        if v not in index: visit(v)
    return out


def test_no_import_cycle_between_modules():
    graph = defaultdict(set)
    for name, edges in EDGES.items():
        graph[name] |= {m for m, _, _, _ in edges if m != name and m in MODS}
    assert _cycles(graph) == []


def test_no_module_imports_the_package_root():
    bad = [f'{n}:{l}' for n, e in EDGES.items() if n != PKG for m, _, l, _ in e if m == PKG]
    assert bad == []


def test_no_function_level_import_of_a_package_module():
    bad = [f'{n}:{l} imports {m}' for n, e in EDGES.items() for m, _, l, top in e if not top]
    assert bad == []


def test_no_import_of_another_modules_private_name():
    bad = [f'{n}:{l} imports {m}.{a}' for n, e in EDGES.items() for m, a, l, _ in e
           if a and a.startswith('_') and not a.startswith('__')]
    assert bad == []


def test_small_front_door():
    import vmr_lit
    assert len(vmr_lit.__all__) <= 30, len(vmr_lit.__all__)
    flat = [p for p in (ROOT / PKG).glob('*.py') if p.name not in ('__init__.py', '_modidx.py')]
    assert len(flat) <= 12, flat
    for name in MODS:                       # `import vmr_lit.x.y as m` gives the module, never a function named y
        parent, _, leaf = name.rpartition('.')
        if parent:
            import importlib
            assert getattr(importlib.import_module(parent), leaf).__name__ == name, name


def _notebook(path):
    "The notebook a module is exported from (nbdev writes it in the module's first lines)."
    head = path.read_text(encoding='utf-8')[:400]
    m = __import__('re').search(r'File to edit: ((?:\.\./)+nbs/\S+\.ipynb)', head)
    return (path.parent / m.group(1)).resolve().relative_to(ROOT / 'nbs') if m else None


def test_notebooks_are_numbered_in_dependency_order():
    "Inside a folder of nbs/, a notebook imports only from notebooks numbered before it (across folders, the layers rule)."
    bad = []
    for name, edges in EDGES.items():
        src = _notebook(MODS[name])
        if src is None: continue
        for m, _, line, _ in edges:
            dst = _notebook(MODS[m]) if m in MODS else None
            if dst is not None and dst.parent == src.parent and dst.name >= src.name and dst != src:
                bad.append(f'{src} imports {dst} ({name}:{line})')
    assert bad == []
