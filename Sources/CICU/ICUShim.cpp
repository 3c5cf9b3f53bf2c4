// The shim of CICU.h over ICU's C++ and C APIs (see the header for why it exists).
#include "CICU.h"

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include <unicode/alphaindex.h>
#include <unicode/coll.h>
#include <unicode/locid.h>
#include <unicode/translit.h>
#include <unicode/uloc.h>
#include <unicode/unistr.h>
#include <unicode/uversion.h>

using icu::AlphabeticIndex;
using icu::Collator;
using icu::Locale;
using icu::StringPiece;
using icu::Transliterator;
using icu::UnicodeString;

struct roster_collator {
    std::unique_ptr<Collator> collator;
};

struct roster_index {
    std::unique_ptr<AlphabeticIndex::ImmutableIndex> index;
};

struct roster_transliterator {
    std::unique_ptr<Transliterator> transliterator;
};

namespace {

void copy_error(UErrorCode status, char *error, int32_t capacity) {
    if (error && capacity > 0) {
        std::strncpy(error, u_errorName(status), capacity - 1);
        error[capacity - 1] = 0;
    }
}

// `text` as UTF-8 into `out`: the full length, whatever fits written (no NUL).
int32_t copy_utf8(const UnicodeString &text, char *out, int32_t capacity) {
    std::string utf8;
    text.toUTF8String(utf8);
    if (out && capacity > 0) std::memcpy(out, utf8.data(), std::min<size_t>(utf8.size(), capacity));
    return static_cast<int32_t>(utf8.size());
}

// The locale of a BCP 47 tag; ICU's own "zh_Hant" form is read too (its '_' as '-').
Locale locale_of(const char *tag, UErrorCode &status) {
    std::string text(tag);
    for (char &c : text) {
        if (c == '_') c = '-';
    }
    return Locale::forLanguageTag(StringPiece(text), status);
}

}  // namespace

extern "C" {

void roster_icu_version(char *out, int32_t capacity) {
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(version);
    u_versionToString(version, text);
    std::strncpy(out, text, capacity - 1);
    out[capacity - 1] = 0;
}

int32_t roster_icu_canonical_tag(const char *tag, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    Locale locale = locale_of(tag, status);
    if (U_FAILURE(status) || locale.isBogus() || std::strlen(locale.getLanguage()) == 0) return -1;
    locale.canonicalize(status);
    std::string canonical = locale.toLanguageTag<std::string>(status);
    if (U_FAILURE(status) || canonical.empty() || canonical == "und") return -1;
    if (out && capacity > 0) std::memcpy(out, canonical.data(), std::min<size_t>(canonical.size(), capacity));
    return static_cast<int32_t>(canonical.size());
}

int32_t roster_icu_likely_region(const char *tag, char *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    Locale locale = locale_of(tag, status);
    if (U_FAILURE(status)) return 0;
    locale.addLikelySubtags(status);
    if (U_FAILURE(status)) return 0;
    const char *region = locale.getCountry();
    int32_t length = static_cast<int32_t>(std::strlen(region));
    if (out && capacity > 0) std::memcpy(out, region, std::min<int32_t>(length, capacity));
    return length;
}

roster_collator *roster_collator_open(const char *tag, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    Locale locale = locale_of(tag, status);
    std::unique_ptr<Collator> collator(U_SUCCESS(status) ? Collator::createInstance(locale, status) : nullptr);
    if (U_FAILURE(status) || !collator) {
        copy_error(U_FAILURE(status) ? status : U_MEMORY_ALLOCATION_ERROR, error, error_capacity);
        return nullptr;
    }
    return new roster_collator{std::move(collator)};
}

void roster_collator_close(roster_collator *collator) { delete collator; }

int32_t roster_collator_key(const roster_collator *collator, const char *text, int32_t length, uint8_t *out,
                            int32_t capacity) {
    UnicodeString string = UnicodeString::fromUTF8(StringPiece(text, length));
    return collator->collator->getSortKey(string, out, capacity);
}

roster_index *roster_index_open(const char *tag, const char *const *extra, int32_t extra_count,
                                int32_t max_labels, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    Locale locale = locale_of(tag, status);
    AlphabeticIndex index(locale, status);
    index.setMaxLabelCount(max_labels, status);
    for (int32_t i = 0; i < extra_count && U_SUCCESS(status); i++) {
        Locale other = locale_of(extra[i], status);
        if (U_SUCCESS(status)) index.addLabels(other, status);
    }
    std::unique_ptr<AlphabeticIndex::ImmutableIndex> immutable(
        U_SUCCESS(status) ? index.buildImmutableIndex(status) : nullptr);
    if (U_FAILURE(status) || !immutable) {
        copy_error(U_FAILURE(status) ? status : U_MEMORY_ALLOCATION_ERROR, error, error_capacity);
        return nullptr;
    }
    return new roster_index{std::move(immutable)};
}

void roster_index_close(roster_index *index) { delete index; }

int32_t roster_index_bucket_count(const roster_index *index) { return index->index->getBucketCount(); }

int32_t roster_index_bucket_label(const roster_index *index, int32_t bucket, char *out, int32_t capacity,
                                  int32_t *type) {
    const AlphabeticIndex::Bucket *found = index->index->getBucket(bucket);
    if (!found) return -1;
    switch (found->getLabelType()) {
        case U_ALPHAINDEX_NORMAL: *type = 0; break;
        case U_ALPHAINDEX_UNDERFLOW: *type = 1; break;
        case U_ALPHAINDEX_INFLOW: *type = 2; break;
        case U_ALPHAINDEX_OVERFLOW: *type = 3; break;
    }
    return copy_utf8(found->getLabel(), out, capacity);
}

int32_t roster_index_bucket_of(const roster_index *index, const char *text, int32_t length) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t bucket = index->index->getBucketIndex(UnicodeString::fromUTF8(StringPiece(text, length)), status);
    return U_SUCCESS(status) ? bucket : -1;
}

roster_transliterator *roster_transliterator_open(const char *id, char *error, int32_t error_capacity) {
    UErrorCode status = U_ZERO_ERROR;
    std::unique_ptr<Transliterator> transliterator(
        Transliterator::createInstance(UnicodeString::fromUTF8(id), UTRANS_FORWARD, status));
    if (U_FAILURE(status) || !transliterator) {
        copy_error(U_FAILURE(status) ? status : U_MEMORY_ALLOCATION_ERROR, error, error_capacity);
        return nullptr;
    }
    return new roster_transliterator{std::move(transliterator)};
}

void roster_transliterator_close(roster_transliterator *transliterator) { delete transliterator; }

int32_t roster_transliterate(roster_transliterator *transliterator, const char *text, int32_t length, char *out,
                             int32_t capacity) {
    UnicodeString string = UnicodeString::fromUTF8(StringPiece(text, length));
    transliterator->transliterator->transliterate(string);
    return copy_utf8(string, out, capacity);
}

}  // extern "C"
