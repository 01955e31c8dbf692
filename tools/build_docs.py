"""Build the documentation site offline into _docs/ and README.md: `python tools/build_docs.py [--check] [--open]`.

nbdev processes nbs/**/*.ipynb into _proc/ (as `nbdev_docs` does for Quarto); each notebook is staged for Sphinx
in _proc/site/ at its own path (title on top, `#|` options as MyST-NB tags, nbdev's links made relative; links
leaving the site and outputs never stored are rejected); Sphinx + MyST-NB render it with -W (the API reference:
docs/api.rst, autosummary + autodoc + docs/docments_ext.py); every link of the built site must resolve inside it."""
import argparse, ast, base64, hashlib, json, os, re, shutil, subprocess, sys, tarfile, tempfile, time
from pathlib import Path
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parents[1]
NBS, PROC, OUT, DOCS, SITE = ROOT / 'nbs', ROOT / '_proc', ROOT / '_docs', ROOT / 'docs', ROOT / '_proc' / 'site'
GUIDES = {'tutorials': 'Tutorials', 'how_to': 'How-to guides', 'explanations': 'Explanations'}
LAYERS = ('core', 'io', 'kernels', 'moments', 'ranking', 'captions', 'llm', 'analysis', 'cli')   # the package's layer order
MATHJAX = dict(version='3.2.2', file='es5/tex-svg-full.js',
               integrity='sha512-Bt+SSVU8eBG27zChVewOicYs7Xsdt40qm4+UpHyX7k0/O9NliPc+x77k1/FEsPsjKPZGJvtRZM1vO+geW0OhGw==')
INTERNAL_REFS = re.compile(r'(?:\.\./)?shared/papers/[\w./-]*|(?:(?:\.\./)?shared/)?\bREFERENCE\.md')   # not readable outside the repo
DIRECTIVE = re.compile(r'^\s*#\|\s*([\w-]+)\s*(?::\s*(.*))?$')
MD_LINK = re.compile(r'(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(\s*<?([^)\s>]+)>?(\s+"[^"]*")?\s*\)')
HTML_LINK = re.compile(r'''(href|src)\s*=\s*["']([^"']+)["']''')
HEADING = re.compile(r'^(#{1,6})\s+(.+?)\s*#*\s*$', re.M)
SOURCE_LINK = re.compile(r'\[source\]\((?P<url>[^)]+)\)(\{[^}]*\})?\s*')

class DocsError(SystemExit): pass        # a message for the reader, no traceback

def order(rel):
    "Sort key of a notebook path relative to nbs/: the index, the guides, then the package's folders in layer order."
    top, folders = Path(rel).parts[0], list(GUIDES) + list(LAYERS)
    return (rel != 'index.ipynb', folders.index(top) if top in folders else len(folders), rel)


# 1. nbdev --------------------------------------------------------------------------------------------------------
def run_only_imports_of_mixed_cells():
    "nbdev runs exported cells, imports and show_doc calls; of a cell mixing imports with other code, run the imports only."
    import warnings, nbdev.processors as P
    def __call__(self, cell):
        fm = getattr(self.nb, 'frontmatter_', {})
        if not self.nb.has_docs_ or not hasattr(self, 'k') or P.str2bool(fm.get('skip_showdoc', False)): return
        with warnings.catch_warnings():
            warnings.simplefilter('ignore')         # nbdev's note on cells mixing imports with other code: handled below
            if not P._do_eval(cell): return
        trees = cell.parsed_()
        imports = [n for n in trees if isinstance(n, (ast.Import, ast.ImportFrom))]
        if imports and len(imports) < len(trees) and not cell.directives_.keys() & {'export', 'exports', 'exporti', 'exec_doc'} \
                and not P._show_docs(trees):
            self.k.run_cell('\n'.join(ast.unparse(n) for n in imports))
        else: self.k.cell(cell)
        if self.k.exc: raise Exception(f"cell {cell.idx_}:\n{cell.source}") from self.k.exc
    P.exec_show_docs.__call__ = __call__

