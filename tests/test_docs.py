"""The documentation site, built and read in a real browser (headless Debian Chromium via selenium).

Runs only with VMR_LIT_TEST_FLAGS=docs (`.ci/run` sets it): building the site takes about a minute and
needs `.[dev]`, the npm registry once (MathJax, then cached) and Debian's chromium + chromium-driver,
which `python -m pytest tests` on a plain checkout should not require. The module builds the site
with `python tools/build_docs.py --check` (set VMR_LIT_DOCS_BUILT=1 to test an existing _docs/), then:
every page loads from file:// without a console error and with all its math typeset by the bundled
MathJax (no TeX error, no raw `$$` or `\\sum` left); the search finds the AxIoU page from file:// and
over HTTP; every link of every page, as the browser resolves it, reaches a file and an id inside the
site; screenshots of the pages a reader meets first (found by name, whatever their number) go to
_docs/screens/ for a person to look at.
"""
import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / '_docs'
# pages whose screenshots a person checks, as globs under _docs/ (notebooks are numbered: the number may change)
SCREENS = ('index', 'captions/*_soda', 'moments/*_ndcg', 'moments/*_axiou', 'moments/*_dr', 'how_to/*_coming_from_another_script',
           'api/vmr_lit.moments.axiou')
CHROMIUM, CHROMEDRIVER = '/usr/bin/chromium', '/usr/bin/chromedriver'
FLAGS = set(os.environ.get('VMR_LIT_TEST_FLAGS', '').split())

pytestmark = pytest.mark.skipif('docs' not in FLAGS, reason='docs site test: set VMR_LIT_TEST_FLAGS=docs (needs .[dev] and chromium)')


@pytest.fixture(scope='module')
def site():
    if os.environ.get('VMR_LIT_DOCS_BUILT') != '1':
        r = subprocess.run([sys.executable, 'tools/build_docs.py', '--check'], cwd=ROOT, capture_output=True, text=True)
        print(r.stdout[-2000:])
        assert r.returncode == 0, f"tools/build_docs.py --check failed:\n{r.stdout[-3000:]}\n{r.stderr[-5000:]}"
        long = [l for l in r.stdout.splitlines() if len(l) > 300]
        assert not long, f"the docs build prints lines a reader cannot take in ({len(long[0])} characters): {long[0][:200]}..."
    assert (DOCS / 'index.html').exists(), "no _docs/index.html: build the docs first"
    return DOCS


@pytest.fixture(scope='module')
def server(site):
    "The site over HTTP on loopback, as a web server would publish it."
    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *a): pass
    httpd = http.server.ThreadingHTTPServer(('127.0.0.1', 0), functools.partial(Quiet, directory=str(site)))
    t = threading.Thread(target=httpd.serve_forever, daemon=True); t.start()
    yield f'http://127.0.0.1:{httpd.server_address[1]}'
    httpd.shutdown(); httpd.server_close()


@pytest.fixture(scope='module')
def browser():
    for exe in (CHROMIUM, CHROMEDRIVER):
        if not Path(exe).exists(): pytest.fail(f"{exe} missing: apt-get install chromium chromium-driver")
    os.environ.setdefault('SE_OFFLINE', 'true')       # selenium-manager must not download anything
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    profile = tempfile.mkdtemp(prefix='vmr_docs_chromium_')
    o = webdriver.ChromeOptions()
    o.binary_location = CHROMIUM
    for a in ('--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
              '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage', f'--user-data-dir={profile}',
              '--window-size=1400,1000', '--hide-scrollbars'):
        o.add_argument(a)
    o.set_capability('goog:loggingPrefs', {'browser': 'ALL'})
    d = webdriver.Chrome(service=Service(CHROMEDRIVER), options=o)
    d.set_page_load_timeout(60)
    yield d
    d.quit()
    shutil.rmtree(profile, ignore_errors=True)


def pages(site):
    "Every page of the site: the notebooks' (in their folders), the API reference's and the highlighted source."
    return sorted(p for p in site.rglob('*.html') if p.name not in ('genindex.html', 'search.html', 'py-modindex.html')
                  and not {'_static', 'screens', '_sources'} & set(p.relative_to(site).parts))


def screens(site):
    "SCREENS as pages: {glob: the one page it names (None if none or several)}."
    found = {g: sorted(site.glob(g + '.html')) for g in SCREENS}
    return {g: (f[0] if len(f) == 1 else None) for g, f in found.items()}


def shot_name(site, page): return page.relative_to(site).with_suffix('').as_posix().replace('/', '_')


def load(d, url):
    d.get(url)
    t0 = time.time()
    while time.time() - t0 < 30:
        state = d.execute_script("""return [document.readyState, !!window.MathJax && !!document.querySelector('.math'),
                                            document.documentElement.dataset.mathjax || '']""")
        if state[0] == 'complete' and (not state[1] or state[2] == 'done'): return state[1]
        time.sleep(0.1)
    raise AssertionError(f"{url}: page or MathJax did not finish within 30 s ({state})")


