// swift-tools-version: 6.0
import PackageDescription

// The pixel and OCR pipelines are optimised in debug builds too: the test suite reads hundreds
// of photos through them, and unoptimised Swift pixel loops made a debug read two to three times
// slower than a release one (`make test` is a debug build). Debug information and testability
// (`@testable import`) stay.
let optimisedInDebug: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
    name: "ScanBench",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "scanbench", targets: ["scanbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        // The run history's embedded SQLite store; on Linux it links Debian's libsqlite3 (libsqlite3-dev).
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
    ],
    targets: [
        // C libraries from Debian, one system-library target each.
        .systemLibrary(name: "CTesseract", pkgConfig: "tesseract lept",
                       providers: [.apt(["libtesseract-dev", "libleptonica-dev"])]),
        .systemLibrary(name: "CXLSXWriter", pkgConfig: "xlsxwriter",
                       providers: [.apt(["libxlsxwriter-dev"])]),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo",
                       providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),

        .target(name: "Imaging", dependencies: ["CTesseract"], swiftSettings: optimisedInDebug),
        .target(name: "Recognition", dependencies: ["CTesseract", "Imaging"], swiftSettings: optimisedInDebug),
        .target(name: "ReadingCore", dependencies: ["Imaging", "Recognition", "Evaluation"], swiftSettings: optimisedInDebug),
        .target(name: "SerialReading", dependencies: ["ReadingCore", "Imaging", "Recognition", "Evaluation", "Yams"],
                resources: [.copy("Resources/presets.yaml")], swiftSettings: optimisedInDebug),
        .target(name: "PermitReading", dependencies: ["ReadingCore", "Imaging", "Recognition", "Evaluation"], swiftSettings: optimisedInDebug),
        .target(name: "Evaluation", dependencies: [.product(name: "Histogram", package: "hdrhistogram-swift")]),
        .target(name: "Reporting", dependencies: ["Evaluation", "CXLSXWriter"]),
        .target(name: "Synthesis", dependencies: ["CPangoCairo", "Imaging"], swiftSettings: optimisedInDebug),
        // The run history: every run and per-image result in one SQLite file (GRDB, WAL).
        .target(name: "RunStore", dependencies: ["Evaluation", "Reporting", .product(name: "GRDB", package: "GRDB.swift")]),
        // The application layer: run set-up and the evaluate/sweep/merge flows, shared by the CLI and the server.
        .target(name: "Harness", dependencies: ["SerialReading", "PermitReading", "ReadingCore", "Evaluation", "Reporting", "Imaging", "Recognition", "Synthesis"]),
        .target(name: "Server", dependencies: [
            "Harness", "ReadingCore", "SerialReading", "PermitReading", "Evaluation", "Reporting", "Imaging", "Recognition", "RunStore",
            .product(name: "Hummingbird", package: "hummingbird"),
        ], resources: [.copy("Resources/openapi.json"), .copy("Resources/docs.html")]),
        .executableTarget(name: "scanbench", dependencies: [
            "Imaging", "Recognition", "ReadingCore", "SerialReading", "PermitReading", "Evaluation", "Reporting", "Synthesis", "Harness", "Server", "RunStore",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Yams", package: "Yams"),
        ]),

        .target(name: "TestSupport", dependencies: ["Evaluation", "Imaging", "Synthesis"], path: "Tests/TestSupport"),
        .testTarget(name: "ImagingTests", dependencies: ["Imaging", "Evaluation", "TestSupport"]),
        .testTarget(name: "RecognitionTests", dependencies: ["Recognition", "Imaging", "TestSupport"]),
        .testTarget(name: "ReadingCoreTests", dependencies: ["ReadingCore", "Imaging", "TestSupport"]),
        .testTarget(name: "SerialReadingTests", dependencies: ["SerialReading", "ReadingCore", "Imaging", "Recognition", "Synthesis", "TestSupport"]),
        .testTarget(name: "PermitReadingTests", dependencies: ["PermitReading", "ReadingCore", "Imaging", "Recognition", "Evaluation", "Synthesis", "TestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "TestSupport"]),
        .testTarget(name: "ReportingTests", dependencies: [
            "Reporting", "Evaluation", "TestSupport",
            .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
        ], exclude: ["__Snapshots__"]),
        .testTarget(name: "SynthesisTests", dependencies: ["Synthesis", "Imaging", "Recognition", "SerialReading", "TestSupport"]),
        .testTarget(name: "HarnessTests", dependencies: ["Harness", "SerialReading", "PermitReading", "Evaluation", "Reporting", "Imaging", "Synthesis", "TestSupport"]),
        .testTarget(name: "ServerTests", dependencies: [
            "Server", "Harness", "PermitReading", "ReadingCore", "SerialReading", "Evaluation", "Imaging", "TestSupport", "RunStore", "Reporting",
            .product(name: "Hummingbird", package: "hummingbird"),
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
        .testTarget(name: "RunStoreTests", dependencies: [
            "RunStore", "Evaluation", "Reporting", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        .testTarget(name: "ScanBenchEndToEndTests", dependencies: [
            "Evaluation", "RunStore", "TestSupport", .product(name: "GRDB", package: "GRDB.swift"), .product(name: "Yams", package: "Yams"),
        ]),
    ],
    swiftLanguageModes: [.v6]
)