def process_notebooks():
    "nbdev's per-notebook processing of nbs/**/*.ipynb into _proc/ (the folders kept), errors collected."
    import nbdev.serve as S, nbdev.serve_drv as D
    run_only_imports_of_mixed_cells(); shutil.rmtree(PROC, ignore_errors=True); failed = {}
    for f in sorted(NBS.rglob('*.ipynb')):
        if not (job := S._proc_file(f, cache=PROC, path=NBS)): continue
        try: D.main(job)
        except Exception as e: failed[str(f.relative_to(NBS))] = f"{type(e.__cause__ or e).__name__}: {str(e.__cause__ or e)[:200]} ({str(e)[:200]})"
    return failed


# 2. staging ------------------------------------------------------------------------------------------------------
def intro(src):
    "The title cell's text below `# title`, `> description` and `- key: value` (nbdev drops the whole cell)."
    c = next((c for c in json.loads(src.read_text())['cells'] if c['cell_type'] != 'raw'), {})
    lines = ''.join(c.get('source', '')).splitlines() if c.get('cell_type') == 'markdown' else []
    if not any(re.match(r'#\s+\S', l) for l in lines): return ''
    while lines and re.match(r'^(#\s+\S.*|>\s.*|-\s+\S.*:.*\S\s*|\s*)$', lines[0]): lines.pop(0)
    return '\n'.join(lines).strip()

def slug(s):
    from myst_parser.mdit_to_docutils.base import default_slugify
    return default_slugify(re.sub(r'[`*]', '', s).strip())

def discover():
    "One page per processed notebook: its path relative to nbs/, title, description, nbdev's HTML name, heading anchors."
    import yaml
    pages = []
    for rel in sorted((p.relative_to(NBS).as_posix() for p in NBS.rglob('*.ipynb') if (PROC / p.relative_to(NBS)).exists()), key=order):
        p = PROC / rel; nb = json.loads(p.read_text())
        raw = ''.join(nb['cells'][0]['source']) if nb['cells'] and nb['cells'][0]['cell_type'] == 'raw' else ''   # nbdev's front matter
        fm = (yaml.safe_load(raw.strip().strip('-')) or {}) if raw.lstrip().startswith('---') else {}
        texts = [''.join(c['source']) for c in nb['cells'] if c['cell_type'] == 'markdown']
        texts += [''.join(o['data']['text/markdown']) for c in nb['cells'] for o in c.get('outputs', []) if 'text/markdown' in o.get('data', {})]
        pages.append(dict(rel=rel, nb=nb, title=re.sub(r'[`*]', '', str(fm.get('title', p.stem))).strip(),
                          desc=str(fm.get('description', '') or ''), html=str(Path(rel).with_name(fm.get('output-file', p.stem + '.html'))),
                          heads={slug(h[2]) for t in texts for h in HEADING.finditer(re.sub(r'(?ms)^```.*?^```', '', t))}))
    return pages

