"""Sphinx configuration for the vmr_lit documentation site.

Not run by hand: `python tools/build_docs.py` copies this folder next to nbdev's processed notebooks
(in `_proc/site/`) and runs Sphinx there; the settings below are read from settings.ini.
"""
import configparser
import os
import sys
from pathlib import Path

ROOT = Path(os.environ.get('VMR_LIT_DOCS_ROOT', Path(__file__).resolve().parents[2]))
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))      # docments_ext
_ini = configparser.ConfigParser()
_ini.read(ROOT / 'settings.ini')
S = _ini['DEFAULT']

project = S.get('title', 'vmr_lit')
author = S.get('author', '')
copyright = S.get('copyright', '')
release = version = S.get('version', '')

extensions = ['myst_nb', 'sphinx.ext.mathjax', 'sphinx.ext.autodoc', 'sphinx.ext.autosummary', 'docments_ext']
# The API reference (api.rst): one page per module of the package tree (autosummary, recursive, with
# _templates/autosummary/module.rst), each module's __all__ documented by autodoc, parameter comments by docments_ext.
autosummary_generate = True
templates_path = ['_templates']
autodoc_typehints = 'description'               # types beside each parameter's comment, as show_doc's table has them
autodoc_typehints_description_target = 'all'
autodoc_member_order = 'bysource'
autodoc_preserve_defaults = True                # defaults as written in the source (float64, not <class 'numpy.float64'>)
add_module_names = False
# A reference to a vmr_lit name that resolves nowhere is an error (-W); other libraries' names are not linked.
nitpicky = True
nitpick_ignore_regex = [(r'py:.*', r'(?!vmr_lit\b).*|.*\._\w+')]     # and private names
# Source links: to the repository named by git_url once it is published, else to the highlighted
# source inside the site (sphinx.ext.viewcode), so no link leads nowhere.
GIT_PUBLISHED = S.getboolean('git_url_published', fallback=False)
extensions.append('sphinx.ext.linkcode' if GIT_PUBLISHED else 'sphinx.ext.viewcode')
if GIT_PUBLISHED:
    def linkcode_resolve(domain, info):
        import importlib, inspect
        if domain != 'py' or not info.get('module'): return None
        try:
            obj = importlib.import_module(info['module'])
            for part in info['fullname'].split('.'): obj = getattr(obj, part)
            fn = inspect.getsourcefile(inspect.unwrap(obj)); lines, start = inspect.getsourcelines(obj)
        except Exception: return None
        rel = Path(fn).resolve().relative_to(ROOT)
        return f"{S['git_url']}/blob/{S.get('branch', 'main')}/{rel.as_posix()}#L{start}-L{start + len(lines) - 1}"

root_doc = 'index'
exclude_patterns = ['_build', '**.ipynb_checkpoints', 'conf.py', '_templates']
source_suffix = {'.rst': 'restructuredtext', '.md': 'myst-nb', '.ipynb': 'myst-nb'}

# Notebooks are rendered from their stored outputs plus nbdev's show_doc output: never executed here.
nb_execution_mode = 'off'
nb_merge_streams = True
nb_output_stderr = 'show'
nb_render_markdown_format = 'myst'
# sympy's LaTeX (text/latex) before its plain text, so symbolic results are typeset
nb_mime_priority_overrides = [('html', 'text/latex', 15)]
myst_enable_extensions = ['dollarmath', 'amsmath', 'attrs_inline', 'attrs_block', 'colon_fence', 'html_image']
myst_dmath_double_inline = True
myst_heading_anchors = 4
suppress_warnings = ['myst.header']   # show_doc's headings are level 3 under the page title; every other warning is an error (-W)

# MathJax 3 from the npm package `mathjax`, copied into _static by tools/build_docs.py: the site
# typesets offline, from file:// and from a web server alike. SVG output needs no web fonts.
mathjax_path = 'mathjax/tex-svg-full.js'
mathjax3_config = None          # set in _static/mathjax-config.js (it records TeX errors for the browser test)

html_theme = 'sphinx_book_theme'
html_title = project
html_static_path = ['_static']
html_css_files = ['vmr_lit.css']
html_js_files = [('mathjax-config.js', {'priority': 900})]   # after Sphinx's inline config, before the deferred MathJax
html_copy_source = True
html_favicon = '_static/favicon.svg'
# Search result summaries are fetched from each page, which browsers refuse from file://: off, so the
# search works from a file:// copy of the site as well as from a web server.
html_show_search_summary = False
html_show_sourcelink = False
html_last_updated_fmt = None
html_theme_options = {
    'show_toc_level': 2,
    'use_download_button': True,
    'use_fullscreen_button': False,
    'use_repository_button': GIT_PUBLISHED,
    'repository_url': S.get('git_url', '') if GIT_PUBLISHED else '',
    'home_page_in_toc': True,
    'show_navbar_depth': 1,
    'navigation_with_keys': False,
    'navbar_persistent': [],            # one search field (in the sidebar), not a second one in the header
    'article_header_start': ['toggle-primary-sidebar.html'],
    'pygments_light_style': 'tango',
    'pygments_dark_style': 'monokai',
}
html_context = {'default_mode': 'light'}
pygments_style = 'tango'
