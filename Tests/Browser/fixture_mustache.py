"""A small Mustache renderer used only to build the browser-test fixture site.

It renders the theme's real templates (Templates/*.mustache) so the fixture exercises the
same markup the Swift engine will produce. It covers what the theme uses: variables
(escaped and `{{{ }}}` / `{{& }}`), sections, inverted sections, comments, partials,
standalone-line removal, dotted names, and inheritance (`{{<parent}}` with `{{$block}}`).
It does not support set-delimiter tags or lambdas.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

_TAG = re.compile(r"\{\{(\{)?\s*([#^/!>&<$]?)\s*(.*?)\s*(\})?\}\}", re.S)
_STANDALONE_KINDS = set("#^/!><$")


class TemplateError(Exception):
    """A template that this renderer cannot parse."""


def _tokenize(source: str) -> list:
    """Splits a template into text and tag tokens, dropping standalone lines."""
    tokens = []
    pos = 0
    for match in _TAG.finditer(source):
        triple, kind, name, closing = match.groups()
        if triple and not closing:
            raise TemplateError(f"unclosed triple mustache near {name!r}")
        start, end = match.span()
        line_start = source.rfind("\n", 0, start) + 1
        line_end = source.find("\n", end)
        line_end = len(source) if line_end == -1 else line_end + 1
        before = source[line_start:start]
        after = source[end:line_end]
        standalone = (
            kind in _STANDALONE_KINDS
            and before.strip() == ""
            and after.strip() == ""
            and line_start >= pos
            and not _TAG.search(before)
            and not _TAG.search(after)
        )
        if standalone:
            tokens.append(("text", source[pos:line_start]))
            pos = line_end
            tokens.append((kind, name, before))
        else:
            tokens.append(("text", source[pos:start]))
            pos = end
            tokens.append(("&" if triple else kind or "name", name, ""))
    tokens.append(("text", source[pos:]))
    return [t for t in tokens if not (t[0] == "text" and t[1] == "")]


def _parse(tokens: list, closing: str | None = None, index: int = 0):
    """Builds a nested node list; returns (nodes, next index)."""
    nodes = []
    while index < len(tokens):
        token = tokens[index]
        kind = token[0]
        index += 1
        if kind == "/":
            if token[1] != closing:
                raise TemplateError(f"unexpected closing tag {token[1]!r}, expected {closing!r}")
            return nodes, index
        if kind in ("#", "^", "<", "$"):
            children, index = _parse(tokens, token[1], index)
            nodes.append((kind, token[1], children))
        elif kind == "!":
            continue
        else:
            nodes.append(token)
    if closing is not None:
        raise TemplateError(f"unclosed section {closing!r}")
    return nodes, index


class Renderer:
    """Renders templates found under a root folder (names are paths without `.mustache`)."""

    def __init__(self, root: Path):
        self.root = Path(root)
        self._cache: dict[str, list] = {}

    def _load(self, name: str) -> list:
        if name not in self._cache:
            path = self.root / f"{name}.mustache"
            source = path.read_text(encoding="utf-8")
            self._cache[name], _ = _parse(_tokenize(source))
        return self._cache[name]

    def render(self, name: str, data: dict) -> str:
        return self._render(self._load(name), [data], {})

    @staticmethod
    def _lookup(stack: list, name: str):
        if name == ".":
            return stack[-1]
        head, *rest = name.split(".")
        for context in reversed(stack):
            if isinstance(context, dict) and head in context:
                value = context[head]
                break
        else:
            return None
        for part in rest:
            if isinstance(value, dict) and part in value:
                value = value[part]
            else:
                return None
        return value

    def _render(self, nodes: list, stack: list, blocks: dict) -> str:
        out = []
        for node in nodes:
            kind = node[0]
            if kind == "text":
                out.append(node[1])
            elif kind in ("name", "&"):
                value = self._lookup(stack, node[1])
                text = "" if value is None or value is False else str(value)
                out.append(text if kind == "&" else html.escape(text, quote=True))
            elif kind == "#":
                value = self._lookup(stack, node[1])
                if isinstance(value, list):
                    for item in value:
                        out.append(self._render(node[2], stack + [item], blocks))
                elif value:
                    pushed = stack + [value] if isinstance(value, dict) else stack
                    out.append(self._render(node[2], pushed, blocks))
            elif kind == "^":
                value = self._lookup(stack, node[1])
                if not value:
                    out.append(self._render(node[2], stack, blocks))
            elif kind == ">":
                indent = node[2]
                text = self._render(self._load(node[1]), stack, blocks)
                if indent:
                    lines = text.splitlines(keepends=True)
                    text = "".join(indent + line for line in lines)
                out.append(text)
            elif kind == "$":
                body = blocks.get(node[1], node[2])
                out.append(self._render(body, stack, blocks))
            elif kind == "<":
                overrides = {n[1]: n[2] for n in node[2] if n[0] == "$"}
                # Outer (child) overrides win over those of the parent being extended.
                merged = {**overrides, **blocks}
                out.append(self._render(self._load(node[1]), stack, merged))
            else:
                raise TemplateError(f"unsupported tag kind {kind!r}")
        return "".join(out)