class Stager:
    "Stages processed notebooks for MyST-NB; `errors` and `internal` collect what the site cannot show."
    def __init__(self, pages):
        from nbdev.config import get_config
        cfg = get_config()
        self.host = cfg.doc_host.rstrip('/') + '/' + cfg.doc_baseurl.strip('/') + '/'
        self.by_path = {k: p for p in pages for k in (p['rel'], p['html'], p['rel'][:-6] + '.html')}
        self.errors, self.internal = [], []
    def link(self, target, nb, kind='link'):
        "One link target as the staged page `nb` (a path relative to nbs/) needs it, or an error if it leaves the site."
        auto = target.startswith(self.host)             # nbdev's links from `backticked` names
        if auto: target = target[len(self.host):]
        u = urlsplit(target)
        if u.scheme in ('http', 'https', 'mailto', 'data') or target.startswith('#'): return target
        if u.scheme or u.netloc or target.startswith('/'): return self.errors.append(f"{nb}: {kind} '{target}' leaves the site") or target
        here = os.path.dirname(nb)
        path = os.path.normpath(os.path.join('' if auto else here, unquote(u.path)))
        page, frag = self.by_path.get(path), u.fragment
        if page:
            if frag and slug(frag) not in page['heads']:
                if not auto: self.errors.append(f"{nb}: {kind} '{target}': no heading '{frag}' in {page['rel']}")
                frag = ''
            return os.path.relpath(page['rel'] if kind == 'link' else page['rel'][:-6] + '.html', here or '.') + (f"#{slug(frag)}" if frag else '')
        if not path.startswith('..') and (NBS / path).is_file():        # an image or file beside the notebooks
            (SITE / path).parent.mkdir(parents=True, exist_ok=True); shutil.copy2(NBS / path, SITE / path)
            return target
        return self.errors.append(f"{nb}: {kind} '{target}' leaves the site (neither a notebook nor a file in nbs/)") or target
    def links(self, text, nb):
        text = MD_LINK.sub(lambda m: f"{m[1]}[{m[2]}]({self.link(m[3], nb, 'image' if m[1] else 'link')}{m[4] or ''})", text)
        text = HTML_LINK.sub(lambda m: f'{m[1]}="{self.link(m[2], nb, "html " + m[1])}"', text)
        self.internal += [f"{nb}: mentions '{m[0]}' (a repository-internal path: cite the paper, state its facts in the page)"
                          for m in INTERNAL_REFS.finditer(text)]
        return text
    def show_doc(self, md, nb):
        "nbdev's show_doc block without its rule; the link to the source becomes a link to the API reference's entry."
        md, src = re.sub(r'^\s*---\s*\n', '', md), SOURCE_LINK.search(md)
        head = re.search(r'^#{2,6}\s+(.+?)\s*$', md, flags=re.M)
        md = SOURCE_LINK.sub('', md, count=1)
        mod, qual = re.search(r'/blob/[^/]+/(.+?)\.py', src['url']) if src else None, re.sub(r'[`*\\]', '', head[1]) if head else ''
        if mod and head and documented(mod[1].replace('/', '.'), qual):
            md = md.replace(head[0], f"{head[0]}\n\n<span class=\"vmr-api-links\">{{py:obj}}`API <{mod[1].replace('/', '.')}.{qual}>`</span>", 1)
        return self.links(md, nb)
    def notebook(self, page, src):
        nb, name = page['nb'], page['rel']
        cells = [dict(cell_type='markdown', source=f"# {page['title']}\n" + (f"\n{{.page-description}}\n{page['desc']}\n" if page['desc'] else ''))]
        if intro(src): cells.append(dict(cell_type='markdown', source=self.links(intro(src), name)))
        for i, c in enumerate(nb['cells']):
            text = ''.join(c['source'])
            if c['cell_type'] == 'markdown' and not text.startswith('<!-- WARNING: THIS FILE WAS AUTOGENERATED'):
                cells.append(dict(cell_type='markdown', source=self.links(text, name)))
            if c['cell_type'] != 'code': continue
            lines, opts = text.splitlines(), {}
            while lines and DIRECTIVE.match(lines[0]):
                d = DIRECTIVE.match(lines.pop(0)); opts[d[1]] = (d[2] or '').strip()
            body, outs = '\n'.join(lines), c.get('outputs', [])
            if opts.get('include') == 'false' or 'hide' in opts: continue
            if re.match(r'^\s*show_doc\(', body) or (opts.get('output') == 'asis' and opts.get('echo') == 'false'):
                mds = [''.join(o['data']['text/markdown']) for o in outs if 'text/markdown' in o.get('data', {})]
                if not mds: self.errors.append(f"{name}: cell {i} `{body.strip()[:60]}` has no show_doc output (nbdev could not render it)")
                cells.append(dict(cell_type='markdown', source='\n\n'.join(self.show_doc(m, name) for m in mds)))
                continue
            self.check_executed(body, outs, name, i, opts)
            for o in outs:
                o.pop('transient', None)
                for mime in ('text/markdown', 'text/html'):
                    if mime in o.get('data', {}): o['data'][mime] = self.links(''.join(o['data'][mime]), name)
            tags = [t for k, t in (('echo', 'remove-input'), ('output', 'remove-output')) if opts.get(k) == 'false']
            cells.append(dict(cell_type='code', source=body, outputs=outs, execution_count=None, metadata={'tags': tags}))
        for j, c in enumerate(cells): c.update(id=f'c{j}', metadata=c.get('metadata', {}))
        return dict(nbformat=4, nbformat_minor=5, cells=cells, metadata={'kernelspec': {'name': 'python3', 'display_name': 'Python 3', 'language': 'python'},
                                                                        'language_info': {'name': 'python', 'pygments_lexer': 'ipython3'}})
    def check_executed(self, body, outs, name, i, opts):
        "A cell whose last line is a value, or that prints at top level, must have its output stored."
        if outs or opts.get('output') == 'false': return
        try: tree = ast.parse(body)
        except SyntaxError: return           # IPython magics etc.
        def shows(n):       # print(...), display(...), plt.show() at top level
            f = n.value.func if isinstance(n, ast.Expr) and isinstance(n.value, ast.Call) else None
            return f is not None and (getattr(f, 'id', '') in ('print', 'display') or (getattr(f, 'attr', '') == 'show' and getattr(f.value, 'id', '') == 'plt'))
        last = tree.body[-1] if tree.body else None
        if any(shows(n) for n in tree.body) or (isinstance(last, ast.Expr) and not isinstance(last.value, (ast.Call, ast.Constant, ast.Await))):
            self.errors.append(f"{name}: cell {i} ({body.strip().splitlines()[-1][:60]!r}) shows output on the page but none is stored: run the notebook and save it")

