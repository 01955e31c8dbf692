"""Build the documentation site offline into _docs/ (Sphinx + MyST-NB + sphinx-book-theme).

    python tools/build_docs.py            # build _docs/ and regenerate README.md; open _docs/index.html
    python tools/build_docs.py --open     # the same, then open it in the default web browser
    python tools/build_docs.py --check    # and fail unless every page, its math, plots and links are there

1. nbdev's own processor pipeline (what `nbdev_docs` feeds to Quarto) turns nbs/*.ipynb into
   _proc/*.ipynb: hidden cells dropped, exported code, imports and `show_doc` calls executed to render
   the API blocks (only those cells: heavy notebooks are not re-run), front matter extracted.
2. Each processed notebook is staged for Sphinx in _proc/site/: title (plain text) and description
   on top, nbdev's `#|` options turned into MyST-NB tags, show_doc blocks turned into markdown with
   links to the API reference and to the source, links between pages made relative. Links that
   leave the site (other than http(s)) and outputs a page relies on but that were never stored fail
   the build with the notebook's name. An API reference page is generated from the package.
3. Sphinx renders the staged notebooks from their stored outputs (never executing them) with
   warnings as errors; MathJax 3 (npm package `mathjax`, cached) is copied into the site.
4. Every link and image of the built site is checked to resolve inside _docs/.
README.md is regenerated from nbs/index.ipynb (pandoc from `pypandoc-binary`).
"""
import argparse
import importlib
import importlib.util
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
PROC, OUT = ROOT / '_proc', ROOT / '_docs'
SITE = PROC / 'site'                 # Sphinx source folder (staged)
DOCS_CONF = ROOT / 'docs'            # conf.py, _static/, hand-written pages
HINT = 'the docs need the development extras: pip install -e ".[dev]"'
NEEDED = ('nbdev', 'sphinx', 'myst_nb', 'sphinx_book_theme', 'yaml', 'pypandoc')
MATHJAX = dict(version='3.2.2', file='es5/tex-svg-full.js',
               integrity='sha512-Bt+SSVU8eBG27zChVewOicYs7Xsdt40qm4+UpHyX7k0/O9NliPc+x77k1/FEsPsjKPZGJvtRZM1vO+geW0OhGw==')
# Repository-internal paths a reader outside this repository cannot follow.
INTERNAL_REFS = re.compile(r'(?:\.\./)?shared/papers/[\w./-]*|(?:(?:\.\./)?shared/)?\bREFERENCE\.md')


class DocsError(Exception): pass


def require():
    "One line saying what to install, instead of a traceback, when the docs tools are missing."
    missing = [m for m in NEEDED if importlib.util.find_spec(m) is None]
    if missing:
        print(f"build_docs: {', '.join(missing)} not installed; {HINT}", file=sys.stderr)
        sys.exit(1)


# ---------------------------------------------------------------------------------------------
# 1. nbdev processing
# ---------------------------------------------------------------------------------------------
def patch_show_doc_execution():
    """Run only the import statements of cells that mix imports with other code.

    nbdev executes exported cells, imports and `show_doc` calls to render the API blocks; a cell
    that mixes imports with test code would run that code too, out of order (nbdev warns: "Found
    cells containing imports and other code"). The docs need only its imports."""
    import ast
    import warnings
    import nbdev.processors as P
    show_dirs = {'export', 'exports', 'exporti', 'exec_doc'}
    mixed = []

    def __call__(self, cell):
        if not self.nb.has_docs_ or not hasattr(self, 'k'): return
        fm = getattr(self.nb, 'frontmatter_', {})
        if P.str2bool(fm.get('skip_showdoc', False)): return
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')
            run = P._do_eval(cell)
        if not run: return
        trees = cell.parsed_()
        imports = [n for n in trees if isinstance(n, (ast.Import, ast.ImportFrom))]
        others = [n for n in trees if not isinstance(n, (ast.Import, ast.ImportFrom))]
        if imports and others and not (cell.directives_.keys() & show_dirs) and not P._show_docs(trees):
            mixed.append(f"{fm.get('title', '?')}: cell {cell.idx_}")
            self.k.run_cell('\n'.join(ast.unparse(n) for n in imports))
        else: self.k.cell(cell)
        if self.k.exc:
            raise Exception(f"Error in notebook {fm.get('title', '')} in cell {cell.idx_}:\n{cell.source}") from self.k.exc

    P.exec_show_docs.__call__ = __call__
    return mixed


