import Phones
import Testing

@testable import App

struct RosterCommandTests {
    @Test func noArgumentsServeWithAPIDefaults() throws {
        let command = try RosterCommand.parse([])
        guard case .serve(let options) = command else {
            Issue.record("expected serve, got \(command)")
            return
        }
        #expect(options == ServeOptions())
        #expect(options.host == "127.0.0.1" && options.port == 8080 && options.seed == 1_000_000)
        #expect(options.database == "roster.sqlite" && options.adminToken == nil)
    }

    @Test func serveFlagsTakeSeparateOrInlineValues() throws {
        let command = try RosterCommand.parse([
            "serve", "--host", "0.0.0.0", "--port=0", "--db", "/tmp/x.sqlite", "--seed", "0",
            "--public", "web", "--migrations=m", "--admin-token", "s3cret",
        ])
        var expected = ServeOptions()
        expected.host = "0.0.0.0"
        expected.port = 0
        expected.database = "/tmp/x.sqlite"
        expected.seed = 0
        expected.seedGiven = true
        expected.publicDirectory = "web"
        expected.migrationsDirectory = "m"
        expected.adminToken = "s3cret"
        #expect(command == .serve(expected))
    }

    @Test func readDatabasesRepeatAndSeedingOnPostgreSQLWaitsForTheFlag() throws {
        guard
            case .serve(let options) = try RosterCommand.parse([
                "--db", "postgres://u@h:1/d", "--read-db", "postgres://u@h:2/d",
                "--read-db=postgres://u@h:3/d",
            ]),
            case .serve(let seeded) = try RosterCommand.parse(["--seed", "10"])
        else {
            Issue.record("expected serve")
            return
        }
        #expect(options.readDatabases == ["postgres://u@h:2/d", "postgres://u@h:3/d"])
        #expect(!options.seedGiven && seeded.seedGiven && seeded.seed == 10)
        #expect(RosterCommand.usage.contains("--read-db"))
    }

    @Test func theRowCacheIsAFlagWithTheDefaultOf256MiB() throws {
        #expect(ServeOptions().rowCacheMiB == 256)
        guard case .serve(let options) = try RosterCommand.parse(["--row-cache-mb", "0"]) else {
            Issue.record("expected serve")
            return
        }
        #expect(options.rowCacheMiB == 0 && RosterCommand.usage.contains("--row-cache-mb"))
        #expect(throws: UsageError.self) { try RosterCommand.parse(["--row-cache-mb", "-1"]) }
    }

    @Test func theRegionIsAFlagOfACountryCodeWithTheDefaultOfUS() throws {
        #expect(ServeOptions().region == nil)
        guard case .serve(let options) = try RosterCommand.parse(["--region", "gb"]) else {
            Issue.record("expected serve")
            return
        }
        #expect(options.region?.code == "GB" && RosterCommand.usage.contains("--region CC"))
    }

    @Test func maxConnectionsIsAFlagWithTheDefaultOf10000() throws {
        #expect(ServeOptions().maxConnections == 10_000)
        guard case .serve(let options) = try RosterCommand.parse(["--max-connections", "64"]),
            case .serve(let inline) = try RosterCommand.parse(["serve", "--max-connections=1"])
        else {
            Issue.record("expected serve")
            return
        }
        #expect(options.maxConnections == 64 && inline.maxConnections == 1)
        #expect(RosterCommand.usage.contains("--max-connections"))
    }

    @Test func theAdminTokenComesFromTheEnvironmentUnlessAFlagGivesOne() throws {
        let environment = ["ROSTER_ADMIN_TOKEN": "from-env"]
        guard case .serve(let fromEnvironment) = try RosterCommand.parse([], environment: environment),
            case .serve(let fromFlag) = try RosterCommand.parse(
                ["--admin-token", "flag"], environment: environment)
        else {
            Issue.record("expected serve")
            return
        }
        #expect(fromEnvironment.adminToken == "from-env")
        #expect(fromFlag.adminToken == "flag")
    }

