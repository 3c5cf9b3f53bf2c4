import Locales
import TestSupport
import Testing

/// Names from many scripts, with accents, case and particles: what the orders are held to.
let worldNames = [
    "Müller", "müller", "Mueller", "Muller", "Åberg", "Aberg", "Ängström", "Öberg", "Østergaard", "Ærø",
    "Zola",
    "Çelik", "Şahin", "Işık", "İnce", "Łukasiewicz", "Żak", "Nguyễn", "Đặng", "Núñez", "Ñúñez", "Čapek",
    "Řezáč", "de Vries", "van Dijk", "O'Brien", "McDonald", "Mcdonald", "Петров", "Смирнова", "Іваненко",
    "Ёлкин", "Яковлев", "Ґудзь", "Παπαδόπουλος", "Άλφας", "Ωραιόπουλος", "张", "王", "李", "欧阳", "诸葛",
    "单", "曾", "김", "박", "최", "さとう", "すずき", "サトウ", "佐藤", "العلي", "حداد", "כהן", "לוי", "ใจดี",
    "शर्मा", "123 Corp", "(Dr) Who Ltd", "🙂", "home@example.org", "",
]

@Suite struct CollationTests {
    @Test(arguments: ["zh", "ru", "sv", "de", "ja", "en"])
    func keysOrderNamesAsICUDoes(locale: String) throws {
        let collation = try Collation(locale: locale)
        let ours = worldNames.indices.sorted {
            let (a, b) = (collation.key(worldNames[$0]), collation.key(worldNames[$1]))
            return a == b ? $0 < $1 : a.lexicographicallyPrecedes(b)
        }
        let oracle = try ICUOracle.ask(
            """
            c = icu.Collator.createInstance(icu.Locale(data["locale"]))
            out = sorted(range(len(data["names"])), key=lambda i: (c.getSortKey(data["names"][i]), i))
            """, ["locale": locale, "names": worldNames])
        #expect(ours == oracle as? [Int])
    }

    @Test(arguments: ["zh", "sv", "en"])
    func theKeysPrimaryPartOrdersAsAPrimaryStrengthCollator(locale: String) throws {
        let collation = try Collation(locale: locale)
        let ours = worldNames.map { Array(Collation.primary(of: collation.key($0))) }
        let oracle = try ICUOracle.ask(
            """
            c = icu.Collator.createInstance(icu.Locale(data["locale"]))
            c.setStrength(icu.Collator.PRIMARY)
            out = [list(c.getSortKey(n)[:-1]) for n in data["names"]]
            """, ["locale": locale, "names": worldNames])
        #expect(ours == oracle as? [[UInt8]])
    }

    @Test func keysHoldNoZeroByte() throws {
        let collation = try Collation(locale: "en")
        for name in worldNames { #expect(!collation.key(name).contains(0)) }
    }

    @Test func tagsAreReadAsBCP47() {
        #expect(ICU.canonicalTag("zh_hant") == "zh-Hant")
        #expect(ICU.canonicalTag("sv") == "sv")
        #expect(ICU.canonicalTag("EN-us") == "en-US")
        #expect(ICU.canonicalTag("") == nil)
        #expect(ICU.canonicalTag("!!") == nil)
        #expect(ICU.likelyRegion(of: "sv") == "SE")
        #expect(ICU.likelyRegion(of: "zh") == "CN")
        #expect(ICU.likelyRegion(of: "zh-Hant") == "TW")
        #expect(ICU.language(of: "zh-Hant-TW") == "zh")
        #expect(ICU.version.split(separator: ".").count >= 2)
    }
}
