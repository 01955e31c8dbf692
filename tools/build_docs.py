"""Build the documentation site offline into _docs/, without Quarto.

    python tools/build_docs.py            # all pages
    python tools/build_docs.py --check    # and fail unless every page, its math and its plots are there

nbdev's own processor pipeline (`nbdev.serve.proc_nbs`, what `nbdev_docs` feeds to Quarto) turns
nbs/*.ipynb into _proc/*.ipynb: hidden cells dropped, `show_doc` tables rendered, front matter
extracted. pandoc (from the `pypandoc-binary` wheel) then renders each processed notebook to a
self-contained HTML page: math as MathML (no JavaScript), plots embedded as data URIs, a sidebar
linking every page. Where Quarto exists, `nbdev_docs` still builds the Quarto site from the same
notebooks and nbs/_quarto.yml.
"""
import argparse
import html
import json
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PROC, OUT = ROOT / '_proc', ROOT / '_docs'

CSS = """
body{margin:0;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;line-height:1.5;color:#222}
nav.sidebar{position:fixed;top:0;left:0;bottom:0;width:240px;overflow-y:auto;background:#f4f6f8;border-right:1px solid #ddd;padding:1em}
nav.sidebar a{display:block;padding:3px 6px;color:#1a4f8a;text-decoration:none;font-size:14px;border-radius:4px}
nav.sidebar a.current{background:#dbe6f3;font-weight:600}
nav.sidebar .brand{font-size:18px;font-weight:700;margin-bottom:.6em;display:block;color:#222}
main{margin-left:272px;max-width:980px;padding:1em 2em 4em}
pre{background:#f6f8fa;padding:.6em;overflow-x:auto;border-radius:4px;font-size:13px}
code{font-size:13px}
table{border-collapse:collapse;margin:.5em 0;font-size:14px}
th,td{border:1px solid #ccc;padding:3px 8px}
img{max-width:100%}
.cell-output pre{background:#fff;border-left:3px solid #9ab}
header .description{color:#555;font-style:italic}
"""

TEMPLATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>$title$ – vmr_lit</title>
<style>$css$</style>
</head><body>
<nav class="sidebar">$sidebar$</nav>
<main>
<header><h1 class="title">$title$</h1><p class="description">$description$</p></header>
$body$
</main></body></html>
"""


def pandoc_path():
    import pypandoc
    return pypandoc.get_pandoc_path()


def front_matter(nb):
    "Title, description and output file from the raw front-matter cell nbdev writes."
    meta = {}
    for c in nb['cells'][:2]:
        src = ''.join(c['source'])
        if c['cell_type'] == 'raw' and src.lstrip().startswith('---'):
            import yaml  # nbdev depends on PyYAML
            meta = yaml.safe_load(src.strip().strip('-')) or {}
            break
    return meta


DIRECTIVE = re.compile(r'^\s*#\|\s*([\w-]+)\s*:\s*(.*)$')


def clean_cells(nb, pages):
    "Apply the Quarto cell options nbdev leaves in processed notebooks; make links relative."
    out = []
    for c in nb['cells']:
        src = ''.join(c['source'])
        if c['cell_type'] == 'raw' and src.lstrip().startswith('---'): continue
        if c['cell_type'] == 'code':
            opts, body = {}, []
            for line in src.splitlines():
                m = DIRECTIVE.match(line)
                if m: opts[m[1]] = m[2].strip()
                else: body.append(line)
            if opts.get('include') == 'false': continue
            c['source'] = '' if opts.get('echo') == 'false' else '\n'.join(body)
            if opts.get('output') == 'false': c['outputs'] = []
            for o in c.get('outputs', []):
                if o.get('output_type') == 'execute_result' and o.get('execution_count') is None:
                    o['execution_count'] = 0   # nbdev_clean clears counts; pandoc's reader wants a number
                data = o.get('data', {})
                if 'text/markdown' in data and opts.get('output') == 'asis':
                    for k in list(data):
                        if k != 'text/markdown': del data[k]
                if 'image/png' in data or 'text/html' in data:
                    data.pop('text/plain', None)
            md = [''.join(o['data']['text/markdown']) for o in c.get('outputs', []) if 'text/markdown' in o.get('data', {})]
            if opts.get('output') == 'asis' and md and not c['source'].strip():
                # show_doc tables and other 'asis' markdown output become markdown cells
                c = {'cell_type': 'markdown', 'id': c.get('id', ''), 'metadata': {}, 'source': '\n\n'.join(md)}
            elif not c['source'].strip() and not c.get('outputs'): continue
        text_keys = ('source',)
        for k in text_keys:
            c[k] = rewrite_links(''.join(c[k]) if isinstance(c[k], list) else c[k])
        for o in c.get('outputs', []):
            for mime in ('text/markdown', 'text/html'):
                if mime in o.get('data', {}):
                    v = o['data'][mime]
                    o['data'][mime] = rewrite_links(''.join(v) if isinstance(v, list) else v)
        out.append(c)
    nb['cells'] = out
    return nb


def rewrite_links(s):
    "Links to the hosted docs become links between the offline pages."
    return re.sub(r'https://vmr-lit\.github\.io/vmr_lit/', '', s)


def sidebar(pages, current):
    items = ['<a class="brand" href="index.html">vmr_lit</a>']
    for p in pages:
        cls = ' class="current"' if p['file'] == current else ''
        items.append(f'<a href="{p["file"]}"{cls}>{html.escape(p["title"])}</a>')
    return '\n'.join(items)


def patch_show_doc_execution():
    """Run only the import statements of cells that mix imports with other code.

    nbdev executes exported cells, imports and `show_doc` calls to render the API tables; a cell
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
    if (path / '_quarto.yml').exists(): files.append(path / '_quarto.yml')
    failed = {}
    for f in files:
        job = S._proc_file(f, cache=PROC, path=path)
        if not job: continue
        try: D.main(job)
        except Exception as e:
            cause = e.__cause__ or e
            failed[f.name] = f"{type(cause).__name__}: {str(cause).splitlines()[0] if str(cause) else ''} ({str(e).splitlines()[0]})"
    return failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--check', action='store_true', help='verify every page was built with math and plots')
    ap.add_argument('--skip-proc', action='store_true', help='reuse _proc/ from a previous run')
    args = ap.parse_args()

    if not args.skip_proc:
        shutil.rmtree(PROC, ignore_errors=True)
        import os
        os.chdir(ROOT)
        mixed = patch_show_doc_execution()
        failed = process_notebooks()
        if failed:
            print('\n'.join(f"FAILED to process {k}: {v}" for k, v in failed.items()))
            if args.check: sys.exit(f"docs: {len(failed)} notebook(s) could not be processed")
        if mixed: print("note: cells mixing imports and code (only their imports ran for the docs): " + '; '.join(mixed))

    nbs = sorted(PROC.glob('*.ipynb'), key=lambda p: ('0' if p.stem == 'index' else '1') + p.stem)
    pages = []
    for p in nbs:
        nb = json.loads(p.read_text())
        fm = front_matter(nb)
        out = fm.get('output-file') or (p.stem + '.html')
        if p.stem == 'index': out = 'index.html'
        pages.append(dict(src=p, nb=nb, title=str(fm.get('title', p.stem)), desc=str(fm.get('description', '')), file=out))

    shutil.rmtree(OUT, ignore_errors=True); OUT.mkdir()
    tmp = Path(tempfile.mkdtemp())
    tpl = tmp / 'page.html'
    tpl.write_text(TEMPLATE)
    pandoc = pandoc_path()
    for pg in pages:
        nb = clean_cells(pg['nb'], pages)
        src = tmp / (Path(pg['file']).stem + '.ipynb')
        src.write_text(json.dumps(nb))
        sb = tmp / 'sidebar.html'; sb.write_text(sidebar(pages, pg['file']))
        cmd = [pandoc, '-f', 'ipynb+tex_math_dollars+link_attributes-autolink_bare_uris', '-t', 'html5', '--standalone', '--mathml',
               '--template', str(tpl), '--metadata', f"title={pg['title']}", '--metadata', f"description={pg['desc']}",
               '--variable', f"css={CSS}", '--variable', f"sidebar={sidebar(pages, pg['file'])}",
               '--embed-resources', '--resource-path', str(tmp), '-o', str(OUT / pg['file']), str(src)]
        r = subprocess.run(cmd, capture_output=True, text=True, cwd=tmp)
        if r.returncode: sys.exit(f"pandoc failed on {pg['src'].name}:\n{r.stderr}")
        print(f"built _docs/{pg['file']}  ({pg['title']})")

    # README.md is the index page as GitHub-flavoured markdown (what nbdev_readme does with Quarto).
    idx = next(pg for pg in pages if pg['file'] == 'index.html')
    src = tmp / 'readme.ipynb'; src.write_text(json.dumps(idx['nb']))
    r = subprocess.run([pandoc, '-f', 'ipynb+tex_math_dollars+link_attributes-autolink_bare_uris', '-t', 'gfm', '--wrap=none', str(src)], capture_output=True, text=True)
    if r.returncode: sys.exit(f"pandoc failed on the README:\n{r.stderr}")
    body = re.sub(r'(?s)<div[^>]*class="cell[^"]*"[^>]*>\s*|\s*</div>', '\n', r.stdout)   # cell wrappers (random ids)
    body = re.sub(r'\n{3,}', '\n\n', body).strip()
    (ROOT / 'README.md').write_text(f"# {idx['title']}\n\n> {idx['desc']}\n\n<!-- generated from nbs/index.ipynb by tools/build_docs.py: do not edit -->\n\n{body}\n")
    print("wrote README.md from nbs/index.ipynb")

    if args.check:
        problems = []
        for pg in pages:
            h = (OUT / pg['file']).read_text()
            n_png_src = sum('image/png' in o.get('data', {}) for c in pg['nb']['cells'] for o in c.get('outputs', []))
            n_img = h.count('src="data:image/png')
            if n_img < n_png_src: problems.append(f"{pg['file']}: {n_img} of {n_png_src} plots embedded")
            n_math_src = sum(''.join(c['source']).count('$') for c in pg['nb']['cells'] if c['cell_type'] == 'markdown')
            if n_math_src and '<math' not in h: problems.append(f"{pg['file']}: math not rendered")
            if '$$' in re.sub(r'<pre.*?</pre>|<code.*?</code>', '', h, flags=re.S): problems.append(f"{pg['file']}: raw $$ left")
            for other in pages:
                if f'href="{other["file"]}"' not in h: problems.append(f"{pg['file']}: sidebar lacks {other['file']}")
        if problems: sys.exit('docs check failed:\n  ' + '\n  '.join(problems))
        print(f"docs check: {len(pages)} pages, every page links every other, math rendered, plots embedded")


if __name__ == '__main__':
    main()
