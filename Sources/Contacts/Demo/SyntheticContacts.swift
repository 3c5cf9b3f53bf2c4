/// Deterministic demo contacts for `roster seed`: varied names (accented,
/// non-Latin, some without a last name), e-mails, phones, companies, cities, and
/// notes, a few of them holding quotes, newlines and HTML specials so that escaping
/// is exercised downstream (never in the list's first `plainRows` rows, which read
/// like a real address book). The same seed gives the same contacts, in the same order.
public struct SyntheticContacts: Sendable {
    // No pool name is another pool name of its list followed by a space: the seed
    // orders names with middle initials and double surnames as tuples of pool ranks,
    // which agrees with byte order only then (ContactStoreTests checks it).
    static let firstNames: [String] = [
        "Anna", "Ben", "Carl", "Chloé", "Daniel", "Dmitri", "Elena", "Émile", "Fatima", "François",
        "Grace", "Hannah", "Henrik", "Ingrid", "Isabel", "Jack", "James", "José", "Julia", "Karim",
        "Laura", "Leo", "Liam", "Łukasz", "Maria", "Mateo", "Mia", "Noah", "Nora", "Olivia",
        "Omar", "Ólafur", "Paul", "Priya", "Quentin", "Rafael", "Rosa", "Sara", "Søren", "Sofia",
        "Thomas", "Úna", "Victor", "Wei", "Xavier", "Yara", "Yusuf", "Zoë", "Ærin", "Ünal",
        "Jean-Luc", "Mary Ann", "O'Shea", "Ahmed", "Aiko", "Björn", "Chen", "Dalia", "Eitan", "Freya",
        "勇", "淑英", "美咲", "Иван", "Ольга", "Σοφία", "Νίκος", "محمد", "Ngọc", "Thảo",
        "Aaliyah", "Abdul", "Adrian", "Agnieszka", "Alejandro", "Alice", "Amara", "Amelia", "Andrea", "Anton",
        "Arjun", "Astrid", "Beatriz", "Bruno", "Camille", "Carmen", "Charlotte", "Clara", "Connor", "Dario",
        "David", "Diego", "Eleanor", "Elif", "Emma", "Erik", "Esther", "Ethan", "Felix", "Gabriel",
        "Giulia", "Hamza", "Hana", "Hugo", "Ines", "Irene", "Jakob", "Jana", "Javier", "Joana",
        "Jonas", "Kai", "Katarzyna", "Kenji", "Lars", "Lea", "Lena", "Lucas", "Lucía", "Luis",
        "Magnus", "Malik", "Marco", "Margaux", "Marta", "Matteo", "Maya", "Mehmet", "Milan", "Nadia",
        "Nikolai", "Nina", "Oscar", "Pablo", "Pedro", "Petra", "Rahul", "Rania", "Ravi", "Rebecca",
        "Samuel", "Santiago", "Sebastian", "Selin", "Simon", "Siobhán", "Stefan", "Tariq", "Tobias",
        "Valentina",
        "Vera", "Vikram", "William", "Yuki", "Zainab", "Zofia", "Ana", "Oliver", "Ruth", "Tomás",
    ]
    static let lastNames: [String] = [
        "Adams", "Álvarez", "Andersen", "Baker", "Bauer", "Becker", "Brown", "Campbell", "Carter", "Černý",
        "Chen", "Clark", "Costa", "Cruz", "Davies", "de la Cruz", "Dubois", "Dupont", "Edwards", "Eriksson",
        "Evans", "Fischer", "Fontaine", "García", "Green", "Gómez", "Hall", "Hansen", "Harris", "Hoffmann",
        "Hughes", "Ibáñez", "Iglesias", "Ivanova", "Jackson", "Jensen", "Johnson", "Jones", "Kaya", "Kelly",
        "Kim", "King", "Klein", "Kowalski", "Larsen", "Lee", "Lefèvre", "Lewis", "López", "Martin",
        "Martínez", "Meyer", "Miller", "Moreau", "Müller", "Murphy", "Nguyễn", "Nielsen", "Novák", "O'Brien",
        "O'Neil", "Ortiz", "Osuna", "Østergaard", "Park", "Patel", "Pérez", "Quinn", "Ramírez", "Reyes",
        "Richter", "Roberts", "Rossi", "Sánchez", "Schmidt", "Schneider", "Silva", "Smith", "Suárez",
        "Taylor",
        "Thomas", "Torres", "Ueda", "Urban", "van Dijk", "Vargas", "Vogel", "Walker", "Wang", "Weber",
        "White", "Wilson", "Wójcik", "Xu", "Yamamoto", "Yılmaz", "Young", "Zhang", "Żuk", "Ångström",
        "小林", "王", "佐藤", "Петров", "Смирнова", "Παπαδόπουλος", "Ζαχαρίου", "Ōta", "Ÿvain", "Ødegård",
        "Abbott", "Acosta", "Aguilar", "Ahmed", "Akhtar", "Allen", "Alves", "Arnold", "Bailey", "Barnes",
        "Bell", "Bennett", "Berg", "Bianchi", "Brooks", "Burke", "Butler", "Castro", "Chavez", "Collins",
        "Cooper", "Cox", "Dahl", "Das", "Diaz", "Dietrich", "Doyle", "Duarte", "Ellis", "Esposito",
        "Farah", "Ferrari", "Fernandes", "Fleming", "Ford", "Foster", "Fuchs", "Gallo", "Gray", "Gupta",
        "Haas", "Hamid", "Hayes", "Hernández", "Holm", "Howard", "Hussain", "Jovanović", "Keller", "Khan",
        "Koch", "Kovács", "Kumar", "Lang", "Lindqvist", "Lombardi", "Lund", "Maier", "Marino", "Mason",
        "Mendes", "Mitchell", "Molina", "Moore", "Morales", "Nakamura", "Nowak", "Olsen", "Owens", "Pacheco",
        "Popescu", "Price", "Reed", "Ribeiro", "Rivera", "Rojas", "Russo", "Saito", "Santos", "Schulz",
        "Shah", "Singh", "Sousa", "Stewart", "Sullivan", "Svensson", "Tanaka", "Turner", "Varga", "Wagner",
        "Ward", "Watanabe", "Wolf", "Wood", "Wright", "Zimmermann", "Horvath", "Kovalenko", "Mahmoud",
        "Okafor",
    ]
    /// Names filed under `#` whatever their script: digits and symbols first.
    static let hashNames: [String] = [
        "3M Support", "24h Locksmith", "🦊 Fox", "@home Helpdesk", "911 Dispatch",
    ]
    static let companies: [String] = [
        "Acme", "Globex", "Initech", "Umbrella", "Stark & Wayne", "Nordic Oil", "Café Rouge", "Hooli",
        "Vandelay", "Pied Piper", "Soylent", "Wonka", "Tyrell", "Cyberdyne", "Aperture", "Black Mesa",
        "Müller GmbH", "Dupont SA", "小林商事", "Oy Nokkonen", "Ibérica", "R&D Labs", "", fixtureCompany,
    ]
    /// A company name that tests escaping (the last of `companies`).
    static let fixtureCompany = "<Tag> Media"
    static let cities: [String] = [
        "Berlin", "Paris", "London", "Madrid", "Rome", "Oslo", "Kraków", "Zürich", "São Paulo", "México",
        "Reykjavík", "Tokyo", "東京", "Москва", "Αθήνα", "New York", "Chicago", "Toronto", "Sydney", "Cairo",
        "Lagos", "Mumbai", "Hà Nội", "Seoul", "Lima", "Québec", "Göteborg", "Åarhus", "Dublin", "",
    ]
    /// Notes a person writes, from one line to more than three (`NoteLines` shows
    /// three at most).
    static let everydayNotes: [String] = [
        "Introduced by a colleague at the spring trade fair; interested in the annual plan and a demo for the team",
        "Call back Monday\nSent the contract on the 3rd\nAsked about the invoice, the renewal and the new office",
        "Allergic to peanuts. Birthday in May. Two kids, plays the cello on weekends and runs the local choir "
            + "with her sister, who also wants a quote for the small-business package next spring",
        "Wants the quarterly report by post, not e-mail",
        "Gate code 4821\n\nParking behind the building",
        "Met at the Lisbon conference",
        "Prefers e-mail; calls only when urgent",
        "Neighbour, flat 4B. Has a spare key",
        "Old friend from university\nBirthday 14 March",
        "Book club, first Thursday of the month",
        "Dentist: appointments on Tuesday mornings",
        "Plumber; recommended by Sam",
    ]
    /// Notes that test what shows them: quotes, line breaks, tabs, HTML specials,
    /// emoji and letters outside the BMP, a word longer than a row. They read as
    /// test data, so `fields(of:row:)` keeps them out of the list's first rows.
    static let fixtureNotes: [String] = [
        "Met at \"Conf\", said: hi",
        "line one\nline two",
        "<script>alert('x')</script>",
        "Prefers e-mail; \"urgent\" only by phone & never after 6 > 5",
        "Café owner, <b>VIP</b>, 'regular'",
        "Tab\there, emoji 😀, math 𝔸",
        "Supercalifragilisticexpialidocious-and-then-some-more-words-without-a-single-space-between-them-at-all",
    ]
    static let notes = everydayNotes + fixtureNotes
    /// Rows of the list (in list order) that hold no fixture note or company: the
    /// first screens read like an address book; the fixtures are all further down.
    public static let plainRows = 1_000
    /// Percent of contacts with notes unless told otherwise: about one in five.
    public static let defaultNotesPercent = 20
    static let mailDomains = ["mail.com", "example.org", "post.net", "inbox.eu"]

