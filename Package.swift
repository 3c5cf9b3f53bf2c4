// swift-tools-version:6.0
// Roster: a server-driven virtual list. Module map and dependency direction: see docs/architecture.md.
import PackageDescription

let package = Package(
    name: "Roster",
    products: [
        .executable(name: "roster", targets: ["roster"]),
        .executable(name: "roster-bench", targets: ["roster-bench"]),
    ],
    targets: [
        .systemLibrary(
            name: "CSQLite",
            path: "Sources/CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"])]
        ),
        .systemLibrary(
            name: "CZlib",
            path: "Sources/CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .systemLibrary(
            name: "CDeflate",
            path: "Sources/CDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        .systemLibrary(
            name: "CIsal",
            path: "Sources/CIsal",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"])]
        ),
        .systemLibrary(
            name: "CZstd",
            path: "Sources/CZstd",
            pkgConfig: "libzstd",
            providers: [.apt(["libzstd-dev"])]
        ),
        .systemLibrary(
            name: "CPostgres",
            path: "Sources/CPostgres",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        // ICU (Debian's libicu-dev) through a small C++ shim: its C symbols carry its version and
        // its AlphabeticIndex is C++ only.
        .target(
            name: "CICU",
            linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]
        ),
        .target(name: "Locales", dependencies: ["CICU"]),
        .target(name: "CLinux"),
        // libphonenumber's C++ PhoneNumberUtil behind extern "C" functions (Debian's libphonenumber-dev
        // has no pkg-config file: its headers are in /usr/include, the library linked by name).
        .target(name: "CPhoneNumbers", linkerSettings: [.linkedLibrary("phonenumber")]),
        .target(name: "Phones", dependencies: ["CPhoneNumbers"]),
        // libvips (Debian's libvips-dev): its headers through pkg-config, its variadic calls behind
        // a small C shim that Swift can call.
        .systemLibrary(
            name: "CVipsLibrary",
            path: "Sources/CVipsLibrary",
            pkgConfig: "vips",
            providers: [.apt(["libvips-dev"])]
        ),
        .target(name: "CVips", dependencies: ["CVipsLibrary"]),
        .target(name: "Photos", dependencies: ["CVips", "CZlib"]),
        .target(name: "ReuseEngine"),
        .target(name: "Platform", dependencies: ["CLinux"]),
        .target(name: "Codecs", dependencies: ["CZlib", "CDeflate", "CIsal", "CZstd"]),
        .target(name: "HTTP", dependencies: ["Codecs", "CLinux", "Platform"]),
        .target(name: "Contacts", dependencies: ["Codecs", "Locales", "Phones"]),
        .target(name: "SQLiteStorage", dependencies: ["Contacts", "CSQLite", "Phones"]),
        .target(name: "PostgresStorage", dependencies: ["Contacts", "CPostgres", "Phones"]),
        // What the API's requests ask, read and checked against the contract (WindowQuery): apart
        // from App, so that the fuzz targets build without the stores.
        .target(name: "Requests", dependencies: ["Contacts", "HTTP", "Phones", "Platform", "CLinux"]),
        .target(
            name: "App",
            dependencies: [
                "ReuseEngine", "Contacts", "SQLiteStorage", "PostgresStorage", "Codecs", "HTTP", "CLinux",
                "Platform", "Phones", "Photos", "Requests",
            ]
        ),
        .executableTarget(name: "roster", dependencies: ["App"]),
        .executableTarget(
            name: "roster-bench",
            dependencies: [
                "ReuseEngine", "Contacts", "SQLiteStorage", "Codecs", "HTTP", "App", "Platform", "Phones",
                "Photos",
            ]),
        .target(name: "FuzzTargets", dependencies: ["Codecs", "HTTP", "Contacts", "Requests", "Photos"]),
        .executableTarget(name: "roster-fuzz", dependencies: ["FuzzTargets", "Platform"]),
        .testTarget(name: "ReuseEngineTests", dependencies: ["ReuseEngine", "TestSupport"]),
        .testTarget(name: "ContactsTests", dependencies: ["Contacts", "Phones", "TestSupport"]),
        .testTarget(name: "PhonesTests", dependencies: ["Phones"]),
        .testTarget(name: "PhotosTests", dependencies: ["Photos", "TestSupport"]),
        .testTarget(name: "RequestsTests", dependencies: ["Requests", "HTTP"]),
        .testTarget(
            name: "SQLiteStorageTests",
            dependencies: ["Contacts", "Phones", "SQLiteStorage", "SQLiteTestSupport", "TestSupport"]),
        .testTarget(
            name: "PostgresStorageTests",
            dependencies: ["Contacts", "Phones", "PostgresStorage", "PostgresTestSupport", "TestSupport"]),
        .testTarget(
            name: "StoreParityTests",
            dependencies: [
                "Contacts", "Phones", "SQLiteStorage", "PostgresStorage", "SQLiteTestSupport",
                "PostgresTestSupport", "TestSupport",
            ]),
        .testTarget(name: "PlatformTests", dependencies: ["Platform"]),
        .testTarget(name: "LocalesTests", dependencies: ["Locales", "TestSupport"]),
        .target(name: "TestSupport", dependencies: ["CZlib", "CZstd"], path: "Tests/TestSupport"),
        // Each store's own helpers over TestSupport's folders and PostgreSQL server, apart so that a
        // store's suites depend on that store only.
        .target(
            name: "SQLiteTestSupport", dependencies: ["SQLiteStorage", "TestSupport"],
            path: "Tests/SQLiteTestSupport"),
        .target(
            name: "PostgresTestSupport", dependencies: ["PostgresStorage", "TestSupport"],
            path: "Tests/PostgresTestSupport"),
        .testTarget(name: "HTTPTests", dependencies: ["Codecs", "HTTP", "Platform", "TestSupport"]),
        .testTarget(name: "CodecsTests", dependencies: ["Codecs", "TestSupport"]),
        .testTarget(name: "AppTests", dependencies: ["App", "Phones", "Photos", "Requests", "TestSupport"]),
        .testTarget(
            name: "SystemLibraryTests",
            dependencies: ["CSQLite", "CZlib", "CDeflate", "CIsal", "CZstd", "TestSupport"]),
        .testTarget(name: "FuzzTargetTests", dependencies: ["FuzzTargets", "TestSupport"]),
    ],
    swiftLanguageModes: [.v6],
    cxxLanguageStandard: .cxx17
)

// The test stages' build (scripts/lib/test_build.sh: ROSTER_OPTIMIZE_LIBRARIES=1, in a build
// folder of its own) compiles the library targets at -O: the tests stay a debug build, with DEBUG
// and their asserts, while the code they drive runs several times faster (docs/testing.md).
if Context.environment["ROSTER_OPTIMIZE_LIBRARIES"] == "1" {
    for target in package.targets where target.type == .regular && !target.name.hasSuffix("TestSupport") {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-O"])]
    }
}