def documented(mod, qual):
    "Whether autodoc documents mod.qual: a public name of the module's __all__ defined there, or a public attribute of one."
    import importlib
    name, _, attr = qual.partition('.')
    try: o = getattr(importlib.import_module(mod), name, None); defined = getattr(getattr(o, 'py_func', o), '__module__', None) == mod
    except ImportError: return False
    return defined and name in importlib.import_module(mod).__all__ and (not attr or ('.' not in attr and not attr.startswith('_') and attr in vars(o)))

def stage(pages):
    "The Sphinx source folder: docs/ and the staged notebooks; the index's toctrees make the sidebar."
    shutil.rmtree(SITE, ignore_errors=True); shutil.copytree(DOCS, SITE, ignore=shutil.ignore_patterns('__pycache__'))
    st = Stager(pages)
    for pg in pages:
        (SITE / pg['rel']).parent.mkdir(parents=True, exist_ok=True)
        (SITE / pg['rel']).write_text(json.dumps(st.notebook(pg, NBS / pg['rel']), indent=1))
    if not (SITE / 'index.ipynb').exists(): raise DocsError("nbs/index.ipynb is missing: the site needs an index page")
    folders = list(dict.fromkeys(Path(p['rel']).parts[0] for p in pages if '/' in p['rel']))     # in order()'s order
    extra = sorted(p.relative_to(DOCS).with_suffix('').as_posix() for p in DOCS.glob('*.md') if p.stem != 'api')
    toc = [(GUIDES.get(f, f'Reference: {f}'), [f'{f}/*'] + (extra if f == 'how_to' else [])) for f in folders]
    toc += [('API', ['api'] + ([] if 'how_to' in folders else extra))]
    idx = json.loads((SITE / 'index.ipynb').read_text())
    readme(idx)
    idx['cells'] += [dict(cell_type='markdown', id=f'toc{i}', metadata={}, source=f'```{{toctree}}\n:caption: {cap}\n:hidden:\n:glob:\n\n'
                          + '\n'.join(docs) + '\n```\n') for i, (cap, docs) in enumerate(toc)]
    (SITE / 'index.ipynb').write_text(json.dumps(idx, indent=1))
    return st


