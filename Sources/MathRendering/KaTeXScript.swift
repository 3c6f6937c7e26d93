/// The program Node runs for ``MathRenderer``: it loads KaTeX once, says it is ready, then
/// answers one JSON line per batch of formulas (`{"formulas": [{"tex", "display"}…], "spent"}`,
/// a page's) with one JSON line of results, in order, until its input closes. Passed to
/// `node -e`, so nothing is written to disk; its one argument is the renderer's ``MathBudget``
/// as JSON (``arguments(for:)``).
///
/// KaTeX's parse errors come back as errors with their message (without KaTeX's prefix and its
/// excerpt of the TeX) and position (characters into
/// the TeX), never as KaTeX's red error markup (`throwOnError: false`), so Folio can warn at the
/// formula's place. `trust` stays off (no `\href`, `\htmlClass`, …: the commands it refused
/// come back with the MathML, for a warning).
///
/// Limits: `maxExpand` and `maxSize` are KaTeX's. KaTeX 0.16.4 (Debian's) counts expansions,
/// not what they make: 900 uses of a macro of 2,800 tokens pass, and `\edef\a{\a\a}` doubles a
/// macro for two expansions. So the script counts tokens too: every token KaTeX reads, those
/// macros made included, goes through its macro expander's `expandOnce`, which the script wraps
/// (a function macro is handed the expander once, at start); past the budget the wrapper throws,
/// which stops KaTeX at once. (A proxy as each formula's macro table counts the same, but made
/// KaTeX about three times slower on ordinary formulas; the wrapper's cost did not show above
/// the noise of a shared machine: 4,000 formulas in 318–332 ms at best, against 332 ms without.) A KaTeX in which the wrapper
/// counts nothing is reported as unsupported rather than run without the limit.
/// A batch whose MathML, with the bytes its page has `spent` already, passes the page's bytes
/// stops there: that formula and the rest come back as `pageFull`, unrendered.
enum KaTeXScript {
  /// The arguments after `node`: its heap limit, then the program and the budget.
  static func arguments(for budget: MathBudget) -> [String] {
    let limits =
      #"{"maxExpand":\#(budget.macroExpansions),"maxSize":\#(budget.sizeEms),"#
      + #""tokens":\#(budget.tokens),"pageBytes":\#(budget.pageMathMLBytes)}"#
    return ["--max-old-space-size=\(budget.nodeMemoryMegabytes)", "-e", source, limits]
  }

  static let source = #"""
    'use strict';
    const limits = JSON.parse(process.argv[1]);
    let katex = null;
    for (const name of ['/usr/share/nodejs/katex', 'katex']) {
      try { katex = require(name); break; } catch (error) {}
    }
    const send = (value) => process.stdout.write(JSON.stringify(value) + '\n');
    if (!katex) { send({ missing: true }); process.exit(3); }
    const tooManyTokens = new Error('too many tokens');
    let reads = 0;
    let expander = null;
    try {
      const probe = (context) => { expander = Object.getPrototypeOf(context); return ''; };
      katex.renderToString('\\folioProbe', { macros: { '\\folioProbe': probe } });
    } catch (error) {}
    if (expander && typeof expander.expandOnce === 'function') {
      const expandOnce = expander.expandOnce;
      expander.expandOnce = function (expandableOnly) {
        if (++reads > limits.tokens) throw tooManyTokens;
        return expandOnce.call(this, expandableOnly);
      };
      katex.renderToString('x');
    }
    if (reads === 0) { send({ unsupported: katex.version }); process.exit(4); }
    send({ ready: katex.version });
    const render = (formula) => {
      const refused = [];
      const trust = (context) => { refused.push(String(context.command)); return false; };
      reads = 0;
      try {
        const options = {
          displayMode: !!formula.display, output: 'mathml', throwOnError: true, strict: 'ignore', trust,
          maxExpand: limits.maxExpand, maxSize: limits.maxSize,
        };
        const mathml = katex.renderToString(String(formula.tex), options);
        return refused.length ? { mathml, refused } : { mathml };
      } catch (error) {
        if (error === tooManyTokens) return { limit: 'tokens' };
        if (error instanceof katex.ParseError) {
          if (/^KaTeX parse error: Too many expansions/.test(error.message)) return { limit: 'expansions' };
          // KaTeX 0.16.4 has no rawMessage: the message without its prefix and its excerpt.
          const message = String(error.message).replace(/^KaTeX parse error: /, '')
            .replace(/ at (?:position \d+|end of input): [\s\S]*$/, '');
          return { error: message, position: error.position };
        }
        return { error: String(error && error.message || error) };
      }
    };
    const renderAll = (formulas, spent) => {
      let bytes = Number(spent) || 0;
      return formulas.map((formula) => {
        if (bytes > limits.pageBytes) return { pageFull: true };
        const result = render(formula);
        if (result.mathml !== undefined) bytes += Buffer.byteLength(result.mathml);
        return bytes > limits.pageBytes ? { pageFull: true } : result;
      });
    };
    require('readline').createInterface({ input: process.stdin }).on('line', (line) => {
      let request;
      try { request = JSON.parse(line); } catch (error) { send({ results: [] }); return; }
      send({ results: renderAll(request.formulas || [], request.spent) });
    }).on('close', () => process.exit(0));
    """#
}
