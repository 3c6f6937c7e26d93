// KSyntaxHighlighting behind a C API (include/CSyntaxHighlighting.h): the only Folio code that
// sees Qt. Each call converts its UTF-8 input to QString once, and its output to plain C
// values before returning.
#include "CSyntaxHighlighting.h"

#include <KSyntaxHighlighting/AbstractHighlighter>
#include <KSyntaxHighlighting/Definition>
#include <KSyntaxHighlighting/Format>
#include <KSyntaxHighlighting/Repository>
#include <KSyntaxHighlighting/State>
#include <KSyntaxHighlighting/Theme>

#include <QString>
#include <QStringView>

#include <cstdlib>
#include <cstring>
#include <mutex>
#include <string>
#include <vector>

namespace {

using KSyntaxHighlighting::Theme;

/// Collects the formats of one line as (UTF-16 offset, length, style) spans of the buffer.
class SpanCollector final : public KSyntaxHighlighting::AbstractHighlighter {
public:
  std::vector<folio_hl_span> spans;
  uint32_t lineStart = 0;

  /// Highlights `line` (a view into the whole buffer, starting at UTF-16 offset `start`).
  KSyntaxHighlighting::State highlight(QStringView line, uint32_t start, const KSyntaxHighlighting::State &state) {
    lineStart = start;
    return highlightLine(line, state);
  }

protected:
  void applyFormat(int offset, int length, const KSyntaxHighlighting::Format &format) override {
    if (length <= 0) return;
    uint32_t style = format.isValid() ? static_cast<uint32_t>(format.textStyle()) : 0;
    uint32_t begin = lineStart + static_cast<uint32_t>(offset);
    if (!spans.empty()) {
      folio_hl_span &last = spans.back();
      if (last.style == style && last.offset + last.length == begin) {
        last.length += static_cast<uint32_t>(length);
        return;
      }
    }
    spans.push_back({begin, static_cast<uint32_t>(length), style});
  }
};

/// Qt's resource system and QStandardPaths are set up on first use: open one repository at a time.
std::mutex openingLock;

/// Whether a file came from the library itself (Qt resources, ":/…") rather than from a data
/// folder. KSyntaxHighlighting also reads `org.kde.syntax-highlighting/` under `$XDG_DATA_HOME`
/// and `$XDG_DATA_DIRS`; a definition or theme found there would make one machine's build differ
/// from another's and is a read outside the site, so Folio uses none of them. (Pointing those
/// variables elsewhere with `setenv` is not an option: it races with other threads' `getenv` and
/// moves `environ`, which the static Swift runtime reads `argv` relative to.)
bool isBuiltIn(const QString &filePath) { return filePath.startsWith(QStringLiteral(":/")); }

/// A definition Folio may use: built in, and so is every definition it includes.
bool isUsable(const KSyntaxHighlighting::Definition &definition) {
  if (!definition.isValid() || !isBuiltIn(definition.filePath())) return false;
  for (const KSyntaxHighlighting::Definition &included : definition.includedDefinitions()) {
    if (!isBuiltIn(included.filePath())) return false;
  }
  return true;
}

char *copyOut(const std::string &text) {
  char *result = static_cast<char *>(std::malloc(text.size() + 1));
  if (result == nullptr) std::abort();
  std::memcpy(result, text.data(), text.size() + 1);
  return result;
}

void append(std::string &out, const QString &text) {
  QByteArray bytes = text.toUtf8();
  out.append(bytes.constData(), static_cast<size_t>(bytes.size()));
}

/// Rewrites the spans' UTF-16 offsets and lengths as UTF-8 byte counts of `text`. Spans are in
/// order and do not overlap, so one walk over the text converts them all.
void convertToUTF8(const QString &text, std::vector<folio_hl_span> &spans) {
  const char16_t *units = reinterpret_cast<const char16_t *>(text.utf16());
  uint32_t unit = 0, byte = 0;
  auto advanceTo = [&](uint32_t target) {
    while (unit < target) {
      char16_t c = units[unit];
      if (c < 0x80) { byte += 1; unit += 1; }
      else if (c < 0x800) { byte += 2; unit += 1; }
      else if (c >= 0xD800 && c < 0xDC00) { byte += 4; unit += 2; }
      else { byte += 3; unit += 1; }
    }
  };
  for (folio_hl_span &span : spans) {
    advanceTo(span.offset);
    uint32_t start = byte;
    advanceTo(span.offset + span.length);
    span.offset = start;
    span.length = byte - start;
  }
}

}  // namespace