def process_notebooks():
    "nbdev's per-notebook processing into _proc/ (as `proc_nbs` does), one notebook at a time, errors collected."
    import nbdev.serve as S
    import nbdev.serve_drv as D
    from nbdev.config import get_config
    from nbdev.doclinks import nbglob
    cfg = get_config()
    path = Path(cfg.nbs_path)
    PROC.mkdir(parents=True, exist_ok=True)
    files = list(nbglob(path, func=Path, file_glob='', file_re=''))
    failed = {}
    for f in files:
        job = S._proc_file(f, cache=PROC, path=path)
        if not job: continue
        try: D.main(job)
        except Exception as e:
            cause = e.__cause__ or e
            failed[f.name] = f"{type(cause).__name__}: {str(cause).splitlines()[0] if str(cause) else ''} ({str(e).splitlines()[0]})"
    return failed


# ---------------------------------------------------------------------------------------------
# 2. staging for Sphinx
# ---------------------------------------------------------------------------------------------
def front_matter(nb):
    "Title, description and output file from the raw front-matter cell nbdev writes."
    import yaml
    for c in nb['cells'][:2]:
        src = ''.join(c['source'])
        if c['cell_type'] == 'raw' and src.lstrip().startswith('---'):
            return yaml.safe_load(src.strip().strip('-')) or {}
    return {}


def plain(s):
    "A title as plain text: no backticks, no emphasis markers."
    return re.sub(r'[`*]', '', str(s)).strip()


def slug(s):
    "MyST's heading anchor for a heading text (GitHub's rule)."
    from myst_parser.mdit_to_docutils.base import default_slugify
    return default_slugify(s)


def discover():
    "Pages in the notebooks' order: index first, then by file name (as nbdev numbers them)."
    nbs = sorted(PROC.glob('*.ipynb'), key=lambda p: ('0' if p.stem == 'index' else '1') + p.stem)
    pages = []
    for p in nbs:
        nb = json.loads(p.read_text())
        fm = front_matter(nb)
        out = 'index.html' if p.stem == 'index' else (fm.get('output-file') or p.stem + '.html')
        pages.append(dict(src=p, nb=nb, title=plain(fm.get('title', p.stem)), desc=str(fm.get('description', '') or ''),
                          file=out, doc=Path(out).stem, name=p.name))
    return pages


DIRECTIVE = re.compile(r'^\s*#\|\s*([\w-]+)\s*(?::\s*(.*))?$')
MD_LINK = re.compile(r'(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?(\s+"[^"]*")?\s*\)')
HTML_LINK = re.compile(r'''(href|src)\s*=\s*["']([^"']+)["']''')
SOURCE_LINK = re.compile(r'\[source\]\((?P<url>[^)]+)\)(\{[^}]*\})?\s*')


def title_cell_rest(path):
    """The text of a notebook's title cell after its `# title`, `> description` and `- key: value` lines.

    nbdev turns the first markdown cell with a `# title` into front matter and drops the whole cell
    (nbdev.frontmatter.FrontmatterProc), so an introduction written below the title would be lost."""
    try: nb = json.loads(Path(path).read_text())
    except (OSError, ValueError): return ''
    for c in nb['cells']:
        if c['cell_type'] == 'raw': continue
        if c['cell_type'] != 'markdown': return ''
        src = ''.join(c['source'])
        if not re.search(r'^#\s+\S', src, flags=re.M): return ''
        lines, out, head = src.splitlines(), [], True
        for line in lines:
            if head and (re.match(r'^#\s+\S', line) or re.match(r'^>\s', line) or re.match(r'^-\s+\S.*:.*\S\s*$', line) or not line.strip()):
                continue
            head = False; out.append(line)
        return '\n'.join(out).strip()
    return ''


HEADING = re.compile(r'^(#{1,6})\s+(.+?)\s*#*\s*$', re.M)


def heading_slugs(page):
    "MyST's anchors of every heading the staged page will have (markdown cells and show_doc blocks)."
    texts = [page['title']]
    for c in page['nb']['cells']:
        if c['cell_type'] == 'markdown': texts += [m.group(2) for m in HEADING.finditer(strip_fences(''.join(c['source'])))]
        for o in c.get('outputs', []):
            md = o.get('data', {}).get('text/markdown')
            if md: texts += [m.group(2) for m in HEADING.finditer(strip_fences(''.join(md)))]
    return {slug(plain(t)) for t in texts}


def strip_fences(s): return re.sub(r'(?ms)^```.*?^```', '', s)


