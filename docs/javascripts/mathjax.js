// MathJax set-up for pymdownx.arithmatex (generic mode).
//
// The renderer itself ships with the site, pinned, in
// javascripts/vendor/mathjax-3.2.2/ (see SOURCE.txt there for where it comes
// from and its licence), so formulas render with no network.  mkdocs.yml
// loads this file first and the renderer (tex-svg.js) after it.
//
// arithmatex wraps every formula in an element of class "arithmatex", holding
// \( ... \) for inline and \[ ... \] for display formulas; MathJax is told to
// look only there, so a backslash in a code block is never taken for math.
window.MathJax = {
  tex: {
    inlineMath: [["\\(", "\\)"]],
    displayMath: [["\\[", "\\]"]],
    processEscapes: true,
    processEnvironments: true
  },
  options: {
    ignoreHtmlClass: ".*|",
    processHtmlClass: "arithmatex"
  },
  svg: {
    fontCache: "global"  // each glyph's path once per page, reused by every formula
  },
  startup: {
    typeset: false  // the page is typeset below, once MathJax is ready
  }
};

// Typeset the page, and again after each page change if the theme's
// instant navigation is switched on (document$ is mkdocs-material's stream
// of page loads).
document$.subscribe(function () {
  if (!window.MathJax || !MathJax.startup || !MathJax.startup.promise) {
    console.error("MathJax did not load: the formulas stay as TeX source");
    return;
  }
  MathJax.startup.promise.then(function () {
    var output = MathJax.startup.output;
    if (output.fontCache && output.fontCache.clearCache) {
      output.fontCache.clearCache();  // the glyphs of the previous page
    }
    MathJax.typesetClear();
    MathJax.texReset();
    return MathJax.typesetPromise();
  }).then(markWideFormulas);
});

// An inline formula wider than its paragraph (a long one, on a phone) gets the
// class "wide": docs/stylesheets/extra.css then lets it scroll in its own box,
// so that the page itself never scrolls sideways and the formula keeps its size.
function markWideFormulas() {
  document.querySelectorAll("mjx-container:not([display])").forEach(function (formula) {
    formula.classList.remove("wide");
    var block = formula.parentElement;  // the paragraph, list item or cell it sits in
    while (block && getComputedStyle(block).display === "inline") {
      block = block.parentElement;
    }
    var room = block ? block.clientWidth : 0;
    if (room && formula.getBoundingClientRect().width > room) {
      formula.classList.add("wide");
    }
  });
}
window.addEventListener("resize", markWideFormulas);