struct folio_hl_repository {
  KSyntaxHighlighting::Repository repository;
  SpanCollector highlighter;
  // The last definition looked up, so that blocks of one language do not look it up again.
  std::string definitionName;
  KSyntaxHighlighting::Definition definition;
  // Whether `definition` is built in (with everything it includes), worked out once per lookup.
  bool definitionUsable = false;
};

extern "C" {

folio_hl_repository *folio_hl_repository_open(void) {
  std::lock_guard<std::mutex> guard(openingLock);
  return new folio_hl_repository();
}

void folio_hl_repository_free(folio_hl_repository *repository) {
  std::lock_guard<std::mutex> guard(openingLock);
  delete repository;
}

void folio_hl_free(void *allocation) { std::free(allocation); }

char *folio_hl_definitions(folio_hl_repository *repository) {
  std::string out;
  for (const KSyntaxHighlighting::Definition &definition : repository->repository.definitions()) {
    // Only where the file is: a definition's includes are known once it is loaded (its XML
    // parsed), which listing must not force for every language; highlighting checks them.
    if (!isBuiltIn(definition.filePath())) continue;
    append(out, definition.name());
    out += '\t';
    append(out, definition.section());
    out += definition.isHidden() ? "\t1\t" : "\t0\t";
    bool first = true;
    for (const QString &extension : definition.extensions()) {
      if (!first) out += ';';
      first = false;
      append(out, extension);
    }
    out += '\n';
  }
  return copyOut(out);
}

char *folio_hl_themes(folio_hl_repository *repository) {
  std::string out;
  for (const Theme &theme : repository->repository.themes()) {
    if (!isBuiltIn(theme.filePath())) continue;
    append(out, theme.name());
    out += '\n';
  }
  return copyOut(out);
}

int folio_hl_highlight(
    folio_hl_repository *repository, const char *definition, const char *text, size_t length,
    folio_hl_span **spans, size_t *count) {
  if (repository->definitionName != definition || !repository->definition.isValid()) {
    repository->definition = repository->repository.definitionForName(QString::fromUtf8(definition));
    repository->definitionName = definition;
    repository->definitionUsable = isUsable(repository->definition);
  }
  if (!repository->definitionUsable) return -1;
  SpanCollector &highlighter = repository->highlighter;
  highlighter.setDefinition(repository->definition);
  highlighter.spans.clear();

  // One conversion for the whole block; each line is a view into it.
  const QString buffer = QString::fromUtf8(text, static_cast<int>(length));
  const QStringView all(buffer);
  KSyntaxHighlighting::State state;
  const qsizetype size = all.size();
  qsizetype start = 0;
  while (start < size) {
    qsizetype end = start;
    while (end < size && all[end] != u'\n') end += 1;
    qsizetype lineEnd = end > start && all[end - 1] == u'\r' ? end - 1 : end;
    state = highlighter.highlight(all.mid(start, lineEnd - start), static_cast<uint32_t>(start), state);
    start = end + 1;
  }
  convertToUTF8(buffer, highlighter.spans);

  size_t n = highlighter.spans.size();
  folio_hl_span *result = static_cast<folio_hl_span *>(std::malloc(n == 0 ? 1 : n * sizeof(folio_hl_span)));
  if (result == nullptr) std::abort();
  if (n > 0) std::memcpy(result, highlighter.spans.data(), n * sizeof(folio_hl_span));
  *spans = result;
  *count = n;
  return 0;
}

int folio_hl_theme_style(
    folio_hl_repository *repository, const char *theme, uint32_t style, folio_hl_style *result) {
  Theme found = repository->repository.theme(QString::fromUtf8(theme));
  if (!found.isValid() || found.name() != QString::fromUtf8(theme) || !isBuiltIn(found.filePath())) return -1;
  Theme::TextStyle textStyle = static_cast<Theme::TextStyle>(style);
  result->text_color = found.textColor(textStyle);
  result->background_color = found.backgroundColor(textStyle);
  result->bold = found.isBold(textStyle) ? 1 : 0;
  result->italic = found.isItalic(textStyle) ? 1 : 0;
  result->underline = found.isUnderline(textStyle) ? 1 : 0;
  result->strike_through = found.isStrikeThrough(textStyle) ? 1 : 0;
  return 0;
}

uint32_t folio_hl_theme_editor_color(folio_hl_repository *repository, const char *theme, uint32_t role) {
  Theme found = repository->repository.theme(QString::fromUtf8(theme));
  if (!found.isValid() || found.name() != QString::fromUtf8(theme) || !isBuiltIn(found.filePath())) return 0;
  return found.editorColor(static_cast<Theme::EditorColorRole>(role));
}

}  // extern "C"
