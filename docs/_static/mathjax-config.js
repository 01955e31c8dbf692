// MathJax 3 configuration for the vmr_lit docs: runs after Sphinx's inline `window.MathJax = {...}`
// and before MathJax itself (which Sphinx loads deferred), and replaces it.
// Sphinx marks math with the class "math"; only those elements are typeset. Undefined macros and
// TeX errors are not hidden (noundefined/noerrors removed): they are recorded in window.vmrMathErrors
// and shown as errors, so the browser test fails on them.
window.vmrMathErrors = [];
window.MathJax = {
  loader: {load: []},
  tex: {
    inlineMath: [['\\(', '\\)']],
    displayMath: [['\\[', '\\]']],
    processEscapes: false,
    tags: 'none',
    packages: {'[-]': ['noundefined', 'noerrors']},
    formatError: function (jax, err) {
      window.vmrMathErrors.push(String(err.message || err));
      return jax.formatError(err);
    }
  },
  svg: {fontCache: 'global', scale: 1.0},
  options: {
    processHtmlClass: 'tex2jax_process|mathjax_process|math|output_area',
    ignoreHtmlClass: 'tex2jax_ignore|mathjax_ignore|document',
    enableMenu: false
  },
  startup: {
    typeset: true,
    pageReady: function () {
      return MathJax.startup.defaultPageReady().then(function () {
        keepPunctuation();
        document.documentElement.dataset.mathjax = 'done';
      });
    }
  }
};

// Inline math and the punctuation around it ("($x$).", "$x$,") stay on one line: the browser may
// otherwise break between the formula and a full stop or an opening parenthesis.
function keepPunctuation() {
  document.querySelectorAll('span.math').forEach(function (m) {
    var after = m.nextSibling, before = m.previousSibling, lead = '', tail = '';
    if (after && after.nodeType === 3) { var a = after.data.match(/^[.,;:!?)\]\u2019\u201d]+/); if (a) tail = a[0]; }
    if (before && before.nodeType === 3) { var b = before.data.match(/[(\[\u2018\u201c]+$/); if (b) lead = b[0]; }
    if (!lead && !tail) return;
    var span = document.createElement('span'); span.className = 'vmr-nowrap';
    m.parentNode.insertBefore(span, m);
    if (lead) { before.data = before.data.slice(0, -lead.length); span.appendChild(document.createTextNode(lead)); }
    span.appendChild(m);
    if (tail) { after.data = after.data.slice(tail.length); span.appendChild(document.createTextNode(tail)); }
  });
}