class Stager:
    def __init__(self, pages, allow_internal=False):
        from nbdev.config import get_config
        cfg = get_config()
        self.cfg, self.pages = cfg, pages
        self.host = (cfg.doc_host.rstrip('/') + '/' + cfg.doc_baseurl.strip('/') + '/').replace('//', '/').replace(':/', '://')
        self.docs = {p['doc'] for p in pages}
        self.alias = {Path(p['name']).stem: p['doc'] for p in pages}
        self.git_published = str(cfg.get('git_url_published', 'False')).lower() in ('true', '1', 'yes')
        import vmr_lit._modidx as M
        self.syms, self.modof = {}, {}                    # (page file, anchor) -> fully qualified name; -> module
        for mod, d in M.d['syms'].items():
            for fq, (url, _) in d.items():
                self.modof[fq] = mod
                self.syms[(url.split('#')[0], url.split('#')[1] if '#' in url else '')] = fq
        self.errors, self.internal, self.api_names, self.anchors = [], [], set(), {}
        self.allow_internal = allow_internal
        self.heads = {p['doc']: heading_slugs(p) for p in pages}
        self.api = {fq for _, _, _, _, entries in api_objects() for fq, *_ in entries}

    # -- links -------------------------------------------------------------------------------
    def link(self, target, nb, kind='link'):
        "Rewrite one link target for the staged page, or record why it leaves the site."
        auto = target.startswith(self.host)             # nbdev's links from `backticked` names
        if auto: target = target[len(self.host):]
        u = urlsplit(target)
        if u.scheme in ('http', 'https', 'mailto', 'data') or target.startswith('#'): return target
        if u.scheme or u.netloc or target.startswith('/'):
            self.errors.append(f"{nb}: {kind} '{target}' leaves the site"); return target
        path, frag = u.path, u.fragment
        stem = self.alias.get(Path(path).stem, Path(path).stem)      # captions/06_soda.ipynb -> soda
        if Path(path).suffix in ('.html', '.ipynb', '.md', '') and '/' not in path and stem in self.docs:
            if frag and auto and slug(frag) not in self.heads.get(stem, ()): frag = ''   # nbdev links names it never documented
            return f"{stem}.ipynb" + (f"#{slug(frag)}" if frag else '') if kind == 'link' else f"{stem}.html" + (f"#{frag}" if frag else '')
        if kind == 'image' and (ROOT / 'nbs' / path).resolve().is_file() and (ROOT / 'nbs') in (ROOT / 'nbs' / path).resolve().parents:
            dest = SITE / path; dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / 'nbs' / path, dest); return path
        self.errors.append(f"{nb}: {kind} '{target}' leaves the site (not a page of the docs{'' if kind != 'image' else ' nor an image beside the notebooks'})")
        return target

    def links(self, text, nb):
        def md(m):
            bang, label, tgt, title = m.group(1), m.group(2), m.group(3), m.group(4) or ''
            return f"{bang}[{label}]({self.link(tgt, nb, 'image' if bang else 'link')}{title})"
        text = MD_LINK.sub(md, text)
        text = HTML_LINK.sub(lambda m: f'{m.group(1)}="{self.link(m.group(2), nb, "html " + m.group(1))}"', text)
        for m in INTERNAL_REFS.finditer(text):
            self.internal.append(f"{nb}: mentions '{m.group(0)}' (a repository-internal path: cite the paper by DOI/arXiv/venue, state REFERENCE.md's facts in the page)")
        return text

    # -- show_doc ----------------------------------------------------------------------------
    def show_doc(self, md, page, nb):
        "nbdev's show_doc markdown: no rule, links to the API entry and the source, plain signature."
        md = re.sub(r'^\s*---\s*\n', '', md)
        src = SOURCE_LINK.search(md)
        md = SOURCE_LINK.sub('', md, count=1)
        m = re.search(r'^(#{2,6})\s+(.+?)\s*$', md, flags=re.M)
        # markdown links inside the signature's code block show literally: keep their text only
        md = re.sub(r'(?s)```python\n.*?```', lambda b: re.sub(r'\[`?([^\]`]+)`?\]\([^)]*\)', r'`\1`', b.group(0)), md)
        if not m: return self.links(md, nb)
        level = min(6, self.level + 1)
        md = md.replace(m.group(0), '#' * level + ' ' + m.group(2), 1)
        m = re.search(r'^(#{2,6})\s+(.+?)\s*$', md, flags=re.M)
        name = plain(m.group(2))
        anchor = slug(name)
        fq = self.syms.get((page['file'], name.lower())) or self.syms.get((page['file'], anchor))
        self.anchors.setdefault(page['doc'], set()).add(anchor)
        refs = []
        if fq and fq in self.api:
            mod, qual = self.split_fq(fq)
            self.api_names.add(fq)
            refs.append(f'<a href="api.html#{fq}">API</a>')
            if self.git_published and src: refs.append(f'<a href="{src.group("url")}">source</a>')
            else: refs.append(f'<a href="_modules/{mod.replace(".", "/")}.html#{qual}">source</a>')
        elif src:
            file = re.search(r'/blob/[^/]+/(.+?\.py)', src.group('url'))
            if self.git_published: refs.append(f'<a href="{src.group("url")}">source</a>')
            elif file: refs.append(f'<a href="_modules/{file.group(1)[:-3]}.html">source</a>')
        md = self.links(md, nb)
        head = m.group(0)
        links = f'\n\n<p class="vmr-api-links">{" ".join(refs)}</p>\n' if refs else ''
        return md.replace(head, head + links, 1)

    def split_fq(self, fq):
        "vmr_lit.core.Report.plot -> ('vmr_lit.core', 'Report.plot'), the module as nbdev's index names it"
        mod = self.modof[fq]
        return mod, fq[len(mod) + 1:]

    # -- cells -------------------------------------------------------------------------------
    def notebook(self, page):
        nb, name = page['nb'], page['name']
        self.level = 1
        cells = [dict(cell_type='markdown', metadata={}, source=f"# {page['title']}\n" +
                      (f"\n{{.page-description}}\n{page['desc']}\n" if page['desc'] else ''))]
        intro = title_cell_rest(ROOT / self.cfg.nbs_path / name)
        if intro: cells.append(dict(cell_type='markdown', metadata={}, source=self.links(intro, name)))
        for i, c in enumerate(nb['cells']):
            src = ''.join(c['source'])
            if c['cell_type'] == 'raw' and src.lstrip().startswith('---'): continue
            if c['cell_type'] == 'markdown':
                if src.strip().startswith('<!-- WARNING: THIS FILE WAS AUTOGENERATED'): continue
                hs = [len(h.group(1)) for h in HEADING.finditer(strip_fences(src))]
                if hs: self.level = hs[-1]
                cells.append(dict(cell_type='markdown', metadata={}, source=self.links(src, name)))
                continue
            if c['cell_type'] != 'code': continue
            opts, body = {}, []
            lines = src.splitlines()
            while lines and DIRECTIVE.match(lines[0]):
                d = DIRECTIVE.match(lines.pop(0)); opts[d.group(1)] = (d.group(2) or '').strip()
            body = '\n'.join(lines)
            if opts.get('include') == 'false' or 'hide' in opts: continue
            outs = c.get('outputs', [])
            mds = [''.join(o['data']['text/markdown']) for o in outs if 'text/markdown' in o.get('data', {})]
            if re.match(r'^\s*show_doc\(', body) or (opts.get('output') == 'asis' and opts.get('echo') == 'false'):
                if not mds:
                    self.errors.append(f"{name}: cell {i} `{body.strip()[:60]}` has no show_doc output (nbdev could not render it)")
                    continue
                cells.append(dict(cell_type='markdown', metadata={}, source='\n\n'.join(self.show_doc(m, page, name) for m in mds)))
                continue
            self.check_executed(body, outs, name, i, opts)
            tags = []
            if opts.get('echo') == 'false': tags.append('remove-input')
            if opts.get('output') == 'false': tags.append('remove-output')
            for o in outs:
                o.pop('transient', None)
                data = o.get('data', {})
                if 'text/markdown' in data: data['text/markdown'] = self.links(''.join(data['text/markdown']), name)
                if 'text/html' in data: data['text/html'] = self.links(''.join(data['text/html']), name)
                if o.get('output_type') == 'execute_result' and o.get('execution_count') is None: o['execution_count'] = None
            cells.append(dict(cell_type='code', metadata={'tags': tags} if tags else {}, source=body,
                              outputs=outs, execution_count=None))
        for c in cells:
            if c['cell_type'] == 'code': c.setdefault('execution_count', None)
            c['id'] = f"c{cells.index(c)}"
        meta = {'kernelspec': {'name': 'python3', 'display_name': 'Python 3', 'language': 'python'},
                'language_info': {'name': 'python', 'pygments_lexer': 'ipython3'}}
        return dict(nbformat=4, nbformat_minor=5, metadata=meta, cells=cells)

    def check_executed(self, body, outs, name, i, opts):
        "A cell whose last line is a value, or that prints at top level, must have its output stored."
        import ast
        if outs or opts.get('output') == 'false': return
        try: tree = ast.parse(body)
        except SyntaxError: return           # IPython magics etc.
        if not tree.body: return
        last = tree.body[-1]
        def shows(n):      # print(...), display(...), plt.show() at top level
            if not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Call)): return False
            f = n.value.func
            return getattr(f, 'id', '') in ('print', 'display') or (getattr(f, 'attr', '') == 'show' and getattr(f.value, 'id', '') == 'plt')
        prints = any(shows(n) for n in tree.body)
        value = isinstance(last, ast.Expr) and not isinstance(last.value, (ast.Call, ast.Constant, ast.Await)) 
        if prints or value:
            self.errors.append(f"{name}: cell {i} ({body.strip().splitlines()[-1][:60]!r}) shows output on the page but none is stored: run the notebook and save it")


