// A C face on the parts of ICU Roster uses: collation sort keys, the alphabetic index of a locale,
// transliteration and locale tags. ICU's own C symbols carry its version (ucol_open_72), which Swift
// cannot import through the renaming macros, and AlphabeticIndex is C++ only: this shim calls both
// and exports plain names. Text goes in and out as UTF-8.
#ifndef ROSTER_CICU_H
#define ROSTER_CICU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// ICU's version, as "72.1", into `out` (NUL-terminated).
void roster_icu_version(char *out, int32_t capacity);

/// The canonical BCP 47 form of `tag` ("zh_hant" -> "zh-Hant") into `out`; returns its length, or
/// -1 when ICU cannot read the tag or it names no language.
int32_t roster_icu_canonical_tag(const char *tag, char *out, int32_t capacity);

/// The region a locale's speakers most likely live in ("sv" -> "SE", "zh" -> "CN"), into `out`;
/// returns its length, 0 when ICU knows none.
int32_t roster_icu_likely_region(const char *tag, char *out, int32_t capacity);

/// A collator for a locale, at ICU's default (tertiary) strength; NULL on failure, with ICU's
/// error name in `error`. Thread-safe for keys once made.
typedef struct roster_collator roster_collator;
roster_collator *roster_collator_open(const char *tag, char *error, int32_t error_capacity);
void roster_collator_close(roster_collator *collator);

/// The sort key of `text` (UTF-8, `length` bytes) into `out`: its length including ICU's trailing
/// 0, which may exceed `capacity` (then call again with room for it). Invalid UTF-8 reads as U+FFFD.
int32_t roster_collator_key(const roster_collator *collator, const char *text, int32_t length,
                            uint8_t *out, int32_t capacity);

/// An AlphabeticIndex of a locale with the labels of `extra` languages added (those `extra_count`
/// tags), at most `max_labels` labels, built once into ICU's immutable, thread-safe form.
typedef struct roster_index roster_index;
roster_index *roster_index_open(const char *tag, const char *const *extra, int32_t extra_count,
                                int32_t max_labels, char *error, int32_t error_capacity);
void roster_index_close(roster_index *index);
int32_t roster_index_bucket_count(const roster_index *index);
/// Bucket `bucket`'s label into `out` (its length is returned) and its type: 0 a letter's
/// bucket, 1 underflow, 2 inflow, 3 overflow.
int32_t roster_index_bucket_label(const roster_index *index, int32_t bucket, char *out, int32_t capacity,
                                  int32_t *type);
/// The bucket `text` (UTF-8) falls in; -1 when ICU fails.
int32_t roster_index_bucket_of(const roster_index *index, const char *text, int32_t length);

/// A transliterator by ICU id ("Any-Latin; Latin-ASCII"); NULL on failure. Not thread-safe: the
/// caller keeps one per thread or locks around it.
typedef struct roster_transliterator roster_transliterator;
roster_transliterator *roster_transliterator_open(const char *id, char *error, int32_t error_capacity);
void roster_transliterator_close(roster_transliterator *transliterator);
/// `text` transliterated into `out`; returns the length, which may exceed `capacity` (call again).
int32_t roster_transliterate(roster_transliterator *transliterator, const char *text, int32_t length,
                             char *out, int32_t capacity);

#ifdef __cplusplus
}
#endif

#endif