# 3. Sphinx -------------------------------------------------------------------------------------------------------
def mathjax(dest):
    "MathJax's one-file TeX-to-SVG build from the npm package, cached, its integrity checked (VMR_LIT_MATHJAX: a local copy)."
    cache = Path(os.environ.get('XDG_CACHE_HOME', Path.home() / '.cache')) / 'vmr_lit'
    tgz = Path(os.environ.get('VMR_LIT_MATHJAX', cache / f"mathjax-{MATHJAX['version']}.tgz"))
    if not tgz.exists():
        if not shutil.which('npm'): raise DocsError("MathJax comes from npm, which is not installed: apt-get install npm (or set VMR_LIT_MATHJAX)")
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run(['npm', 'pack', f"mathjax@{MATHJAX['version']}", '--silent'], cwd=tmp, capture_output=True, text=True)
            if r.returncode: raise DocsError(f"npm pack mathjax@{MATHJAX['version']} failed: {r.stderr.strip()[-300:]}")
            cache.mkdir(parents=True, exist_ok=True); shutil.move(str(Path(tmp) / tgz.name), tgz)
    if 'sha512-' + base64.b64encode(hashlib.sha512(tgz.read_bytes()).digest()).decode() != MATHJAX['integrity']:
        raise DocsError(f"{tgz} is not MathJax {MATHJAX['version']}'s tarball: delete it and build again")
    dest.mkdir(parents=True, exist_ok=True)
    with tarfile.open(tgz) as t:
        (dest / 'tex-svg-full.js').write_bytes(t.extractfile(f"package/{MATHJAX['file']}").read())
        (dest / 'LICENSE').write_bytes(t.extractfile('package/LICENSE').read())

def sphinx_build():
    "Sphinx with every warning an error (conf.py sets nitpicky), in a fresh interpreter: nbdev's runs of the cells patch classes here."
    html = PROC / 'html'            # MyST-NB writes images beside the output folder: keep that in _proc
    if subprocess.run([sys.executable, '-m', 'sphinx', '-b', 'html', '-E', '-W', '--keep-going', '-q', '-d', str(PROC / '.doctrees'),
                       str(SITE), str(html)], env={**os.environ, 'VMR_LIT_DOCS_ROOT': str(ROOT)}).returncode:
        raise DocsError("Sphinx reported warnings (treated as errors); see above")
    shutil.rmtree(OUT, ignore_errors=True); shutil.move(str(html), str(OUT))


# 4. checks -------------------------------------------------------------------------------------------------------
def refs_and_ids(f):
    "The (tag, attribute, value) of each href/src of an HTML file (preloads aside), and its ids."
    h = f.read_text(errors='replace')
    return [(tag, k, v) for tag, attrs in re.findall(r'<(\w+)(\s[^>]*)>', h) if not re.search(r'rel="pre(load|fetch)"', attrs)
            for k, v in re.findall(r'\b(href|src)="([^"]*)"', attrs)], set(re.findall(r'\sid="([^"]+)"', h))

def check_site(out=OUT):
    "Every href/src of every page resolves to a file inside the site, and every #fragment to an id (Sphinx's linkcheck is for the web)."
    root, pages, problems = out.resolve(), {}, []
    for f in out.rglob('*.html'):
        if '_static' not in f.relative_to(out).parts: pages[f.resolve()] = refs_and_ids(f)
    for f, (refs, _) in pages.items():
        for tag, attr, ref in refs:
            u, at = urlsplit(ref), f"{f.relative_to(root)}: {tag} {attr}='{ref}'"
            if u.scheme in ('http', 'https', 'mailto', 'data', 'javascript') or ref.startswith('//'): continue
            target = (f.parent / unquote(u.path)).resolve() if u.path else f
            if u.scheme or u.netloc or (root not in target.parents and target != root): problems.append(f"{at} leaves the site"); continue
            target = target / 'index.html' if target.is_dir() else target
            if not target.exists(): problems.append(f"{at} points to a missing file")
            elif u.fragment and target in pages and unquote(u.fragment) not in pages[target][1]: problems.append(f"{at}: no such id in {target.name}")
    return problems, len(pages)