# ---------------------------------------------------------------------------------------------
# API reference
# ---------------------------------------------------------------------------------------------
def _fmt_anno(a):
    if a is inspect.Parameter.empty: return ''
    if isinstance(a, type): return a.__name__
    return str(a).replace('typing.', '')


def _fmt_default(d):
    if d is inspect.Parameter.empty: return ''
    if callable(d) and hasattr(d, '__name__'): return d.__name__
    r = repr(d)
    try:
        import ast; ast.literal_eval(r); return r
    except Exception:
        return getattr(type(d), '__name__', '...') + '(...)'


def signature(obj):
    try: sig = inspect.signature(obj)
    except (TypeError, ValueError): return '(...)'
    parts, kwonly = [], False
    for p in sig.parameters.values():
        if p.name == 'self': continue
        s = p.name
        if p.kind is p.VAR_POSITIONAL: s = '*' + s; kwonly = True
        elif p.kind is p.VAR_KEYWORD: s = '**' + s
        elif p.kind is p.KEYWORD_ONLY and not kwonly: parts.append('*'); kwonly = True
        a, d = _fmt_anno(p.annotation), _fmt_default(p.default)
        if a: s += f': {a}'
        if d: s += f' = {d}' if a else f'={d}'
        parts.append(s)
    ret = _fmt_anno(sig.return_annotation)
    return f"({', '.join(parts)})" + (f' -> {ret}' if ret else '')