    /// The generator's seed.
    public let seed: UInt64
    /// Percent of contacts with notes (0 to 100).
    public let notesPercent: Int

    /// Contacts drawn from `seed`, `notesPercent` of them with notes.
    public init(seed: UInt64, notesPercent: Int = defaultNotesPercent) {
        self.seed = seed
        self.notesPercent = notesPercent
    }

    /// The picks that make one contact; `fields(of:row:)` turns them into text.
    ///
    /// A full name is a first name, for most people with a middle initial
    /// ("Anna K."), and a last name, for some a double one ("García López",
    /// "Smith-Kowalski"): with names drawn with a spread (some far more common
    /// than others), most full names in a million are distinct, as in a real
    /// address book, so a screen of the list is not one name repeated.
    package struct Draw {
        // Stored small: a seed holds two arrays of a million draws.
        private var id32: Int32
        private var first16: Int16
        private var last16: Int16
        private var secondLast16: Int16 = -1
        private var initial8: UInt8 = 0
        /// A name filed under `#` (from hashNames, no last name).
        let hash: Bool
        /// How the two last names are joined: true with a hyphen, false with a space.
        var hyphen = false
        /// The rest of the contact: phone, company, city, notes, mail.
        let bits: UInt64

        init(id: Int, first: Int, last: Int, hash: Bool, bits: UInt64) {
            id32 = Int32(id)
            first16 = Int16(first)
            last16 = Int16(last)
            self.hash = hash
            self.bits = bits
        }

        /// 1-based draw number: the tie-break of equal names, and the source of a few fields.
        var id: Int { Int(id32) }
        /// Index into firstNames, or into hashNames when `hash`.
        var first: Int { Int(first16) }
        /// Index into lastNames; -1 for none.
        var last: Int { Int(last16) }
        /// Index into lastNames of a second last name; -1 for none.
        var secondLast: Int {
            get { Int(secondLast16) }
            set { secondLast16 = Int16(newValue) }
        }
        /// 0 for none, else 1...26 for a middle initial A...Z.
        var initial: Int {
            get { Int(initial8) }
            set { initial8 = UInt8(newValue) }
        }
    }

