#include "CICU.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unicode/unumberformatter.h>
#include <unicode/upluralrules.h>
#include <unicode/ustring.h>

enum { maximumFractionDigits = 20 };

struct folio_plural_rules {
  char locale[64];
  UPluralRules *rules;
  // One formatter for each count of visible fraction digits, made when first needed.
  UNumberFormatter *formatters[maximumFractionDigits + 1];
  pthread_mutex_t lock;
};

folio_plural_rules *folio_plural_rules_open(const char *locale) {
  if (strlen(locale) >= 64) return NULL;
  folio_plural_rules *rules = calloc(1, sizeof(folio_plural_rules));
  if (!rules) return NULL;
  strcpy(rules->locale, locale);
  UErrorCode status = U_ZERO_ERROR;
  rules->rules = uplrules_open(locale, &status);
  if (U_FAILURE(status)) {
    free(rules);
    return NULL;
  }
  pthread_mutex_init(&rules->lock, NULL);
  return rules;
}

/// The formatter that shows exactly `fractionDigits` digits: skeleton `precision-integer`, or
/// `.0…0`.
static UNumberFormatter *formatter(folio_plural_rules *rules, int fractionDigits) {
  pthread_mutex_lock(&rules->lock);
  UNumberFormatter *result = rules->formatters[fractionDigits];
  if (!result) {
    char skeleton[32] = "precision-integer";
    if (fractionDigits > 0) {
      skeleton[0] = '.';
      memset(skeleton + 1, '0', (size_t)fractionDigits);
      skeleton[fractionDigits + 1] = '\0';
    }
    UChar wideSkeleton[32];
    u_charsToUChars(skeleton, wideSkeleton, (int32_t)strlen(skeleton) + 1);
    UErrorCode status = U_ZERO_ERROR;
    result = unumf_openForSkeletonAndLocale(wideSkeleton, -1, rules->locale, &status);
    if (U_FAILURE(status)) {
      if (result) unumf_close(result);
      result = NULL;
    }
    rules->formatters[fractionDigits] = result;
  }
  pthread_mutex_unlock(&rules->lock);
  return result;
}

/// `number` formatted with exactly `fractionDigits` visible fraction digits, for selecting its
/// category or writing it; NULL (with `status` failed) when ICU refuses it. The caller closes it.
static UFormattedNumber *format(
    folio_plural_rules *rules, const char *number, int fractionDigits, UErrorCode *status) {
  if (!rules || fractionDigits < 0 || fractionDigits > maximumFractionDigits) return NULL;
  UNumberFormatter *numberFormatter = formatter(rules, fractionDigits);
  if (!numberFormatter) return NULL;
  UFormattedNumber *formatted = unumf_openResult(status);
  unumf_formatDecimal(numberFormatter, number, -1, formatted, status);
  return formatted;
}

int folio_plural_rules_select(
    folio_plural_rules *rules, const char *number, int fractionDigits, char *category, int capacity) {
  if (capacity < 8) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UFormattedNumber *formatted = format(rules, number, fractionDigits, &status);
  if (!formatted) return -1;
  UChar wide[16];
  int32_t length = uplrules_selectFormatted(rules->rules, formatted, wide, 16, &status);
  int result = -1;
  if (U_SUCCESS(status) && length > 0 && length < capacity) {
    u_UCharsToChars(wide, category, length);
    category[length] = '\0';
    result = length;
  }
  unumf_closeResult(formatted);
  return result;
}

int folio_plural_rules_format(
    folio_plural_rules *rules, const char *number, int fractionDigits, char *text, int capacity) {
  if (capacity < 1) return -1;
  UErrorCode status = U_ZERO_ERROR;
  UFormattedNumber *formatted = format(rules, number, fractionDigits, &status);
  if (!formatted) return -1;
  UChar wide[64];
  int32_t wideLength = unumf_resultToString(formatted, wide, 64, &status);
  int result = -1;
  if (U_SUCCESS(status) && wideLength < 64) {
    int32_t length = 0;
    u_strToUTF8(text, capacity, &length, wide, wideLength, &status);
    if (U_SUCCESS(status) && length < capacity) {
      text[length] = '\0';
      result = length;
    }
  }
  unumf_closeResult(formatted);
  return result;
}

void folio_plural_rules_close(folio_plural_rules *rules) {
  if (!rules) return;
  for (int index = 0; index <= maximumFractionDigits; index++) {
    if (rules->formatters[index]) unumf_close(rules->formatters[index]);
  }
  uplrules_close(rules->rules);
  pthread_mutex_destroy(&rules->lock);
  free(rules);
}