def _cell(s): return str(s).replace('|', '\\|').replace('\n', ' ')


def params_table(obj):
    from fastcore.docments import docments
    try: d = docments(obj, full=True)
    except Exception: return ''
    rows = []
    for k, v in d.items():
        if k == 'self': continue
        a, df = _fmt_anno(v.get('anno', inspect.Parameter.empty)), _fmt_default(v.get('default', inspect.Parameter.empty))
        doc = v.get('docment') or ''
        if k == 'return' and not (a or doc): continue
        rows.append(f"| {'**returns**' if k == 'return' else f'`{k}`'} | {f'`{_cell(a)}`' if a else ''} | {f'`{_cell(df)}`' if df else ''} | {_cell(doc)} |")
    if not rows: return ''
    return '| parameter | type | default | details |\n|---|---|---|---|\n' + '\n'.join(rows) + '\n'


def docstring(obj):
    d = inspect.getdoc(obj) or ''
    return d if obj.__doc__ is not None or not isinstance(obj, type) else ''


def api_objects():
    """The API: per module (in nbdev's index), the functions and classes of its __all__ defined there,
    and the public methods and properties of those classes: (mod, module, [(fq, name, obj, kind, methods)])."""
    import vmr_lit._modidx as M
    res = []
    for mod, d in M.d['syms'].items():
        m = importlib.import_module(mod)
        names = [x for x in getattr(m, '__all__', []) if not x.startswith('_') and hasattr(m, x)]
        entries = []
        for x in names:
            o = getattr(m, x)
            o = getattr(o, 'py_func', o)             # a numba kernel (kernels/01_jit): its Python function
            if not (inspect.isfunction(o) or inspect.isclass(o)) or getattr(o, '__module__', mod) != mod: continue
            methods = []
            if inspect.isclass(o):
                for mfq in d:
                    mname = mfq[len(mod) + len(x) + 2:]
                    if not mfq.startswith(f'{mod}.{x}.') or mname.startswith('_') or '.' in mname or mname not in o.__dict__: continue
                    meth = o.__dict__[mname]
                    if isinstance(meth, property): methods.append((mfq, mname, meth.fget, 'py:property'))
                    else:
                        fn = meth.__func__ if isinstance(meth, (classmethod, staticmethod)) else meth
                        if callable(fn): methods.append((mfq, mname, fn, 'py:method'))
            entries.append((f'{mod}.{x}', x, o, 'py:class' if inspect.isclass(o) else 'py:function', methods))
        res.append((mod, m, d, names, entries))
    return [(mod, m, d, names, [e for e in entries]) for mod, m, d, names, entries in res]


def api_page(stager, pages):
    "One entry per exported function and class (each module's __all__), in the notebooks' order."
    page_title = {p['file']: p['title'] for p in pages}
    order = {p['file']: i for i, p in enumerate(pages)}
    mods = []
    for mod, m, d, names, entries in api_objects():
        files = [u.split('#')[0] for u, _ in d.values()]
        home = max(set(files), key=files.count) if files else ''
        if entries: mods.append((order.get(home, 999), mod, home, d, entries))
    out = ['# API reference', '',
           'Every function and class that a module of `vmr_lit` exports (its `__all__`), with its signature and the '
           'documentation of each parameter (nbdev docments). Each entry links to the notebook section that defines '
           'and explains it, and to its source.', '']
    n = 0
    for _, mod, home, d, entries in sorted(mods, key=lambda t: t[:2]):
        out += [f'## {mod}', '', f'```{{py:module}} {mod}', '```', '']
        if home in page_title: out += [f'Defined in [{page_title[home]}]({Path(home).stem}.ipynb).', '']
        for fq, x, o, kind, methods in entries:
            n += 1
            url = d.get(fq, ('', ''))[0]
            out += [f'````{{{kind}}} {x}{signature(o)}', f':module: {mod}', '']
            ds = docstring(o)
            if ds: out += [ds, '']
            t = params_table(o.__init__ if inspect.isclass(o) and '__init__' in o.__dict__ else o)
            if t: out += [t, '']
            out += [where(url, page_title, stager), '']
            for mfq, mname, fn, mkind in methods:
                sig = '' if mkind == 'py:property' else signature(fn)
                out += [f'```{{{mkind}}} {mname}{sig}', '']
                if inspect.getdoc(fn): out += [inspect.getdoc(fn), '']
                if mkind == 'py:method':
                    t = params_table(fn)
                    if t: out += [t, '']
                out += [where(d[mfq][0], page_title, stager), '', '```', '']
            out += ['````', '']
    return '\n'.join(out), n


