// swift-tools-version:6.0
// The manifest is the layer diagram: targets are declared from the innermost layer outwards,
// and each one lists only the modules it imports directly. No package dependencies: the
// toolchain is all this package uses.
import PackageDescription

let package = Package(
  name: "TransactionReport",
  // macOS 15 for Synchronization.Mutex; on Linux every toolchain module is there.
  platforms: [.macOS(.v15)],
  products: [
    .library(name: "Entities", targets: ["Entities"]),
    .library(name: "BankFormats", targets: ["BankFormats"]),
    .library(name: "BankReading", targets: ["BankReading"]),
    .library(name: "UseCases", targets: ["UseCases"]),
    .library(name: "TransactionSourceTesting", targets: ["TransactionSourceTesting"]),
    .library(name: "Presenters", targets: ["Presenters"]),
    .library(name: "ReportRendering", targets: ["ReportRendering"]),
    .library(name: "InMemoryGateways", targets: ["InMemoryGateways"]),
    .library(name: "FileGateways", targets: ["FileGateways"]),
    .library(name: "NetworkGateways", targets: ["NetworkGateways"]),
    .executable(name: "txreport", targets: ["txreport"]),
  ],
  targets: [
    // MARK: Entities: the domain's values and rules; imports nothing, not even Foundation.
    .target(name: "Entities"),

    // MARK: Helpers outside the layers, as the standard library is: byte words (eight bytes read as
    // one UInt64) for the decoders, the engine and the renderers. Not a product.
    .target(name: "ByteWords"),

    // MARK: Use cases: the two transformers and the ports they own.
    .target(name: "UseCases", dependencies: ["Entities", "ByteWords"]),
    // The port's contract as a check for the tests of a client's own source, as swift-nio keeps
    // NIOTestUtils apart from NIOCore: a product of its own, beside the layers it tests.
    .target(name: "TransactionSourceTesting", dependencies: ["UseCases"]),

    // MARK: Storage outside the layers, as ByteWords is: how the command line reads a large input
    // for the transformer (drafts, sorted sources read again as they stream, unsorted ones held
    // in compact pages), handed to the use cases by the composition root. Not a product.
    .target(name: "TransactionStorage", dependencies: ["UseCases", "Entities", "ByteWords"]),

    // MARK: Interface adapters: presenters (rows, banding, formatting) and gateways (sources).
    // How banks write dates and amounts (date layouts, decimal marks) is the gateways' and the
    // command line's, not the domain's.
    .target(name: "BankFormats", dependencies: ["Entities", "ByteWords"]),
    // How a bank's file is read: every decision (which column is which, the date layout, the
    // decimal mark, the signs, the groups) proved by the file's evidence or asked of the user,
    // as one value; the reading options that answer the questions. Rules over text, no bytes:
    // the file gateways' decoders read the bytes and ask it what they mean.
    .target(name: "BankReading", dependencies: ["BankFormats", "UseCases", "Entities", "ByteWords"]),
    .target(name: "Presenters", dependencies: ["UseCases", "Entities"]),
    // The gateways, a module for each mechanism, so that a client links only what it reads: the
    // in-memory source and the demo data; files, standard input and bytes with the decoders of
    // every format; a service over HTTP, read with the file decoders.
    .target(name: "InMemoryGateways", dependencies: ["UseCases", "Entities"]),
    .target(
      name: "FileGateways", dependencies: ["UseCases", "Entities", "BankReading", "BankFormats", "ByteWords"]),
    // The HTTP client: the system's libcurl, through a few C calls that find it at run time, so a
    // process loads it only when it downloads (the library the toolchain's own client is made on).
    .target(name: "LibCurl", linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(name: "NetworkGateways", dependencies: ["FileGateways", "BankReading", "UseCases", "LibCurl"]),

    // MARK: Storage outside the layers: how a loaded report keeps its rows compactly, spooled block
    // by block, and searches them, for the table view. Not a product.
    .target(name: "RowStorage", dependencies: ["Presenters", "Entities"]),

    // MARK: Rendering: rows to the text of a format (text, JSON, Markdown, HTML), for any client.
    .target(name: "ReportRendering", dependencies: ["Presenters", "Entities", "ByteWords"]),

    // MARK: Frameworks and drivers: two clients side by side. The command-line frontend (arguments,
    // terminal, sinks, exit codes), and the table-view client, the report full-screen in a terminal
    // (txreport --interactive), bound to the presenter's sectioned view state through public API
    // only, as an app's table view is: it knows nothing of the CLI.
    .target(
      name: "CLI",
      dependencies: ["ReportRendering", "Presenters", "UseCases", "BankReading", "BankFormats", "Entities"]),
    .target(
      name: "TableViewClient", dependencies: ["ReportRendering", "Presenters", "RowStorage", "Entities"]),

    // MARK: Composition root: the one place that names concrete gateways and renderers, and wires
    // each client to the report.
    .target(
      name: "CompositionRoot",
      dependencies: [
        "CLI", "TableViewClient", "Presenters", "InMemoryGateways", "FileGateways", "NetworkGateways",
        "TransactionStorage", "UseCases", "BankReading", "BankFormats", "Entities",
      ]
    ),
    .executableTarget(name: "txreport", dependencies: ["CompositionRoot"]),

    // MARK: Tests: shared doubles, one target per module, and end-to-end runs of the binary.
    .target(
      name: "TestSupport",
      dependencies: ["Presenters", "UseCases", "Entities"],
      path: "Tests/TestSupport"
    ),
    .testTarget(name: "EntitiesTests", dependencies: ["Entities"]),
    .testTarget(name: "ByteWordsTests", dependencies: ["ByteWords"]),
    .testTarget(name: "BankFormatsTests", dependencies: ["BankFormats", "Entities"]),
    .testTarget(
      name: "BankReadingTests", dependencies: ["BankReading", "BankFormats", "UseCases", "Entities"]),
    .testTarget(
      name: "UseCasesTests",
      dependencies: ["UseCases", "TransactionSourceTesting", "TransactionStorage", "Entities", "TestSupport"]),
    .testTarget(
      name: "TransactionStorageTests",
      dependencies: ["TransactionStorage", "UseCases", "Entities", "TestSupport"]),
    .testTarget(
      name: "PresentersTests",
      dependencies: ["Presenters", "UseCases", "Entities", "TestSupport"]
    ),
    .testTarget(
      name: "InMemoryGatewaysTests",
      dependencies: ["InMemoryGateways", "FileGateways", "UseCases", "Entities", "Presenters", "TestSupport"]),
    .testTarget(
      name: "FileGatewaysTests",
      dependencies: [
        "FileGateways", "InMemoryGateways", "UseCases", "TransactionSourceTesting", "BankReading",
        "BankFormats",
        "Entities", "Presenters", "TestSupport",
      ]),
    .testTarget(
      name: "NetworkGatewaysTests",
      dependencies: [
        "NetworkGateways", "FileGateways", "UseCases", "TransactionSourceTesting", "Entities", "Presenters",
        "TestSupport",
      ]),
    .testTarget(
      name: "RowStorageTests", dependencies: ["RowStorage", "Presenters", "Entities", "TestSupport"]),
    .testTarget(
      name: "ReportRenderingTests",
      dependencies: ["ReportRendering", "Presenters", "Entities", "TestSupport"]),
    .testTarget(
      name: "CLITests",
      dependencies: ["CLI", "ReportRendering", "Presenters", "UseCases", "Entities", "TestSupport"]),
    .testTarget(
      name: "TableViewClientTests",
      dependencies: [
        "TableViewClient", "ReportRendering", "Presenters", "RowStorage", "UseCases", "InMemoryGateways",
        "Entities", "TestSupport",
      ]),
    .testTarget(
      name: "CompositionRootTests",
      dependencies: ["CompositionRoot", "CLI", "Presenters", "TestSupport"]
    ),
    .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    // An app's view of the package: the library products only, public API only (TestSupport for
    // its local HTTP server, a fixture).
    .testTarget(
      name: "ClientTests",
      dependencies: [
        "Entities", "UseCases", "Presenters", "ReportRendering", "InMemoryGateways", "FileGateways",
        "NetworkGateways", "TransactionSourceTesting", "TestSupport",
      ]
    ),

    // MARK: Fuzzing: the checks the fuzzers share, and libFuzzer targets: one per decoder, one for
    // reading files in chunks, one for the whole pipeline. A plain build makes replay tools;
    // `Scripts/fuzz` builds the fuzzers.
    .target(
      name: "FuzzChecks",
      dependencies: [
        "CLI", "ReportRendering", "Presenters", "FileGateways", "TransactionStorage", "BankReading",
        "BankFormats", "UseCases",
        "Entities",
      ]
    ),
    .executableTarget(name: "FuzzJSONRecords", dependencies: ["FuzzChecks"]),
    .executableTarget(name: "FuzzNDJSONRecords", dependencies: ["FuzzChecks"]),
    .executableTarget(name: "FuzzCSVRecords", dependencies: ["FuzzChecks"]),
    .executableTarget(name: "FuzzOFXRecords", dependencies: ["FuzzChecks"]),
    .executableTarget(name: "FuzzQIFRecords", dependencies: ["FuzzChecks"]),
    .executableTarget(name: "FuzzFileRecords", dependencies: ["FuzzChecks"]),
    .executableTarget(name: "FuzzReport", dependencies: ["FuzzChecks"]),
    .testTarget(
      name: "FuzzChecksTests",
      dependencies: ["FuzzChecks", "FileGateways", "UseCases", "Entities", "ReportRendering", "TestSupport"]),
  ]
)
