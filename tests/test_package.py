"""What `help(vmr_lit)` and `help(vmr_lit.evaluate)` show a new user, and that `__all__` is the public API."""
import ast
import inspect
import pydoc
from pathlib import Path
import vmr_lit

ROOT = Path(__file__).resolve().parents[1]


def test_package_docstring_names_the_entry_points():
    text = pydoc.render_doc(vmr_lit, renderer=pydoc.plaintext)
    for name in ('evaluate(gt, pred', 'Report', 'compare(', 'load(path', 'PRESETS', 'vmr-lit moments'):
        assert name in vmr_lit.__doc__ and name in text, name


def test_all_is_explicit_and_complete():
    src = (ROOT / 'vmr_lit' / '__init__.py').read_text()
    imported = [a.asname or a.name for n in ast.parse(src).body if isinstance(n, ast.ImportFrom) for a in n.names]
    assert sorted(vmr_lit.__all__) == sorted(imported)
    assert len(set(vmr_lit.__all__)) == len(vmr_lit.__all__)
    for name in vmr_lit.__all__: assert getattr(vmr_lit, name) is not None, name


def test_evaluate_documents_every_parameter_with_an_example():
    doc = inspect.getdoc(vmr_lit.evaluate)
    text = pydoc.render_doc(vmr_lit.evaluate, renderer=pydoc.plaintext)
    for p in inspect.signature(vmr_lit.evaluate).parameters:
        assert f"- {p}" in doc or f", {p}:" in doc or f"- **{p}" in doc, p
    assert 'Example' in doc and ">>> rep = evaluate(" in text
    assert 'DataFrame' in doc and 'records' in doc