def where(url, page_title, stager):
    file, _, anchor = url.partition('#')
    if file not in page_title: return ''
    a = slug(anchor) if anchor else ''
    doc = Path(file).stem
    if a and a in stager.anchors.get(doc, set()):
        return f'Explained in [{page_title[file]}]({doc}.ipynb#{a}).'
    return f'Explained in [{page_title[file]}]({doc}.ipynb).'


# ---------------------------------------------------------------------------------------------
# MathJax
# ---------------------------------------------------------------------------------------------
def mathjax(dest):
    """MathJax's one-file TeX-to-SVG build from the npm package, cached (tarball integrity checked).

    VMR_LIT_MATHJAX may name a local tex-svg-full.js (or the npm tarball) instead."""
    import base64
    import hashlib
    local = os.environ.get('VMR_LIT_MATHJAX')
    cache = Path(os.environ.get('XDG_CACHE_HOME', Path.home() / '.cache')) / 'vmr_lit'
    tgz = cache / f"mathjax-{MATHJAX['version']}.tgz"
    if local and local.endswith('.js'):
        src = Path(local).read_bytes(); lic = b''
    else:
        if local: tgz = Path(local)
        if not tgz.exists():
            npm = shutil.which('npm')
            if not npm:
                raise DocsError(f"MathJax {MATHJAX['version']} comes from the npm registry and npm is not installed: "
                                f"apt-get install npm (or set VMR_LIT_MATHJAX to a tex-svg-full.js)")
            cache.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory() as tmp:
                r = subprocess.run([npm, 'pack', f"mathjax@{MATHJAX['version']}", '--silent'], cwd=tmp, capture_output=True, text=True)
                got = Path(tmp) / f"mathjax-{MATHJAX['version']}.tgz"
                if r.returncode or not got.exists():
                    raise DocsError(f"npm pack mathjax@{MATHJAX['version']} failed: {r.stderr.strip()[-300:]}")
                shutil.move(str(got), tgz)
        digest = 'sha512-' + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode()
        if digest != MATHJAX['integrity']:
            raise DocsError(f"{tgz}: integrity {digest[:20]}... is not MathJax {MATHJAX['version']}'s; delete it and build again")
        with tarfile.open(tgz) as t:
            src = t.extractfile(f"package/{MATHJAX['file']}").read()
            lic = t.extractfile('package/LICENSE').read()
    dest.mkdir(parents=True, exist_ok=True)
    (dest / 'tex-svg-full.js').write_bytes(src)
    if lic: (dest / 'LICENSE').write_bytes(lic)


# ---------------------------------------------------------------------------------------------
# 4. checks on the built site
# ---------------------------------------------------------------------------------------------
class _Refs(HTMLParser):
    def __init__(self):
        super().__init__(); self.refs, self.ids = [], set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if a.get('id'): self.ids.add(a['id'])
        if tag == 'a' and a.get('name'): self.ids.add(a['name'])
        for k in ('href', 'src'):
            if a.get(k) and not (tag == 'link' and a.get('rel') in ('preload', 'prefetch')): self.refs.append((tag, k, a[k]))


def check_site(out=OUT):
    "Every href/src of every page resolves to a file inside the site, and every #fragment to an id."
    pages = {}
    for f in out.rglob('*.html'):
        if '_static' in f.relative_to(out).parts: continue       # theme templates copied as static files
        p = _Refs(); p.feed(f.read_text(errors='replace')); pages[f.resolve()] = p
    problems = []
    root = out.resolve()
    for f, p in pages.items():
        for tag, attr, ref in p.refs:
            u = urlsplit(ref)
            if u.scheme in ('http', 'https', 'mailto', 'data', 'javascript') or ref.startswith('//'): continue
            if u.scheme or u.netloc:
                problems.append(f"{f.relative_to(root)}: {tag} {attr}='{ref}' leaves the site"); continue
            target = (f.parent / unquote(u.path)).resolve() if u.path else f
            if root not in target.parents and target != root:
                problems.append(f"{f.relative_to(root)}: {tag} {attr}='{ref}' leaves the site"); continue
            if target.is_dir(): target = target / 'index.html'
            if not target.exists():
                problems.append(f"{f.relative_to(root)}: {tag} {attr}='{ref}' points to a missing file"); continue
            if u.fragment and target.suffix == '.html' and target in pages and unquote(u.fragment) not in pages[target].ids:
                problems.append(f"{f.relative_to(root)}: {tag} {attr}='{ref}': no id '{u.fragment}' in {target.name}")
    return problems, len(pages)