ARTICLE_TEXT = """
const a = document.querySelector('article') || document.body;
const c = a.cloneNode(true);
c.querySelectorAll('pre, code, script, style, .highlight, mjx-container').forEach(e => e.remove());
return c.innerText;"""


PAGE_JS = """
const r = {};
r.nMath = document.querySelectorAll('.math').length;
r.nTypeset = document.querySelectorAll('.math mjx-container').length;
r.nMerror = document.querySelectorAll('[data-mml-node="merror"], mjx-merror').length;
r.texErrors = window.vmrMathErrors || [];
r.links = Array.from(document.querySelectorAll('a[href]')).map(a => a.href);
return r;"""


def shoot(d, png, width=1400, step=12000):
    """The whole page as the reader sees it: the window made as tall as the page (pieces of `step`
    pixels for very long pages: name.png, name-2.png, ...), so the layout is the browser's own."""
    h = d.execute_script("return Math.ceil(document.documentElement.scrollHeight)")
    d.set_window_size(width, 1000)
    chrome = 1000 - d.execute_script("return window.innerHeight")      # the window's own bars, if any
    y, i = 0, 0
    while y < h:
        d.set_window_size(width, min(step, h - y) + chrome)
        d.execute_script(f"window.scrollTo(0, {y})"); time.sleep(0.3)
        d.save_screenshot(str(png if i == 0 else png.with_name(f'{png.stem}-{i + 1}.png')))
        y += d.execute_script("return window.innerHeight"); i += 1
    d.set_window_size(width, 1000)


@pytest.fixture(scope='module')
def visited(site, browser):
    "Every page opened once from file://: what the browser logged and saw; screenshots of SCREENS."
    out = site / 'screens'
    shutil.rmtree(out, ignore_errors=True); out.mkdir()
    res, shots = {}, set(screens(site).values())
    for f in pages(site):
        has_math = load(browser, f.as_uri())
        r = browser.execute_script(PAGE_JS)
        r['has_math'] = has_math
        r['errors'] = [e['message'] for e in browser.get_log('browser') if e['level'] == 'SEVERE']
        r['text'] = browser.execute_script(ARTICLE_TEXT)
        if f in shots:
            # the theme keeps the sidebar's scroll position from page to page: show it from the top
            browser.execute_script("document.querySelectorAll('.bd-sidebar-primary, .bd-sidebar-primary *').forEach(e => e.scrollTop = 0)")
            shoot(browser, out / f'{shot_name(site, f)}.png')
        res[f] = r
    return res


def test_every_page_loads_without_errors_and_math_is_typeset(visited):
    problems, n_math = [], 0
    for f, r in visited.items():
        if r['errors']: problems.append(f"{f.name}: console errors {r['errors'][:3]}")
        if r['has_math']:
            n_math += r['nTypeset']
            if r['nTypeset'] < r['nMath']: problems.append(f"{f.name}: {r['nMath'] - r['nTypeset']} of {r['nMath']} math elements not typeset")
            if r['nMerror'] or r['texErrors']: problems.append(f"{f.name}: TeX errors {r['texErrors'][:5]}")
        text = r['text']
        for raw in ('$$', '\\sum', '\\frac', '\\mathrm', '\\(', '\\['):
            if raw in text:
                i = text.index(raw); problems.append(f"{f.name}: raw {raw!r} in the text: ...{text[max(0, i - 60):i + 60]!r}...")
    assert not problems, '\n'.join(problems)
    assert n_math > 100, f"only {n_math} formulas typeset in the whole site"


def _search(d, url):
    d.get(url)
    t0 = time.time()
    while time.time() - t0 < 30:
        hrefs = d.execute_script("""const r = document.querySelector('#search-results');
            const st = r && r.querySelector('.search-summary');
            if (!st || !/finished|did not match/.test(st.innerText)) return null;
            return Array.from(r.querySelectorAll('a')).map(a => a.getAttribute('href'));""")
        if hrefs is not None: return hrefs
        time.sleep(0.1)
    raise AssertionError(f"{url}: search did not finish")


def test_search_finds_axiou_from_file_and_http(site, browser, server):
    for base in ((site / 'search.html').as_uri(), f'{server}/search.html'):
        hrefs = _search(browser, base + '?q=AxIoU')
        assert any(h.split('#')[0].split('?')[0].endswith('_axiou.html') for h in hrefs), f"{base}?q=AxIoU: {hrefs[:10]}"
        errors = [e['message'] for e in browser.get_log('browser') if e['level'] == 'SEVERE']
        assert not errors, f"{base}: console errors {errors}"


def test_pages_over_http(site, browser, server):
    "The pages a reader meets first, from a web server: no console error, math typeset."
    for name, page in screens(site).items():
        assert page, f"no single page for {name}"
        has_math = load(browser, f'{server}/{page.relative_to(site).as_posix()}')
        errors = [e['message'] for e in browser.get_log('browser') if e['level'] == 'SEVERE']
        assert not errors, f"{name}.html over HTTP: console errors {errors}"
        if has_math: assert not browser.execute_script("return window.vmrMathErrors.length"), name


