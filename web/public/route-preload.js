// Preloads the code of the page at this address while the entry downloads (see preloadFirstPage in web/vite.config.ts).
/* global document, location */
(function () {
  var data = document.getElementById('route-preloads');
  var files = data ? JSON.parse(data.textContent)[location.pathname.replace(/\/+$/, '') || '/'] : null;
  if (!Array.isArray(files)) return;
  files.forEach(function (href) {
    var link = document.createElement('link');
    var css = /\.css$/.test(href);
    link.rel = css ? 'preload' : 'modulepreload';
    if (css) link.as = 'style';
    // CORS mode for both: Vite's loader adds the page's stylesheets with crossorigin too, and a
    // preload whose mode differs is not reused (the CSS was fetched twice).
    link.crossOrigin = '';
    link.href = href;
    document.head.appendChild(link);
  });
})();
