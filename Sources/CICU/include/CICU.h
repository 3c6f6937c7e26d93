// ICU (Debian libicu-dev) for CLDR plural categories, read only by the PluralRules target.
// ICU renames its functions by version with macros (uplrules_select → uplrules_select_72),
// which Swift cannot call through, so this file declares fixed names of Folio's own.
#ifndef FOLIO_CICU_H
#define FOLIO_CICU_H

#include <stddef.h>

/// Writes the CLDR plural category ("zero", "one", "two", "few", "many" or "other") of the
/// decimal number `number` (ASCII: optional '-', digits, optional '.' and digits) in `locale`
/// into `category` (NUL-terminated), formatted with exactly `fractionDigits` visible fraction
/// digits so that "1.0" counts as written. Returns the category's length, or -1 when ICU
/// refuses the locale or the number.
int folio_plural_category(
    const char *locale, const char *number, int fractionDigits, char *category, int capacity);

#endif
