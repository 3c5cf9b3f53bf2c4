import Locales
import TestSupport
import Testing

@Suite struct NameIndexTests {
    /// The oracle's index: the recipe of Android's ContactsProvider, as Roster states it.
    static let oracleScript = """
        loc = icu.Locale(data["locale"])
        idx = icu.AlphabeticIndex(loc)
        idx.maxLabelCount = 300
        for extra in data["extra"]:
            if icu.Locale(extra).getLanguage() != loc.getLanguage():
                idx.addLabels(icu.Locale(extra))
        labels = []
        idx.resetBucketIterator()
        while idx.nextBucket():
            labels.append("#" if idx.bucketLabelType != 0 else idx.bucketLabel)
        own = icu.AlphabeticIndex(loc)
        mine = []
        own.resetBucketIterator()
        while own.nextBucket():
            if own.bucketLabelType == 0:
                mine.append(own.bucketLabel)
        out = {"titles": [l for l in dict.fromkeys(labels) if l != "#"] + ["#"], "own": mine,
               "sections": [labels[idx.getBucketIndex(n)] for n in data["names"]]}
        """

    @Test(arguments: ["zh", "ru", "sv", "ja", "ko", "ar", "en", "de", "zh-Hant"])
    func sectionsAreICUsBucketsWithTheAddedLanguagesAndHashLast(locale: String) throws {
        let index = try NameIndex(locale: locale)
        let oracle = try #require(
            try ICUOracle.ask(
                Self.oracleScript, ["locale": locale, "extra": NameIndex.addedLanguages, "names": worldNames])
                as? [String: [String]])
        #expect(index.titles == oracle["titles"])
        #expect(index.ownTitles == Set(oracle["own"] ?? []))
        #expect(worldNames.map { index.titles[index.section(of: $0)] } == oracle["sections"])
        #expect(index.titles.count <= NameIndex.maxLabels + 1)
    }

    @Test func aSwedishIndexPutsÅAfterZAndAChineseOnePutsHanUnderItsPinyin() throws {
        let sv = try NameIndex(locale: "sv")
        #expect(sv.titles[sv.section(of: "Åberg")] == "Å")
        #expect(sv.titles.firstIndex(of: "Å")! > sv.titles.firstIndex(of: "Z")!)
        let zh = try NameIndex(locale: "zh")
        #expect(zh.titles[zh.section(of: "张")] == "Z")
        #expect(zh.titles[zh.section(of: "Петров")] == "П")
        #expect(zh.titles[zh.section(of: "123 Corp")] == "#")
    }
}