# ---------------------------------------------------------------------------------------------
# README from the index notebook (as nbdev_readme does with Quarto)
# ---------------------------------------------------------------------------------------------
def readme(idx, host, pages):
    """README.md from the index page: links to other pages point to their notebooks in `nbs/` (the README is read
    in the repository, where the site's HTML pages do not exist), and outputs are shown as text (no HTML wrappers)."""
    import pypandoc
    nb = json.loads(json.dumps(idx['nb']))
    nb_of = {p['doc']: p['name'] for p in pages}
    cells = []
    for c in nb['cells']:
        src = ''.join(c['source'])
        if c['cell_type'] == 'raw' and src.lstrip().startswith('---'): continue
        if c['cell_type'] == 'code':
            opts, body = {}, []
            for line in src.splitlines():
                m = DIRECTIVE.match(line)
                if m: opts[m[1]] = (m[2] or '').strip()
                else: body.append(line)
            if opts.get('include') == 'false': continue
            c['source'] = '' if opts.get('echo') == 'false' else '\n'.join(body)
            if opts.get('output') == 'false': c['outputs'] = []
            for o in c.get('outputs', []):
                if o.get('output_type') == 'execute_result' and o.get('execution_count') is None: o['execution_count'] = 0
                data = o.get('data', {})
                if 'text/plain' in data: data.pop('text/html', None)       # a DataFrame as text, not as an HTML table
                if 'image/png' in data: data.pop('text/plain', None)
            if not c['source'].strip() and not c.get('outputs'): continue
        c['source'] = (''.join(c['source']) if isinstance(c['source'], list) else c['source']).replace(host, '')
        for o in c.get('outputs', []):
            for mime in ('text/markdown', 'text/html'):
                if mime in o.get('data', {}):
                    v = o['data'][mime]; o['data'][mime] = (''.join(v) if isinstance(v, list) else v).replace(host, '')
        cells.append(c)
    nb['cells'] = cells
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / 'readme.ipynb'; src.write_text(json.dumps(nb))
        r = subprocess.run([pypandoc.get_pandoc_path(), '-f', 'ipynb+tex_math_dollars+link_attributes-autolink_bare_uris', '-t', 'gfm',
                            '--wrap=none', str(src)], capture_output=True, text=True)
    if r.returncode: raise DocsError(f"pandoc failed on the README:\n{r.stderr}")
    body = re.sub(r'(?s)<div[^>]*>\s*|\s*</div>', '\n', r.stdout)   # pandoc's cell and output wrappers
    body = re.sub(r'\]\((\w+)\.html(#[^)]*)?\)', lambda m: f"](nbs/{nb_of[m[1]]})" if m[1] in nb_of else m[0], body)
    body = re.sub(r'\n{3,}', '\n\n', body).strip()
    body = re.sub(r'(\]\(|src=")images/', r'\1nbs/images/', body)   # the README sits one folder above the notebooks
    (ROOT / 'README.md').write_text(f"# {front_matter(idx['nb']).get('title', idx['title'])}\n\n> {idx['desc']}\n\n"
                                    f"<!-- generated from nbs/index.ipynb by tools/build_docs.py: do not edit -->\n\n{body}\n")


# ---------------------------------------------------------------------------------------------
def stage(pages, allow_internal):
    shutil.rmtree(SITE, ignore_errors=True)
    shutil.copytree(DOCS_CONF, SITE, ignore=shutil.ignore_patterns('__pycache__'))
    st = Stager(pages, allow_internal)
    staged = {}
    for pg in pages: staged[pg['doc']] = st.notebook(pg)
    extra = sorted(p.stem for p in DOCS_CONF.glob('*.md'))
    api, n_api = api_page(st, pages)
    (SITE / 'api.md').write_text(api)
    toc = [p['doc'] for p in pages if p['doc'] != 'index'] + ['api'] + extra
    idx = staged.get('index')
    if idx is None: raise DocsError("nbs/index.ipynb is missing: the site needs an index page")
    idx['cells'].append(dict(cell_type='markdown', id='toctree', metadata={},
                             source='```{toctree}\n:hidden:\n:maxdepth: 1\n\n' + '\n'.join(toc) + '\n```\n'))
    for doc, nb in staged.items(): (SITE / f'{doc}.ipynb').write_text(json.dumps(nb, indent=1))
    return st, n_api


