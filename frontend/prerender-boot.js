/*
 * The prerendered pages' only script (vite.config.ts, prerender): once the page has painted, it
 * starts the app's entry module and preloads the page's chunks, named in its data attributes. The
 * page is HTML and CSS until then, so the first paint never waits on JavaScript.
 */
(function () {
  var boot = document.currentScript;
  requestAnimationFrame(function () {
    setTimeout(function () {
      (boot.getAttribute('data-preload') || '').split(' ').filter(Boolean).forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'modulepreload';
        link.crossOrigin = '';
        link.href = href;
        document.head.appendChild(link);
      });
      var entry = document.createElement('script');
      entry.type = 'module';
      entry.crossOrigin = '';
      entry.src = boot.getAttribute('data-entry');
      document.body.appendChild(entry);
    }, 0);
  });
})();