    /// Per mille of contacts with a last name that have a middle initial, and a double last name.
    static let initialPerMille = 550
    static let doubleLastPerMille = 300

    /// The `count` draws, in id order (ids 1...count).
    func draws(count: Int) -> [Draw] {
        var random = SeededRandom(seed: seed)
        var result: [Draw] = []
        result.reserveCapacity(count)
        let (firstByRank, lastByRank) = (Self.firstByRank, Self.lastByRank)
        // A name filed by its first name is never one of the rare first ones (which
        // come before every last name), so the list opens on a full name.
        let aloneByRank = Array(firstByRank.dropLast(Self.rareFirst))
        for index in 0..<max(count, 0) {
            let roll = random.below(1000)
            let hash = roll < 3
            // One in 200 has a first name only: few enough that no name stands alone in a long run.
            let alone = !hash && roll < 8
            let first =
                hash
                ? random.below(Self.hashNames.count) : Self.spread(alone ? aloneByRank : firstByRank, &random)
            let last = hash || alone ? -1 : Self.spread(lastByRank, &random)
            var draw = Draw(id: index + 1, first: first, last: last, hash: hash, bits: random.next())
            if last >= 0 {
                let shape = random.next()
                if shape % 1000 < UInt64(Self.initialPerMille) { draw.initial = 1 + Int(shape / 1000 % 26) }
                if shape / 26_000 % 1000 < UInt64(Self.doubleLastPerMille) {
                    draw.secondLast = Self.spread(lastByRank, &random)
                    draw.hyphen = shape / 26_000_000 % 5 < 3
                }
            }
            result.append(draw)
        }
        return result
    }

