import Foundation
import Phones
import SQLiteTestSupport
import Synchronization
import TestSupport
import Testing

@testable import Contacts
@testable import SQLiteStorage

struct ImportJobTests {
    let folder = TestFolder()

    init() throws { _ = try folder.store() }  // create and migrate the file

    /// A job on the test's file; `resumed` is signalled by its resume callback.
    func job(
        mode: ImportMode = .append, errors: ImportErrorPolicy = .abort,
        reading: ImportJob.Reading = .onReader,
        resumed: DispatchSemaphore = DispatchSemaphore(value: 0), highWater: Int = ImportJob.defaultHighWater,
        open: (@Sendable () -> Void)? = nil
    ) -> ImportJob {
        let path = folder.file("roster.sqlite")
        return ImportJob(
            open: {
                open?()
                return try SQLiteContactStore(writingTo: path)
            }, mode: mode, errors: errors, locale: .english, region: .unitedStates, reading: reading,
            highWater: highWater,
            onResume: { resumed.signal() })
    }

    func run(
        _ csv: String, chunk: Int = 1 << 20, errors: ImportErrorPolicy = .abort, mode: ImportMode = .append,
        reading: ImportJob.Reading = .onReader
    ) -> ImportJob.Outcome {
        let job = job(mode: mode, errors: errors, reading: reading)
        let bytes = Array(csv.utf8)
        var start = 0
        while start < bytes.count {
            let end = min(start + chunk, bytes.count)
            #expect(bytes[start..<end].withUnsafeBytes { job.feed($0) })
            start = end
        }
        return job.finish()
    }

    func count() throws -> Int { try SQLiteContactStore(readingFrom: folder.file("roster.sqlite")).count() }

    @Test func anEmptyFileIsAnErrorOfTheFileNotOfARow() throws {
        #expect(run("") == .failure(.emptyFile))
        #expect(run("", reading: .onCaller) == .failure(.emptyFile))
        #expect(run("\n\n") == .failure(.emptyFile))
        let message = ContactsError.emptyFile.description
        #expect(message.contains("empty") && message.contains("header") && !message.contains("contact 0"))
        #expect(try count() == 0)
    }