def check(pages):
    "Every notebook's plots are on its page (Sphinx -W fails on a page missing from the sidebar; tests/test_docs.py checks the math)."
    problems = []
    for pg in pages:
        h, cells = (OUT / (pg['rel'][:-6] + '.html')).read_text(), pg['nb']['cells']
        n_png = sum('image/png' in o.get('data', {}) for c in cells for o in c.get('outputs', []))
        if len(re.findall(r'<img[^>]+src="[./]*_images/', h)) < n_png: problems.append(f"{pg['rel']}: not all of its {n_png} plots shown")
    if problems: raise DocsError('docs check failed:\n  ' + '\n  '.join(problems[:60]))
    print(f"docs check: {len(pages)} pages, each with its plots")

def readme(index):
    "README.md from the staged index page: its markdown, code and text outputs in fences, links to pages as nbs/ paths."
    out = []
    for c in index['cells']:
        tags = c['metadata'].get('tags', [])
        if c['cell_type'] == 'markdown' or 'remove-input' not in tags: out.append(c['source'] if c['cell_type'] == 'markdown' else f"``` python\n{c['source']}\n```")
        texts = [''.join(o.get('text', '') or o.get('data', {}).get('text/plain', '')).rstrip() for o in c.get('outputs', []) if 'image/png' not in o.get('data', {})]
        out += [f"```\n{t}\n```" for t in texts if t and 'remove-output' not in tags]
    text = '\n\n'.join(o.strip() for o in out if o.strip()).replace('{.page-description}\n', '> ', 1)
    text = MD_LINK.sub(lambda m: m[0] if urlsplit(m[3]).scheme or m[3].startswith('#') else f"{m[1]}[{m[2]}](nbs/{m[3].split('#')[0]})", text)
    title, rest = text.split('\n\n', 2)[:2], text.split('\n\n', 2)[2]
    (ROOT / 'README.md').write_text('\n\n'.join(title + ['<!-- generated from nbs/index.ipynb by tools/build_docs.py: do not edit -->', rest]) + '\n')

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--check', action='store_true', help='also verify every page, its math, plots and sidebar')
    ap.add_argument('--open', action='store_true', help='open the built site in the default web browser')
    args = ap.parse_args()
    os.chdir(ROOT); sys.path.insert(0, str(ROOT))
    t0 = time.time()
    failed = process_notebooks()
    if failed: raise DocsError('\n'.join(f"FAILED to process {k}: {v}" for k, v in failed.items()))
    pages, t1 = discover(), time.time()
    st = stage(pages)
    if st.errors: raise DocsError("docs: links or outputs the site cannot show:\n  " + '\n  '.join(st.errors))
    if st.internal: raise DocsError("docs: references to repository-internal paths:\n  " + '\n  '.join(st.internal))
    mathjax(SITE / '_static' / 'mathjax')
    sphinx_build()
    problems, n_html = check_site()
    if problems: raise DocsError(f"docs: {len(problems)} broken link(s) in the built site:\n  " + '\n  '.join(problems[:60]))
    print(f"built _docs/: {len(pages)} notebook pages, {n_html} HTML files, every link resolves (nbdev {t1 - t0:.0f}s, "
          f"sphinx {time.time() - t1:.0f}s); wrote README.md from nbs/index.ipynb")
    if args.check: check(pages)
    print(f"open {OUT / 'index.html'}  (or serve it: python -m http.server -d _docs)")
    if args.open and not __import__('webbrowser').open((OUT / 'index.html').as_uri()): print("no web browser found here: open the file above in one")

if __name__ == '__main__':
    main()
