import Codecs
import Foundation
import TestSupport
import Testing

@testable import HTTP

/// `Accept-Encoding` as RFC 9110 12.5.3 reads it, and the coding an answer goes out in.
struct AcceptEncodingTests {
    /// (field value, coding of a body worth compressing, coding of one that is not;
    /// nil: nothing acceptable, a 406).
    static let cases: [(String, ContentCoding?, ContentCoding?)] = [
        ("gzip", .gzip, .identity),
        ("GZIP", .gzip, .identity),
        (" gzip ", .gzip, .identity),
        ("x-gzip", .gzip, .identity),
        ("X-Gzip", .gzip, .identity),
        ("gzip, deflate", .gzip, .identity),
        ("gzip, deflate, br", .gzip, .identity),
        ("gzip, deflate, br, zstd", .zstd, .identity),
        ("zstd", .zstd, .identity),
        ("br", .identity, .identity),
        ("deflate, br", .identity, .identity),
        ("", .identity, .identity),
        (",", .identity, .identity),
        ("*", .zstd, .identity),
        ("identity, *", .zstd, .identity),
        ("gzip;q=0", .identity, .identity),
        ("br, gzip ; q=0", .identity, .identity),
        ("gzip;q=0.5", .gzip, .identity),
        ("gzip;Q=0.5", .gzip, .identity),
        ("gzip;q=1.000", .gzip, .identity),
        ("gzip;q=0.001", .gzip, .identity),
        ("gzip;q=1.001", .identity, .identity),
        ("gzip;q=2", .identity, .identity),
        ("gzip;q=0.0001", .identity, .identity),
        ("gzip;q=abc", .identity, .identity),
        ("gzip;q=", .identity, .identity),
        ("gzipx", .identity, .identity),
        ("x-gzipp", .identity, .identity),
        ("g zip", .identity, .identity),
        ("zstd;q=0.5, gzip", .gzip, .identity),
        ("zstd, gzip;q=0.5", .zstd, .identity),
        ("gzip;q=0.5, zstd;q=0.5", .zstd, .identity),
        ("gzip;q=0, *", .zstd, .identity),
        ("zstd;q=0, *", .gzip, .identity),
        ("gzip;q=0, gzip", .identity, .identity),
        ("identity;q=1, gzip;q=0.5", .identity, .identity),
        ("identity;q=0.5, gzip", .gzip, .identity),
        ("identity;q=0.5, gzip;q=0.5", .gzip, .identity),
        ("identity;q=0", nil, nil),
        ("identity;q=0, br", nil, nil),
        ("identity;q=0, gzip", .gzip, .gzip),
        ("identity;q=0, gzip;q=0.2, zstd;q=0.1", .gzip, .gzip),
        ("*;q=0", nil, nil),
        ("*;q=0, identity", .identity, .identity),
        ("*;q=0, gzip", .gzip, .gzip),
        ("*;q=0.3", .zstd, .identity),
        ("gzip;q=0, zstd;q=0, *", .identity, .identity),
    ]

    @Test func theCodingOfEachShape() {
        for (value, worth, other) in Self.cases {
            let accepted = AcceptEncoding(value: value)
            #expect(accepted.coding(compressible: true) == worth, "\(value)")
            #expect(accepted.coding(compressible: false) == other, "\(value) (not worth compressing)")
        }
    }

    @Test func noFieldMeansTheBodyAsItIs() {
        let accepted = AcceptEncoding(HTTPHeaders())
        #expect(!accepted.isPresent)
        #expect(accepted.coding(compressible: true) == .identity)
        #expect(accepted.weight(of: .gzip) == 0 && accepted.weight(of: .identity) == 1000)
    }

    @Test func everyFieldCountsInOrder() {
        let headers: HTTPHeaders = [
            "accept-encoding": "identity;q=0", "Host": "x", "Accept-Encoding": "gzip",
        ]
        #expect(AcceptEncoding(headers).coding(compressible: false) == .gzip)
        let first: HTTPHeaders = ["Accept-Encoding": "gzip;q=0", "Accept-Encoding": "gzip"]
        #expect(AcceptEncoding(first).weight(of: .gzip) == 0, "the first element naming a coding counts")
    }