def sphinx_build():
    from sphinx.cmd.build import build_main
    os.environ['VMR_LIT_DOCS_ROOT'] = str(ROOT)
    html = PROC / 'html'            # MyST-NB writes images to the output folder's parent/jupyter_execute: keep it in _proc
    shutil.rmtree(html, ignore_errors=True)
    args = ['-b', 'html', '-W', '--keep-going', '-q', '-j', 'auto', '-d', str(PROC / '.doctrees'), str(SITE), str(html)]
    rc = build_main(args)
    if rc: raise DocsError("Sphinx reported warnings (treated as errors); see above")
    shutil.rmtree(OUT, ignore_errors=True)
    shutil.move(str(html), str(OUT))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--check', action='store_true', help='also verify every page, its math, plots and sidebar')
    ap.add_argument('--open', action='store_true', help='open the built site in the default web browser')
    ap.add_argument('--verbose', action='store_true', help='list every cell a note counts')
    ap.add_argument('--skip-proc', action='store_true', help='reuse _proc/ from a previous run (faster while editing the theme)')
    ap.add_argument('--allow-internal-refs', action='store_true',
                    help='report mentions of shared/papers or REFERENCE.md as warnings instead of errors (work in progress only)')
    args = ap.parse_args()
    require()
    os.chdir(ROOT)
    sys.path.insert(0, str(ROOT))
    t0 = time.time()
    try:
        if not args.skip_proc:
            for p in PROC.glob('*.ipynb'): p.unlink()
            mixed = patch_show_doc_execution()
            failed = process_notebooks()
            if failed:
                raise DocsError('\n'.join(f"FAILED to process {k}: {v}" for k, v in failed.items()))
            if mixed: print(f"note: {len(mixed)} cells mix imports with other code; the docs ran only their imports "
                            f"(first: {mixed[0]}; --verbose lists all)" + ('\n  ' + '\n  '.join(mixed) if args.verbose else ''))
        t1 = time.time()
        pages = discover()
        st, n_api = stage(pages, args.allow_internal_refs)
        if st.errors:
            raise DocsError("docs: links or outputs the site cannot show:\n  " + '\n  '.join(st.errors))
        if st.internal:
            msg = "docs: references to repository-internal paths:\n  " + '\n  '.join(st.internal)
            if not args.allow_internal_refs: raise DocsError(msg)
            print('warning: ' + msg)
        mathjax(SITE / '_static' / 'mathjax')
        t2 = time.time()
        sphinx_build()
        t3 = time.time()
        problems, n_html = check_site()
        if problems: raise DocsError(f"docs: {len(problems)} broken link(s) in the built site:\n  " + '\n  '.join(problems[:60]))
        readme(next(pg for pg in pages if pg['doc'] == 'index'), st.host, pages)
        print(f"built _docs/: {len(pages)} notebook pages, API reference with {n_api} entries, {n_html} HTML files, every link resolves "
              f"(nbdev {t1 - t0:.0f}s, staging {t2 - t1:.0f}s, sphinx {t3 - t2:.0f}s); wrote README.md from nbs/index.ipynb")
        if args.check: check(pages)
        print(f"open {OUT / 'index.html'}  (or serve it: python -m http.server -d _docs)")
        if args.open:
            import webbrowser
            if not webbrowser.open((OUT / 'index.html').as_uri()): print("no web browser found here: open the file above in one")
    except DocsError as e:
        sys.exit(str(e))


def check(pages):
    "Every notebook has its page, in the sidebar of every page; plots and math are there."
    problems = []
    for pg in pages:
        f = OUT / pg['file']
        if not f.exists(): problems.append(f"{pg['name']}: no page {pg['file']}"); continue
        h = f.read_text()
        n_png = sum('image/png' in o.get('data', {}) for c in pg['nb']['cells'] for o in c.get('outputs', []))
        n_img = len(re.findall(r'<img[^>]+src="_images/', h))
        if n_img < n_png: problems.append(f"{pg['file']}: {n_img} of {n_png} plots shown")
        n_math = sum(len(re.findall(r'\$[^$\s][^$]*\$', re.sub(r'`[^`]*`', '', strip_fences(''.join(c['source'])))))
                     for c in pg['nb']['cells'] if c['cell_type'] == 'markdown')
        if n_math and 'class="math' not in h: problems.append(f"{pg['file']}: math not marked for MathJax")
        if n_math and 'mathjax/tex-svg-full.js' not in h: problems.append(f"{pg['file']}: MathJax not loaded")
        nav = h.split('bd-sidebar-primary', 1)[-1]
        for other in pages:
            if other['doc'] not in ('index', pg['doc']) and f'href="{other["file"]}"' not in nav: problems.append(f"{pg['file']}: sidebar lacks {other['file']}")
    if problems: raise DocsError('docs check failed:\n  ' + '\n  '.join(problems))
    print(f"docs check: {len(pages)} pages in every sidebar, math marked for the bundled MathJax, plots shown")


if __name__ == '__main__':
    main()
