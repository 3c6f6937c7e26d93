// ICU (Debian libicu-dev) for CLDR plural categories, read only by the PluralRules target.
// ICU renames its functions by version with macros (uplrules_select → uplrules_select_72),
// which Swift cannot call through, so this file declares fixed names of Folio's own.
#ifndef FOLIO_CICU_H
#define FOLIO_CICU_H

/// A language's plural rules and the number formatters they select with, opened once: opening
/// them costs about 90 µs, selecting a few.
typedef struct folio_plural_rules folio_plural_rules;

/// The rules of `locale` (an ICU locale ID: `en`, `es_MX`), or NULL when ICU fails.
folio_plural_rules *folio_plural_rules_open(const char *locale);

/// Writes the CLDR plural category ("zero", "one", "two", "few", "many" or "other") of the
/// decimal number `number` (ASCII: optional '-', digits, optional '.' and digits) into
/// `category` (NUL-terminated), formatted with exactly `fractionDigits` (0–20) visible fraction
/// digits so that "1.0" counts as written. Returns the category's length, or -1 when ICU
/// refuses the number. Safe to call from several threads at once (ICU's formatters and rules
/// are immutable once made; each thread's formatter is made under a lock).
int folio_plural_rules_select(
    folio_plural_rules *rules, const char *number, int fractionDigits, char *category, int capacity);

/// Writes `number` (as for `folio_plural_rules_select`) into `text` as the language writes it,
/// with its digit grouping and decimal mark ("1,234.5" in English, "12.345" in Spanish,
/// NUL-terminated UTF-8). Returns the text's length in bytes, or -1 when ICU refuses the number
/// or `text` is too small.
int folio_plural_rules_format(
    folio_plural_rules *rules, const char *number, int fractionDigits, char *text, int capacity);

/// Frees the rules.
void folio_plural_rules_close(folio_plural_rules *rules);

#endif