    @Test func seedAndImportParseTheirOptions() throws {
        #expect(
            try RosterCommand.parse(["seed", "--db", "a.sqlite", "--count", "1000", "--random-seed", "42"])
                == .seed(SeedOptions(database: "a.sqlite", count: 1000, randomSeed: 42)))
        var plain = SeedOptions(database: "a.sqlite", count: 10)
        #expect(plain.notesPercent == 20)
        plain.notesPercent = 0
        #expect(
            try RosterCommand.parse(["seed", "--db", "a.sqlite", "--count", "10", "--notes", "0"])
                == .seed(plain))
        #expect(
            try RosterCommand.parse([
                "import", "--db", "a.sqlite", "people.csv", "--mode", "replace", "--errors=skip",
            ])
                == .importFile(
                    ImportOptions(database: "a.sqlite", file: "people.csv", mode: .replace, errors: .skip)))
    }

    @Test func helpWinsAnywhere() throws {
        #expect(try RosterCommand.parse(["--help"]) == .help)
        #expect(try RosterCommand.parse(["-h"]) == .help)
        #expect(try RosterCommand.parse(["help"]) == .help)
        #expect(try RosterCommand.parse(["seed", "--help"]) == .help)
    }

    @Test(arguments: [
        (["bogus"], "unknown command 'bogus'"),
        (["--port"], "--port needs a value"),
        (["--port", "99999"], "--port '99999' is not a whole number from 0 to 65535"),
        (["--port", "eighty"], "--port 'eighty' is not a whole number"),
        (["--seed", "-1"], "--seed '-1'"),
        (["--max-connections", "0"], "--max-connections '0' is not a whole number from 1 to 1000000"),
        (["--colour", "red"], "serve: unknown option '--colour'"),
        (["--region", "XX"], "--region 'XX' is not a region phone numbers are known for: give a two-letter"),
        (["--region"], "--region needs a value"),
        (["serve", "extra"], "serve: unexpected argument 'extra'"),
        (["seed", "--count", "5"], "seed needs --db PATH"),
        (["seed", "--db", "x"], "seed needs --count N"),
        (["seed", "--db", "x", "--count", "1", "--random-seed", "-3"], "--random-seed '-3'"),
        (["seed", "--db", "x", "--count", "1", "--notes", "101"], "--notes"),
        (["import", "--db", "x"], "import needs the CSV file to read"),
        (["import", "a.csv", "b.csv", "--db", "x"], "'b.csv' is a second one"),
        (
            ["import", "--db", "x", "--mode", "upsert", "a.csv"],
            "--mode 'upsert' is not one of append, replace, merge"
        ),
    ])
    func badArgumentsAreRefusedNamingTheArgument(arguments: [String], message: String) {
        #expect {
            try RosterCommand.parse(arguments)
        } throws: { error in
            (error as? UsageError)?.message.contains(message) == true
        }
    }

    @Test func thePhotoCacheIsAFolderBesideTheFileUnlessNamed() throws {
        #expect(ServeOptions().photoCache == nil)
        guard case .serve(let options) = try RosterCommand.parse(["--photo-cache", "/tmp/thumbs"]) else {
            Issue.record("expected serve")
            return
        }
        #expect(options.photoCache == "/tmp/thumbs" && RosterCommand.usage.contains("--photo-cache DIR"))
        #expect(throws: UsageError.self) { try RosterCommand.parse(["--photo-cache"]) }
    }

    @Test func usageNamesEveryCommandAndFlagOfTheAPI() {
        for word in [
            "serve", "seed", "import", "--host", "--port", "--db", "--seed", "--public", "--migrations",
            "--admin-token", "--count", "--random-seed", "--mode", "--errors",
        ] {
            #expect(RosterCommand.usage.contains(word))
        }
    }
}

/// `serve` off loopback: reads need a token, or `--public-read` says they need none.
struct ServeReadRuleTests {
    @Test(arguments: ["0.0.0.0", "::", "192.168.1.20", "roster.lan"])
    func offLoopbackWithoutATokenServeRefusesNamingBothFlags(host: String) {
        #expect {
            try RosterCommand.parse(["serve", "--host", host])
        } throws: { error in
            let message = (error as? UsageError)?.message ?? ""
            return message.contains("--public-read") && message.contains("--admin-token")
                && message.contains("--host \(host) is not a loopback address")
        }
    }

    @Test func aTokenPublicReadOrALoopbackHostLetItStart() throws {
        guard case .serve(let open) = try RosterCommand.parse(["--host", "0.0.0.0", "--public-read"]),
            case .serve(let token) = try RosterCommand.parse(
                ["--host", "0.0.0.0"], environment: ["ROSTER_ADMIN_TOKEN": "from-env"]),
            case .serve(let proxied) = try RosterCommand.parse([
                "--host", "0.0.0.0", "--admin-token", "t", "--trusted-proxy", "10.0.0.1",
                "--trusted-proxy=::1",
            ])
        else {
            Issue.record("expected serve")
            return
        }
        #expect(open.publicRead && open.adminToken == nil)
        #expect(token.adminToken == "from-env" && !token.publicRead)
        #expect(proxied.trustedProxies == ["10.0.0.1", "::1"])
        for host in ["127.0.0.1", "localhost", "::1", "127.0.0.2"] {
            #expect(throws: Never.self) { try RosterCommand.parse(["--host", host]) }
        }
    }

    @Test func usageNamesTheNewFlags() {
        #expect(RosterCommand.usage.contains("--public-read"))
        #expect(RosterCommand.usage.contains("--trusted-proxy"))
    }
}
