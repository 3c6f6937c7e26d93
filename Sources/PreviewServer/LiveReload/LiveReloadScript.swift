/// The browser side of live reload, served at `/_folio/livereload.js`.
///
/// It builds every element with DOM APIs and `textContent`, never `innerHTML`, because error
/// messages and source excerpts are untrusted text. It sets only `className`, never a style,
/// so the strict `Content-Security-Policy` holds; the looks live in `/_folio/overlay.css`.
enum LiveReloadScript {
  /// The script.
  static let source = #"""
    // Folio live reload. Messages arrive as JSON in Server-Sent Events `data:` lines.
    (function () {
      'use strict';
      if (window.folioLiveReload) { return; }
      window.folioLiveReload = true;

      var buildID = null;
      var source = null;
      var overlayID = 'folio-error-overlay';

      // "/posts/hello/", "/posts/hello/index.html" and "/posts/hello" name the same page.
      function normalize(path) {
        try { path = decodeURIComponent(path); } catch (error) { /* keep it encoded */ }
        path = path.replace(/\/index\.html$/, '/');
        if (path.length > 1 && path.charAt(path.length - 1) === '/') { path = path.slice(0, -1); }
        return path;
      }

      function concerns(paths, path) {
        if (!paths || paths.length === 0) { return true; }
        var wanted = normalize(path);
        return paths.some(function (candidate) { return normalize(candidate) === wanted; });
      }

      function swapStylesheets(paths) {
        var links = document.querySelectorAll('link[rel~="stylesheet"][href]');
        Array.prototype.forEach.call(links, function (link) {
          var url = new URL(link.href, location.href);
          if (url.origin !== location.origin || url.pathname.indexOf('/_folio/') === 0) { return; }
          if (!concerns(paths, url.pathname)) { return; }
          url.searchParams.set('folio-reload', String(Date.now()));
          link.href = url.href;
        });
      }

      function element(tag, className, text) {
        var node = document.createElement(tag);
        node.className = className;
        if (text !== undefined) { node.textContent = text; }
        return node;
      }

      function clearError() {
        var overlay = document.getElementById(overlayID);
        if (overlay) { overlay.remove(); }
      }

      function showError(error) {
        clearError();
        if (!error) { return; }
        var overlay = element('div', 'folio-overlay');
        overlay.id = overlayID;
        overlay.setAttribute('role', 'alertdialog');
        overlay.setAttribute('aria-label', 'Build error');
        var panel = element('div', 'folio-overlay-panel');
        var header = element('div', 'folio-overlay-header');
        header.appendChild(element('span', 'folio-overlay-location',
          error.path + ':' + error.line + ':' + error.column));
        var close = element('button', 'folio-overlay-close', 'Close');
        close.type = 'button';
        close.addEventListener('click', clearError);
        header.appendChild(close);
        panel.appendChild(header);
        panel.appendChild(element('pre', 'folio-overlay-message', error.message));
        var lines = error.excerpt || [];
        if (lines.length > 0) {
          var excerpt = element('pre', 'folio-overlay-excerpt');
          lines.forEach(function (line) {
            var row = element('div', line.isHighlighted
              ? 'folio-overlay-line folio-overlay-line-highlighted' : 'folio-overlay-line');
            row.appendChild(element('span', 'folio-overlay-number', String(line.number)));
            row.appendChild(element('span', 'folio-overlay-code', line.text));
            excerpt.appendChild(row);
            if (line.isHighlighted && error.column > 0) {
              var caret = element('div', 'folio-overlay-line folio-overlay-caret-line');
              caret.appendChild(element('span', 'folio-overlay-number', ''));
              caret.appendChild(element('span', 'folio-overlay-caret',
                new Array(error.column).join(' ') + '^'));
              excerpt.appendChild(caret);
            }
          });
          panel.appendChild(excerpt);
        }
        overlay.appendChild(panel);
        (document.body || document.documentElement).appendChild(overlay);
      }

      function handle(message) {
        switch (message.type) {
          case 'hello':
            // A new build id after a reconnect means the server restarted: reload once.
            if (buildID !== null && buildID !== message.build) { location.reload(); return; }
            buildID = message.build;
            break;
          case 'reload':
            if (concerns(message.paths, location.pathname)) { location.reload(); }
            break;
          case 'css':
            swapStylesheets(message.paths);
            break;
          case 'error':
            showError(message.error);
            break;
          case 'clear':
            clearError();
            break;
        }
      }

      function connect() {
        source = new EventSource('/_folio/events');
        source.onmessage = function (event) {
          var message;
          try { message = JSON.parse(event.data); } catch (error) { return; }
          handle(message);
        };
        source.onerror = function () {
          // EventSource retries by itself unless the server answered with an error status;
          // then it closes for good, so start over after a pause.
          if (source.readyState === EventSource.CLOSED) {
            source.close();
            setTimeout(connect, 1000);
          }
        };
      }

      // Browsers allow few connections per host over HTTP/1.1; give ours back when leaving.
      window.addEventListener('pagehide', function () { if (source) { source.close(); } });
      window.addEventListener('pageshow', function (event) { if (event.persisted) { connect(); } });
      connect();
    })();

    """#
}