    /// A pool index drawn with a spread: the rank is the smaller of two uniform
    /// draws (common names about twice as likely as average, rare ones rarely
    /// drawn), and `byRank` gives the pool index of each rank.
    static func spread(_ byRank: [Int], _ random: inout SeededRandom) -> Int {
        let count = byRank.count
        return byRank[min(random.below(count), random.below(count))]
    }

    /// Pool indexes by rank, commonest first. The `rareFirst` names that come first
    /// in list order take the rarest ranks, the very first the rarest of all: as in
    /// a real address book, the list opens on uncommon names, each a few times,
    /// not on one common name repeated a hundred times. The other names are
    /// scattered over the ranks by a fixed stride, so commonness does not follow the
    /// alphabetical order.
    static func ranks(_ folded: [[UInt8]]) -> [Int] {
        let alphabetical = folded.indices.sorted { folded[$0].lexicographicallyPrecedes(folded[$1]) }
        let rare = alphabetical.prefix(rareFirst)
        let others = folded.indices.filter { !rare.contains($0) }
        // 7919 is prime, so coprime with every pool size here: each index comes once.
        return others.indices.map { others[$0 * 7919 % others.count] } + rare.reversed()
    }
    static let rareFirst = 4
    /// Each pool name folded, for ranking their commonness.
    static let foldedFirst = firstNames.map(NameFolding.fold)
    static let foldedLast = lastNames.map(NameFolding.fold)
    static let firstByRank = ranks(foldedFirst)
    static let lastByRank = ranks(foldedLast)

    /// The first name as shown: with its middle initial, if any.
    static func firstName(of draw: Draw) -> String {
        let name = draw.hash ? hashNames[draw.first] : firstNames[draw.first]
        return draw.initial == 0 ? name : name + initials[draw.initial]
    }

    /// The last name as shown: one or two, "" for none.
    static func lastName(of draw: Draw) -> String {
        guard draw.last >= 0 else { return "" }
        guard draw.secondLast >= 0 else { return lastNames[draw.last] }
        return lastNames[draw.last] + (draw.hyphen ? "-" : " ") + lastNames[draw.secondLast]
    }

