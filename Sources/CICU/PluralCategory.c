#include "CICU.h"

#include <stdio.h>
#include <string.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

int folio_plural_category(
    const char *locale, const char *number, int fractionDigits, char *category, int capacity) {
  if (fractionDigits < 0 || fractionDigits > 20 || capacity < 8) return -1;
  // A skeleton that shows exactly the digits written: `precision-integer`, or `.0…0`.
  char skeleton[32] = "precision-integer";
  if (fractionDigits > 0) {
    skeleton[0] = '.';
    memset(skeleton + 1, '0', (size_t)fractionDigits);
    skeleton[fractionDigits + 1] = '\0';
  }
  UChar wideSkeleton[32];
  u_charsToUChars(skeleton, wideSkeleton, (int32_t)strlen(skeleton) + 1);

  UErrorCode status = U_ZERO_ERROR;
  UPluralRules *rules = uplrules_open(locale, &status);
  UNumberFormatter *formatter = unumf_openForSkeletonAndLocale(wideSkeleton, -1, locale, &status);
  UFormattedNumber *formatted = unumf_openResult(&status);
  unumf_formatDecimal(formatter, number, -1, formatted, &status);
  UChar wide[16];
  int32_t length = uplrules_selectFormatted(rules, formatted, wide, 16, &status);
  int result = -1;
  if (U_SUCCESS(status) && length > 0 && length < capacity) {
    u_UCharsToChars(wide, category, length);
    category[length] = '\0';
    result = length;
  }
  if (formatted) unumf_closeResult(formatted);
  if (formatter) unumf_close(formatter);
  if (rules) uplrules_close(rules);
  return result;
}