    @Test func qvaluesReadAsThousandths() {
        for (text, weight) in [
            ("q=1", 1000), ("q=1.", 1000), ("q=0", 0), ("q=0.", 0), ("q=0.5", 500), ("q=0.05", 50),
            ("q=0.123", 123), ("Q=0.9", 900), (" q=0.9 ", 900),
        ] as [(String, Int?)] {
            #expect(AcceptEncoding(value: "gzip;" + text).gzip == weight, "\(text)")
        }
        for text in ["q=1.5", "q=01", "q=0.1234", "q=-1", "q =1", "q", "level=1", "q=0.5;x=1", "q=.5"] {
            #expect(AcceptEncoding(value: "gzip;" + text).gzip == nil, "\(text)")
        }
    }

    /// Random lists of codings, weights and spacing against a model written over
    /// strings: the same weights and the same coding for every body.
    @Test func randomListsAgreeWithAStringModel() {
        var random = SeededGenerator(seed: 26)
        let names = [
            "gzip", "GZip", "x-gzip", "zstd", "ZSTD", "identity", "*", "br", "deflate", "compress", "",
        ]
        let weights = [
            "", ";q=1", ";q=0", ";q=0.5", ";q=0.500", ";q=0.001", ";q=1.0", " ; q=0.7", ";q=2", ";q=x",
        ]
        for _ in 0..<5000 {
            let count = Int(random.next() % 5)
            let elements = (0..<count).map { _ in
                let space = random.next() % 3 == 0 ? " " : ""
                return space + names[Int(random.next() % UInt64(names.count))]
                    + weights[Int(random.next() % UInt64(weights.count))] + space
            }
            let value = elements.joined(separator: random.next() % 2 == 0 ? ", " : ",")
            let accepted = AcceptEncoding(value: value)
            let model = ModelAcceptEncoding(value)
            for coding in ContentCoding.allCases {
                #expect(accepted.weight(of: coding) == model.weight(coding), "\(value): \(coding)")
            }
            for compressible in [true, false] {
                #expect(
                    accepted.coding(compressible: compressible) == model.coding(compressible: compressible),
                    "\(value) compressible \(compressible)")
            }
        }
    }
}

/// The rules of docs/api.md, "Compression", written plainly over strings, for the property test.
struct ModelAcceptEncoding {
    var listed: [String: Double] = [:]

    init(_ value: String) {
        for element in value.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = element.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
            var name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
            if name == "x-gzip" { name = "gzip" }
            guard !name.isEmpty else { continue }
            var weight = 1.0
            if parts.count == 2 {
                let parameter = parts[1].trimmingCharacters(in: .whitespaces).lowercased()
                guard parameter.hasPrefix("q="), let q = Self.qvalue(String(parameter.dropFirst(2))) else {
                    continue
                }
                weight = q
            }
            if listed[name] == nil { listed[name] = weight }
        }
    }

    /// RFC 9110's qvalue: `0[.ddd]` or `1[.000]`.
    static func qvalue(_ text: String) -> Double? {
        let pattern = #"^(0(\.[0-9]{0,3})?|1(\.0{0,3})?)$"#
        guard text.range(of: pattern, options: .regularExpression) != nil else { return nil }
        return Double(text.hasSuffix(".") ? text + "0" : text)
    }

    func weight(_ coding: ContentCoding) -> Int {
        let star = listed["*"]
        let weight: Double =
            switch coding {
            case .identity: listed["identity"] ?? star ?? 0.001
            case .gzip: listed["gzip"] ?? star ?? 0
            case .zstd: listed["zstd"] ?? star ?? 0
            }
        return Int((weight * 1000).rounded())
    }

    func coding(compressible: Bool) -> ContentCoding? {
        let identity = weight(.identity)
        if !compressible && identity > 0 { return .identity }
        // zstd first, so that it wins ties; identity last, losing them.
        let order: [ContentCoding] = [.zstd, .gzip, .identity]
        let best = order.max { a, b in weight(a) < weight(b) || (weight(a) == weight(b) && rank(a) > rank(b))
        }!
        return weight(best) > 0 ? best : nil
    }

    private func rank(_ coding: ContentCoding) -> Int {
        switch coding {
        case .zstd: 0
        case .gzip: 1
        case .identity: 2
        }
    }
}