    /// " A." ... " Z." by initial number (index 0 unused).
    static let initials = [""] + (0..<26).map { " \(Character(Unicode.Scalar(UInt8(0x41 + $0))))." }

    /// The text of one drawn contact, shown at `row` of the list (0-based, in list
    /// order): no fixture note or company in the first `plainRows`.
    package func fields(of draw: Draw, row: Int) -> ContactFields {
        let picks = picks(of: draw, row: row)
        let domain = Self.mailDomains[picks.domain]
        let notes = picks.noteRoll < notesPercent ? Self.notes[picks.note] : ""
        return ContactFields(
            firstName: Self.firstName(of: draw), lastName: Self.lastName(of: draw),
            email: "\(mailbox(draw))\(draw.id % 1000)@\(domain)", phone: Self.phone(picks),
            company: Self.companies[picks.company], city: Self.cities[picks.city], notes: notes)
    }

    /// What a draw's bits pick for the fields beyond its names (pool indexes and numbers),
    /// shown at `row`: `fields(of:row:)` spells them out, and the seed's search texts
    /// (`SyntheticDocuments`) are made from the same picks.
    struct Picks {
        /// The phone's area code (200...999) and line (0...9999).
        var area: Int
        var line: Int
        /// Index into companies, cities and mailDomains.
        var company: Int
        var city: Int
        var domain: Int
        /// Below `notesPercent`: the contact has notes, `notes[note]`.
        var noteRoll: Int
        var note: Int
        /// "+1 AAA-555-LLLL" when true, "(AAA) 555-LLLL" when false.
        var international: Bool
    }

    func picks(of draw: Draw, row: Int) -> Picks {
        var bits = draw.bits
        func take(_ bound: Int) -> Int {
            defer { bits /= UInt64(bound) }
            return Int(bits % UInt64(bound))
        }
        let area = 200 + take(800)
        let line = take(10_000)
        var company = take(Self.companies.count)
        let city = take(Self.cities.count)
        let domain = take(Self.mailDomains.count)
        let noteRoll = take(100)
        let international = take(2) == 0
        var note = (draw.id / 7) % Self.notes.count
        if row < Self.plainRows {
            note %= Self.everydayNotes.count
            if Self.companies[company] == Self.fixtureCompany { company = 0 }
        }
        return Picks(
            area: area, line: line, company: company, city: city, domain: domain, noteRoll: noteRoll,
            note: note, international: international)
    }

    /// The phone number picked.
    static func phone(_ picks: Picks) -> String {
        picks.international
            ? "+1 \(picks.area)-555-\(pad(picks.line))" : "(\(picks.area)) 555-\(pad(picks.line))"
    }

    /// Each pool name as lowercase ASCII letters for mail addresses ("" for none).
    static let firstMail = firstNames.map(mailLetters)
    static let lastMail = lastNames.map(mailLetters)
    static let hashMail = hashNames.map(mailLetters)

    private static func mailLetters(_ name: String) -> String {
        String(decoding: NameFolding.fold(name).filter { $0 >= 0x61 && $0 <= 0x7A }, as: UTF8.self)
    }

    /// `first.last`, or `contact` for names without Latin letters.
    private func mailbox(_ draw: Draw) -> String {
        let first = draw.hash ? Self.hashMail[draw.first] : Self.firstMail[draw.first]
        var last = draw.last < 0 ? "" : Self.lastMail[draw.last]
        if draw.secondLast >= 0 { last += (draw.hyphen ? "-" : "") + Self.lastMail[draw.secondLast] }
        switch (first.isEmpty, last.isEmpty) {
        case (true, true): return "contact"
        case (false, true): return first
        case (true, false): return last
        case (false, false): return first + "." + last
        }
    }

    /// `number` with leading zeros to 4 digits.
    static func pad(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
