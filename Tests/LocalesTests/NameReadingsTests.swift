import Locales
import Testing

@Suite struct NameReadingsTests {
    let readings = try! #require(NameReadings.shared)

    @Test func hanNamesReadAsPinyinWithSurnamesReadAsSurnames() throws {
        #expect(readings.reading(of: "张", surname: true)?.syllables == ["zhang"])
        #expect(readings.reading(of: "伟", surname: false)?.syllables == ["wei"])
        #expect(readings.reading(of: "单", surname: true)?.syllables == ["shan"])
        #expect(readings.reading(of: "单", surname: false)?.syllables == ["dan"])
        #expect(readings.reading(of: "曾", surname: true)?.syllables == ["zeng"])
        #expect(readings.reading(of: "欧阳", surname: true)?.syllables == ["ou", "yang"])
        #expect(readings.reading(of: "秀英", surname: false)?.syllables == ["xiu", "ying"])
    }

    @Test func otherScriptsReadAsICUsLatin() {
        #expect(readings.reading(of: "Петров", surname: true)?.syllables == ["petrov"])
        #expect(readings.reading(of: "Παπαδόπουλος", surname: true)?.syllables == ["papadopoulos"])
        #expect(readings.reading(of: "さとう", surname: true)?.syllables == ["satou"])
        #expect(readings.reading(of: "김민준", surname: false)?.hangulInitials == "ㄱㅁㅈ")
    }

    @Test func latinNamesNeedNoReading() {
        #expect(readings.reading(of: "Müller", surname: true) == nil)
        #expect(readings.reading(of: "Nguyễn Đặng", surname: true) == nil)
        #expect(readings.reading(of: "123", surname: true) == nil)
    }

    @Test func hangulInitialsAreTheLeadingConsonants() {
        #expect(HangulInitials.of("김민준") == "ㄱㅁㅈ")
        #expect(HangulInitials.of("박서연") == "ㅂㅅㅇ")
        #expect(HangulInitials.of("Kim") == nil)
    }
}
