"""Sphinx extension: the comment beside each parameter (fastcore's docments, as nbdev's show_doc shows it)
becomes that parameter's entry in autodoc's parameter list; docstrings' markdown `code` and [links](url) read as reST."""
import inspect, re
from fastcore.docments import docments


def _rst(s):
    "One line of markdown as reST: `code` as ``code``, [text](url) as a link, other * and | as themselves."
    parts = re.split(r'(`[^`]+`)', s)
    parts = [f'`{p}`' if i % 2 else re.sub(r'([*|])', r'\\\1', p) for i, p in enumerate(parts)]
    return re.sub(r'\[([^\]]+)\]\(([^)\s]+)\)', r'`\1 <\2>`__', ''.join(parts))


def _lines(lines):
    "Markdown lines as reST lines: a blank line before a list that follows a paragraph."
    out = []
    for l in lines:
        if l.startswith('- ') and out and out[-1].strip() and not out[-1].startswith(('- ', ' ')): out.append('')
        out.append(_rst(l))
    return out


def add_docments(app, what, name, obj, options, lines):
    lines[:] = _lines(lines)
    fn = getattr(obj, 'py_func', obj)                                       # a numba kernel: its Python function
    if what == 'class': fn = vars(fn).get('__init__')
    if what not in ('function', 'method', 'class') or not callable(fn): return
    try: docs = docments(fn, full=True)
    except Exception: return                                                # no source (builtins, C extensions)
    fields = [f":param {k}: {_rst(v['docment'])}" for k, v in docs.items() if k not in ('self', 'return') and v.get('docment')]
    ret = docs.get('return', {}).get('docment')
    if ret: fields.append(f':returns: {_rst(ret)}')
    if fields: lines += [''] + fields


def skip_constants(app, what, name, obj, skip, options):
    "A module's functions and classes, not its constants (their values can be whole tables)."
    if what == 'module' and not (callable(obj) or isinstance(obj, type)): return True


def setup(app):
    app.connect('autodoc-skip-member', skip_constants)
    app.connect('autodoc-process-docstring', add_docments)
    return {'parallel_read_safe': True, 'parallel_write_safe': True}
