// The C functions of CPhoneNumbers.h over i18n::phonenumbers::PhoneNumberUtil.
#include "CPhoneNumbers.h"

#include <phonenumbers/phonenumber.pb.h>
#include <phonenumbers/phonenumberutil.h>

#include <cstring>
#include <string>

using i18n::phonenumbers::PhoneNumber;
using i18n::phonenumbers::PhoneNumberUtil;

namespace {

// The one PhoneNumberUtil of the process: made on first use (a function-local
// static, so thread-safe), its metadata loaded once. Its const methods are safe
// from any thread.
const PhoneNumberUtil &util() {
    static const PhoneNumberUtil *const instance = PhoneNumberUtil::GetInstance();
    return *instance;
}

size_t written(const std::string &text, char *out, size_t capacity) {
    if (capacity == 0 || text.size() >= capacity) return 0;
    std::memcpy(out, text.data(), text.size());
    out[text.size()] = 0;
    return text.size();
}

bool parsed(const std::string &text, const std::string &region, PhoneNumber *number) {
    return util().Parse(text, region, number) == PhoneNumberUtil::NO_PARSING_ERROR;
}

}  // namespace

extern "C" size_t roster_phone_e164(
    const char *text, size_t length, const char *region, char *out, size_t capacity) {
    PhoneNumber number;
    if (!parsed(std::string(text, length), region, &number)) return 0;
    if (util().IsPossibleNumberWithReason(number) != PhoneNumberUtil::IS_POSSIBLE) return 0;
    std::string e164;
    util().Format(number, PhoneNumberUtil::E164, &e164);
    return written(e164, out, capacity);
}

extern "C" size_t roster_phone_format(const char *e164, const char *region, char *out, size_t capacity) {
    PhoneNumber number;
    if (!parsed(e164, "ZZ", &number)) return 0;
    std::string numberRegion;
    util().GetRegionCodeForNumber(number, &numberRegion);
    const std::string reader(region);
    bool home = numberRegion == reader
        || (numberRegion == "ZZ" && number.country_code() == util().GetCountryCodeForRegion(reader));
    std::string text;
    util().Format(number, home ? PhoneNumberUtil::NATIONAL : PhoneNumberUtil::INTERNATIONAL, &text);
    return written(text, out, capacity);
}

extern "C" size_t roster_phone_format_as(const char *e164, int international, char *out, size_t capacity) {
    PhoneNumber number;
    if (!parsed(e164, "ZZ", &number)) return 0;
    std::string text;
    util().Format(number, international ? PhoneNumberUtil::INTERNATIONAL : PhoneNumberUtil::NATIONAL, &text);
    return written(text, out, capacity);
}

extern "C" int roster_phone_is_supported_region(const char *region) {
    return util().GetCountryCodeForRegion(region) != 0 ? 1 : 0;
}