def test_every_link_resolves(site, visited):
    "Every link as the browser resolves it, on every page: a file inside the site, and the id it names."
    sys.path.insert(0, str(ROOT / 'tools'))
    from build_docs import check_site, refs_and_ids
    problems, n = check_site(site)
    assert not problems, '\n'.join(problems)
    ids, bad, root, n_links = {}, [], site.resolve(), 0
    for f, r in visited.items():
        for href in r['links']:
            u = urlsplit(href)
            if u.scheme in ('http', 'https', 'mailto', 'javascript'): continue
            n_links += 1
            if u.scheme != 'file': bad.append(f"{f.name}: {href} (not a page of the site)"); continue
            target = Path(unquote(u.path)).resolve()
            if root not in target.parents or not target.exists(): bad.append(f"{f.name}: {href} (missing or outside the site)"); continue
            if u.fragment and target.suffix == '.html':
                if target not in ids: ids[target] = refs_and_ids(target)[1]
                if unquote(u.fragment) not in ids[target]: bad.append(f"{f.name}: {href} (no such id)")
    assert not bad, '\n'.join(bad[:40])
    assert n_links > 1000, n_links


def test_screenshots(site, visited):
    "Screenshots for a person to look at: the index and the pages with the most mathematics."
    found = screens(site)
    missing = [n for n, page in found.items() if page is None]
    assert not missing, (f"screenshot page(s) {missing} not (or not once) in the site: a notebook was renamed or removed; "
                         f"update SCREENS in tests/test_docs.py")
    for page in found.values():
        png = site / 'screens' / f'{shot_name(site, page)}.png'
        assert png.exists() and png.stat().st_size > 20_000, png


def test_build_rejects_links_leaving_the_site_and_unstored_outputs(site):
    "The staging rules on hand-made cases: links between pages made relative, links out of the site and unstored outputs named."
    sys.path.insert(0, str(ROOT / 'tools'))
    cwd = os.getcwd(); os.chdir(ROOT)
    try:
        import build_docs as B
        pages = B.discover()
        st = B.Stager(pages)
    finally: os.chdir(cwd)
    iou = next(p['rel'] for p in pages if p['html'] == 'moments/iou.html')        # nbdev's name of moments/NN_iou.ipynb
    host = 'https://vmr-lit.github.io/vmr_lit/'
    assert st.link(host + 'moments/iou.html#temporal_iou', 'how_to/x.ipynb') == f'../{iou}#temporal_iou'       # nbdev's doc link
    assert st.link(host + 'moments/iou.html#temporal_iou', 'index.ipynb') == f'{iou}#temporal_iou'
    assert st.link(f'../{iou}', 'how_to/x.ipynb') == f'../{iou}'                                              # written by hand
    assert st.link(Path(iou).name, 'moments/x.ipynb') == Path(iou).name
    assert st.link(host + 'moments/iou.html#no_such_heading', 'x.ipynb') == iou         # nbdev's guess of a name it never documented
    assert st.link('https://arxiv.org/abs/2203.16062', 'x.ipynb') == 'https://arxiv.org/abs/2203.16062'
    assert st.link('images/data_flow.png', 'index.ipynb', 'image') == 'images/data_flow.png'               # a file beside the notebooks
    assert not st.errors, st.errors
    st.link('../shared/papers/soda_eccv2020.md', 'captions/06_soda.ipynb'); st.link('file:///etc/passwd', 'captions/06_soda.ipynb')
    st.link(f'../{iou}#no_such_heading', 'how_to/x.ipynb'); st.link('iou.html', 'how_to/x.ipynb')
    assert st.errors == ["captions/06_soda.ipynb: link '../shared/papers/soda_eccv2020.md' leaves the site (neither a notebook nor a file in nbs/)",
                         "captions/06_soda.ipynb: link 'file:///etc/passwd' leaves the site",
                         f"how_to/x.ipynb: link '../{iou}#no_such_heading': no heading 'no_such_heading' in {iou}",
                         "how_to/x.ipynb: link 'iou.html' leaves the site (neither a notebook nor a file in nbs/)"], st.errors
    st.errors = []
    st.links('see `../shared/REFERENCE.md`', 'moments/06_ndcg.ipynb')
    assert st.internal and 'moments/06_ndcg.ipynb' in st.internal[0]
    for body in ('x = 1\nx', 'print(1)', 'plt.plot([1]); plt.show()'):
        st.check_executed(body, [], 'a.ipynb', 7, {})
    st.check_executed('def f():\n    print(1)', [], 'a.ipynb', 8, {})       # prints nothing when run
    st.check_executed('test_eq(1, 1)', [], 'a.ipynb', 9, {})
    st.check_executed('x', [{'output_type': 'execute_result', 'data': {'text/plain': '1'}}], 'a.ipynb', 10, {})
    assert [e.split(' (')[0] for e in st.errors] == ['a.ipynb: cell 7'] * 3, st.errors
