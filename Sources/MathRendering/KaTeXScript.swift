/// The program Node runs for ``MathRenderer``: it loads KaTeX once, says it is ready, then
/// answers one JSON line per batch of formulas with one JSON line of results, in order, until
/// its input closes. Passed to `node -e`, so nothing is written to disk.
///
/// KaTeX's parse errors come back as errors with their message (without KaTeX's prefix and its
/// excerpt of the TeX) and position (characters into
/// the TeX), never as KaTeX's red error markup (`throwOnError: false`), so Folio can warn at the
/// formula's place. `trust` stays off (no `\href`, `\htmlClass`, …: the commands it refused
/// come back with the MathML, for a warning) and `maxExpand` at KaTeX's default bounds macro
/// expansion.
enum KaTeXScript {
  static let source = #"""
    'use strict';
    let katex = null;
    for (const name of ['/usr/share/nodejs/katex', 'katex']) {
      try { katex = require(name); break; } catch (error) {}
    }
    const send = (value) => process.stdout.write(JSON.stringify(value) + '\n');
    if (!katex) { send({ missing: true }); process.exit(3); }
    send({ ready: katex.version });
    const render = (formula) => {
      const refused = [];
      const trust = (context) => { refused.push(String(context.command)); return false; };
      try {
        const options = { displayMode: !!formula.display, output: 'mathml', throwOnError: true, strict: 'ignore', trust };
        const mathml = katex.renderToString(String(formula.tex), options);
        return refused.length ? { mathml, refused } : { mathml };
      } catch (error) {
        if (error instanceof katex.ParseError) {
          // KaTeX 0.16.4 has no rawMessage: the message without its prefix and its excerpt.
          const message = String(error.message).replace(/^KaTeX parse error: /, '')
            .replace(/ at (?:position \d+|end of input): [\s\S]*$/, '');
          return { error: message, position: error.position };
        }
        return { error: String(error && error.message || error) };
      }
    };
    require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
      let request;
      try { request = JSON.parse(line); } catch (error) { send({ results: [] }); return; }
      send({ results: (request.formulas || []).map(render) });
    }).on('close', () => process.exit(0));
    """#
}