    @Test func aHeaderWithoutANameColumnOrUnreadableNamesItsLine() throws {
        for reading in [ImportJob.Reading.onReader, .onCaller] {
            guard case .failure(.unreadableFile(let message)) = run("phone,city\n1,Oslo\n", reading: reading)
            else {
                Issue.record("a header without a name, company or e-mail column is refused")
                continue
            }
            #expect(
                message.hasPrefix("line 1:") && message.contains("phone, city") && message.contains("E-mail"))
        }
        let message = ContactsError.noNameColumn(line: 1, header: ["phone", "city"]).description
        #expect(
            message.hasPrefix("line 1:") && message.contains("phone, city") && message.contains("first_name")
                && message.contains("company")
        )
        switch run("first_name,\"last\n") {
        case .failure(.unreadableHeader(let line, _)): #expect(line == 1)
        case .failure(.unreadableFile(let message)): #expect(message.contains("header"), "\(message)")
        case let other: Issue.record("an unterminated quote in the header is an unreadable header: \(other)")
        }
        #expect(try count() == 0)
    }

    @Test func badRowsAbortEverythingOrAreSkippedAndAtMostAHundredAreListed() throws {
        var csv = "first_name,last_name,email\nAnn,Lee,a@x\n"
        for index in 0..<150 { csv += index % 2 == 0 ? ",,\n" : "too,many,fields,here\n" }
        csv += "Bo,Diaz,b@x\n" + ",\(String(repeating: "x", count: 257)),\n"
        guard case .success(let aborted) = run(csv) else {
            Issue.record("bad rows are an aborted summary, not a failure")
            return
        }
        #expect(aborted.aborted && aborted.inserted == 0 && aborted.rejected == 151 && aborted.total == 0)
        #expect(aborted.errors.count == ImportSummary.maxErrors && aborted.errors.first?.line == 3)
        #expect(try count() == 0, "nothing was written")

        guard case .success(let skipped) = run(csv, errors: .skip) else {
            Issue.record("skip imports the good rows")
            return
        }
        #expect(!skipped.aborted && skipped.inserted == 2 && skipped.rejected == 151 && skipped.total == 2)
        #expect(try count() == 2)
    }

    @Test func aFieldOverItsLimitIsARowErrorNamingTheField() throws {
        let csv =
            "first_name,notes\nAnn,\(String(repeating: "n", count: 4000))\nBo,\(String(repeating: "é", count: 4001))\n"
        guard case .success(let summary) = run(csv, errors: .skip) else {
            Issue.record("an over-long field is a bad row")
            return
        }
        #expect(summary.inserted == 1 && summary.rejected == 1)
        #expect(summary.errors.first?.line == 3)
        #expect(summary.errors.first?.problem.contains("notes is 4001 characters") == true)
    }

    @Test func anEmailThatIsNoneOrAPhoneWithoutADigitIsABadRowInEveryLayout() throws {
        let files = [
            "first_name,email,phone\nAnn,ann@x.org,+1 555\nBo,not an email,\nCy,,n/a\n",
            "Given Name,E-mail 1 - Value,Phone 1 - Value\nAnn,ann@x.org,+1 555\nBo,not an email,\nCy,,n/a\n",
            "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Ann\r\nEMAIL:ann@x.org\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Bo\r\nEMAIL:x@y\r\nEMAIL:not an email\r\nEND:VCARD\r\n"
                + "BEGIN:VCARD\r\nVERSION:3.0\r\nFN:Cy\r\nTEL:n/a\r\nEND:VCARD\r\n",
        ]
        for file in files {
            guard case .success(let aborted) = run(file),
                case .success(let skipped) = run(file, errors: .skip)
            else {
                Issue.record("bad rows are a summary: \(file)")
                continue
            }
            #expect(aborted.aborted && aborted.inserted == 0 && aborted.rejected == 2, "\(file)")
            #expect(!skipped.aborted && skipped.inserted == 1 && skipped.rejected == 2, "\(file)")
            #expect(skipped.errors.map(\.problem).contains { $0.contains("look like an e-mail address") })
            #expect(skipped.errors.map(\.problem).contains { $0.contains("needs at least one digit") })
        }
    }

    /// Property: however the bytes are cut, and whichever thread reads them, the
    /// outcome and the stored list are the same.
    @Test func anyChunkingOnAnyThreadGivesTheSameOutcomeAndContacts() throws {
        var random = SeededRandom(seed: 2024)
        var csv = "\u{FEFF}Given Name,Surname,E-mail,Notes,Extra\r\n"
        for index in 0..<400 {
            switch random.below(10) {
            case 0: csv += ",,x@y,,\r\n"  // nameless
            case 1: csv += "\"Quoted, \"\"Name\"\"\",Ö\(index),q@x,\"two\nlines\",z\n"
            default: csv += "Name\(index),Ünal,n\(index)@x,,e\r\n"
            }
        }
        var reference: ImportSummary?
        var referenceContacts: [ContactFields] = []
        for round in 0..<8 {
            let chunk = round == 0 ? 1 << 20 : 1 + random.below(97)
            let reading = [ImportJob.Reading.onReader, .onCaller][round % 2]
            guard
                case .success(var summary) = run(
                    csv, chunk: chunk, errors: .skip, mode: .replace, reading: reading)
            else {
                Issue.record("chunk size \(chunk) failed")
                return
            }
            summary.seconds = 0
            let contacts = try SQLiteContactStore(readingFrom: folder.file("roster.sqlite")).contacts(
                at: 0..<1000
            )
            .map(\.fields)
            if let reference {
                #expect(summary == reference, "chunk size \(chunk)")
                #expect(contacts == referenceContacts, "chunk size \(chunk)")
            } else {
                #expect(
                    summary.ignoredColumns.isEmpty && summary.inserted + summary.rejected == 400,
                    "Extra is kept")
                #expect(contacts.contains { $0.firstName == "Quoted, \"Name\"" && $0.notes == "two\nlines" })
                reference = summary
                referenceContacts = contacts
            }
        }
    }

    @Test(arguments: [ImportJob.Reading.onReader, .onCaller])
    func feedAsksToPauseOverTheHighWaterAndResumesOnceRead(reading: ImportJob.Reading) throws {
        let opened = DispatchSemaphore(value: 0)
        let resumed = DispatchSemaphore(value: 0)
        // The writer cannot write anything until `opened` is signalled: the queue only fills.
        let job = job(reading: reading, resumed: resumed, highWater: 256 << 10, open: { opened.wait() })
        var csv = "first_name\n"
        while csv.utf8.count <= job.highWater { csv += String(repeating: "Name\n", count: 10_000) }
        let bytes = Array(csv.utf8)
        #expect(bytes.withUnsafeBytes { job.feed($0) } == false, "over the high water: pause")
        opened.signal()
        #expect(
            resumed.wait(timeout: .now() + 60) == .success, "the writer read half, then resumed the caller")
        guard case .success(let summary) = job.finish() else {
            Issue.record("the import fails")
            return
        }
        #expect(summary.inserted == bytes.count / 5 - 2)
    }

    @Test(arguments: [ImportJob.Reading.onReader, .onCaller])
    func aCancelledJobRollsBackAndFreesTheWayForTheNext(reading: ImportJob.Reading) throws {
        let cancelled = job(reading: reading)
        Array("first_name\nGone\nGone too\n".utf8).withUnsafeBytes { _ = cancelled.feed($0) }
        cancelled.cancel()
        // The next one begins its transaction once the first has rolled back (busy timeout).
        #expect(run("first_name\nStays\n").map(\.total) == .success(1))
        let names = try SQLiteContactStore(readingFrom: folder.file("roster.sqlite")).contacts(at: 0..<10)
        #expect(names.map(\.fields.firstName) == ["Stays"])
    }

    @Test func aJobWaitingForTheNextRowsHoldsNoLockAWriteWouldWaitFor() throws {
        let job = job()
        // More than the 64 KiB the reader takes before it hands rows over.
        let rows = "first_name,last_name\n" + (0..<10_000).map { "Row\($0),Waiting\n" }.joined()
        #expect(Array(rows.utf8).withUnsafeBytes { job.feed($0) })
        // Once every row read is in the staging file and committed, the job waits for
        // more (the file has not ended): no write transaction of its is open then.
        let path = folder.path
        let deadline = Date().addingTimeInterval(20)
        var committed = 0
        while committed < 10_000 && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
            guard let name = names.first(where: { $0.contains("-import-") && !$0.hasSuffix("-journal") })
            else { continue }
            let staging = try? SQLiteDatabase(path: path + "/" + name, create: false, readOnly: true)
            committed = ((try? staging?.integer("SELECT count(*) FROM import_rows")) ?? nil) ?? 0
        }
        #expect(committed == 10_000)
        let editor = SQLiteContactEditor(
            store: try SQLiteContactStore(writingTo: folder.file("roster.sqlite")), busyTimeout: 200)
        let written = try editor.insert(
            ContactFields(firstName: "Beside", lastName: "Import"), base: { _ in nil }, prepare: { _ in })
        #expect(written.state.total == 1)
        guard case .success(let summary) = job.finish() else {
            Issue.record("the import fails")
            return
        }
        #expect(summary.inserted == 10_000 && summary.total == 10_001)
    }

    @Test func modeAndPolicyParseFromTheirWordsOnly() {
        #expect(ImportMode(rawValue: "merge") == .merge && ImportMode(rawValue: "upsert") == nil)
        #expect(ImportErrorPolicy(rawValue: "skip") == .skip && ImportErrorPolicy(rawValue: "Skip") == nil)
    }

    @Test func mergingTheSameFileAgainAddsNothingAndAChangedRowUpdatesItsContactInPlace() throws {
        let file =
            "First Name,Last Name,E-mail,Phone,City\r\nAnn,Lee,ann@x.example,+1 555 0100,Oslo\r\n"
            + "Bo,Diaz,,+1 555 0101,Lima\r\nCy,Fox,cy@x.example,,Rome\r\n"
        guard case .success(let first) = run(file, mode: .merge) else {
            Issue.record("the first import")
            return
        }
        #expect(first.inserted == 3 && first.updated == 0 && first.unchanged == 0)
        let store = try SQLiteContactStore(readingFrom: folder.file("roster.sqlite"))
        let ids = try store.contacts(at: 0..<3).map(\.id)
        guard case .success(let again) = run(file, mode: .merge) else {
            Issue.record("the second import")
            return
        }
        #expect(again.inserted == 0 && again.updated == 0 && again.unchanged == 3 && again.total == 3)
        // Matched by e-mail (Ann), by name and phone (Bo), and a new contact (Dee).
        let changed =
            "First Name,Last Name,E-mail,Phone,City\r\nAnn,Lee-Park,ANN@x.example,,Bergen\r\n"
            + "Bo,Diaz,bo@new.example,+1 (555) 0101,\r\nDee,Ng,dee@x.example,,\r\n"
        guard case .success(let merged) = run(changed, mode: .merge) else {
            Issue.record("the third")
            return
        }
        #expect(merged.inserted == 1 && merged.updated == 2 && merged.unchanged == 0 && merged.total == 4)
        let now = try SQLiteContactStore(readingFrom: folder.file("roster.sqlite"))
        let state = try now.listState()
        let all = try now.contacts(at: 0..<4, in: state.order)
        let ann = try #require(all.first { $0.fields.firstName == "Ann" })
        #expect(ids.contains(ann.id), "the same contact, in place")
        #expect(
            ann.fields.lastName == "Lee-Park" && ann.fields.city == "Bergen"
                && ann.fields.phone == "+1 555 0100")
        #expect(ann.revision > 0, "a new revision: its ETag changes")
        let bo = try #require(all.first { $0.fields.firstName == "Bo" })
        #expect(ids.contains(bo.id) && bo.fields.email == "bo@new.example" && bo.fields.city == "Lima")
        #expect(
            all.map(\.fields.lastName) == ["Diaz", "Fox", "Lee-Park", "Ng"], "the order follows the new names"
        )
        #expect(Array(try now.matches(["bergen"])).map(Int.init) == [ann.id])
        #expect(Array(try now.matches(["oslo"])).isEmpty)
        #expect(state.sections[11].rows == 1 && state.sections[13].rows == 1, "L and N")
    }

}
