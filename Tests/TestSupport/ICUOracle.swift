import Foundation

/// Debian's python3-icu, which wraps the ICU Roster links, asked what ICU says: the oracle the
/// tests hold Roster's use of ICU against. scripts/setup installs it.
public enum ICUOracle {
    /// What `script` prints as JSON when given `input` as JSON on its standard input; `script` reads
    /// `data` and sets `out`.
    public static func ask(_ script: String, _ input: Any) throws -> Any {
        try PythonOracle.run(
            "import icu, json, sys\ndata = json.load(sys.stdin)\n\(script)\nprint(json.dumps(out))",
            input: input,
            package: "python3-icu")
    }

    /// A contact as the oracle orders it: its names, company, e-mail and phonetic readings.
    public struct Person: Sendable {
        public var id: Int
        public var firstName: String
        public var lastName: String
        public var company: String
        public var email: String
        public var phoneticFirst: String
        public var phoneticLast: String

        public init(
            id: Int, firstName: String = "", lastName: String = "", company: String = "", email: String = "",
            phoneticFirst: String = "", phoneticLast: String = ""
        ) {
            self.id = id
            self.firstName = firstName
            self.lastName = lastName
            self.company = company
            self.email = email
            self.phoneticFirst = phoneticFirst
            self.phoneticLast = phoneticLast
        }
    }

    /// A list in a locale as ICU makes it: its contacts' ids in order with each one's section
    /// title, and every title of the locale's index (its own, then `#`).
    public struct List: Sendable {
        public var ids: [Int]
        public var titles: [String]
        public var allTitles: [String]
        public var ownTitles: Set<String>
    }

    /// The rule of docs/api.md, "The list's locale", in python3-icu: the section (the bucket of
    /// the locale's AlphabeticIndex with the labels of en, ja, ko, th, ar, he, el, uk and sr
    /// added; underflow, inflow and overflow are one `#`, last), then the primary key of the sort
    /// name, of the first name, the full key of the sort name, of the first name, then the id.
    /// The sort name is the last name, else the first name, else the company, else the e-mail;
    /// a phonetic reading stands for its name.
    public static func list(_ people: [Person], in locale: String) throws -> List {
        let script = """
            loc = icu.Locale(data["locale"])
            idx = icu.AlphabeticIndex(loc)
            idx.maxLabelCount = 300
            for extra in ["en", "ja", "ko", "th", "ar", "he", "el", "uk", "sr"]:
                if icu.Locale(extra).getLanguage() != loc.getLanguage():
                    idx.addLabels(icu.Locale(extra))
            labels = []
            idx.resetBucketIterator()
            while idx.nextBucket():
                labels.append("#" if idx.bucketLabelType != 0 else idx.bucketLabel)
            titles = [l for l in dict.fromkeys(labels) if l != "#"] + ["#"]
            own = icu.AlphabeticIndex(loc)
            mine = []
            own.resetBucketIterator()
            while own.nextBucket():
                if own.bucketLabelType == 0:
                    mine.append(own.bucketLabel)
            full = icu.Collator.createInstance(loc)
            primary = icu.Collator.createInstance(loc)
            primary.setStrength(icu.Collator.PRIMARY)
            def place(p):
                first, last = p["first"].strip(), p["last"].strip()
                said_first, said_last = p["pfirst"].strip(), p["plast"].strip()
                first_key = said_first or first
                if last:
                    name, given = said_last or last, first_key
                elif first:
                    name, given = first_key, first_key
                else:
                    name, given = p["company"].strip() or p["email"].strip(), ""
                section = titles.index(labels[idx.getBucketIndex(name)])
                return ((section, primary.getSortKey(name), primary.getSortKey(given), full.getSortKey(name),
                         full.getSortKey(given), p["id"]), titles[section])
            placed = sorted((place(p) for p in data["people"]), key=lambda x: x[0])
            out = {"ids": [k[5] for k, t in placed], "titles": [t for k, t in placed], "all": titles,
                   "own": mine}
            """
        let people = people.map { person -> [String: Any] in
            [
                "id": person.id, "first": person.firstName, "last": person.lastName,
                "company": person.company,
                "email": person.email, "pfirst": person.phoneticFirst, "plast": person.phoneticLast,
            ]
        }
        guard let answer = try ask(script, ["locale": locale, "people": people]) as? [String: Any],
            let ids = answer["ids"] as? [Int], let titles = answer["titles"] as? [String],
            let all = answer["all"] as? [String], let own = answer["own"] as? [String]
        else { throw OracleError(message: "python3-icu answered no list") }
        return List(ids: ids, titles: titles, allTitles: all, ownTitles: Set(own))
    }

    public struct OracleError: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
