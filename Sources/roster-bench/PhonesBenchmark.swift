import Contacts
import Phones
import Platform

/// `roster-bench phones [COUNT]`: the cost of an E.164 form per number, over the
/// phones of COUNT (100,000) of the seed's contacts (half `+1 ...`, half national
/// `(...) ...`) read in the United States (taken from their digits,
/// `NorthAmericanNumbers`), and over a GB number typed nationally (libphonenumber's
/// parse): microseconds per E.164 form, per display format, and what the forms of
/// 1,000,000 such phones add to an import (one a phone).
enum PhonesBenchmark {
    static func run() {
        let count = CommandLine.arguments.count > 2 ? Int(CommandLine.arguments[2]) ?? 100_000 : 100_000
        var phones: [String] = []
        phones.reserveCapacity(count)
        SyntheticContacts(seed: 1).forEachInListOrder(count: count, in: .english) { _, fields in
            phones.append(fields.phone)
        }
        let us = PhoneRegion.unitedStates
        var parsed: [String] = []
        parsed.reserveCapacity(count)
        let parseSeconds = timed {
            for phone in phones { parsed.append(PhoneNumbers.e164(phone, region: us) ?? "") }
        }
        let numbers = parsed.filter { !$0.isEmpty }
        var formatted = 0
        let formatSeconds = timed {
            for number in numbers where PhoneNumbers.display(number, for: us) != nil { formatted += 1 }
        }
        let gb = PhoneRegion("GB")!
        let gbCount = max(1, count / 10)
        var gbParsed = 0
        let gbSeconds = timed {
            for _ in 0..<gbCount where PhoneNumbers.e164("(020) 7946 0958", region: gb) != nil {
                gbParsed += 1
            }
        }
        let perParse = parseSeconds / Double(max(count, 1))
        print("phones parsed: \(count), possible: \(numbers.count)")
        print("GB national parse us: \(rounded(gbSeconds / Double(gbCount) * 1e6)) (\(gbParsed) parsed)")
        print("display format us: \(rounded(formatSeconds / Double(max(numbers.count, 1)) * 1e6))")
        print("import of 1,000,000 contacts adds seconds: \(rounded(perParse * 1_000_000))")
        print("E.164 us per North American number: \(rounded(perParse * 1e6))")
    }

    private static func timed(_ body: () -> Void) -> Double {
        let start = MonotonicClock.system.nanoseconds()
        body()
        return Double(MonotonicClock.system.nanoseconds() - start) / 1e9
    }

    private static func rounded(_ value: Double) -> String { String(Double(Int(value * 100)) / 100) }
}
