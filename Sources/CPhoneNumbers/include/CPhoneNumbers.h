#ifndef ROSTER_CPHONENUMBERS_H
#define ROSTER_CPHONENUMBERS_H

// A C face over libphonenumber's C++ PhoneNumberUtil, for Swift (the Phones
// module). Texts are UTF-8; regions are ISO 3166 alpha-2 codes ("GB"). Results
// are written into the caller's buffer, NUL-terminated; each call returns the
// length written, or 0 when there is nothing to write.
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Room enough for any E.164 number or formatted form this shim writes.
enum { ROSTER_PHONE_BUFFER = 64 };

/// The E.164 form ("+442079460958") of `text` typed in `region` (its own leading
/// `+` and country code win), when it parses and has a possible length for its
/// country (IsPossibleNumberWithReason is IS_POSSIBLE); otherwise 0.
size_t roster_phone_e164(const char *text, size_t length, const char *region, char *out, size_t capacity);

/// `e164` formatted for a reader in `region`: NATIONAL when the number belongs to
/// that region (or, for a number no region claims, has the region's country
/// code), INTERNATIONAL otherwise; 0 when `e164` does not parse.
size_t roster_phone_format(const char *e164, const char *region, char *out, size_t capacity);

/// `e164` in the NATIONAL (`international` 0) or INTERNATIONAL format; 0 when it does not parse.
size_t roster_phone_format_as(const char *e164, int international, char *out, size_t capacity);

/// 1 when libphonenumber holds numbering rules for `region` (an upper-case alpha-2 code), else 0.
int roster_phone_is_supported_region(const char *region);

#ifdef __cplusplus
}
#endif

#endif
