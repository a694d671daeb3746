import Foundation

/// Runs a real external tool (xmllint, gpsbabel, python3) and captures its output.
public enum ExternalTool {
    public struct Result: Sendable {
        public let status: Int32
        public let output: String
    }

    /// Runs `executable` (searched on PATH) with `arguments`; stdout and stderr together.
    public static func run(_ executable: String, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [executable] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// `xmllint --noout --nonet --schema fixtures/schemas/<schema> file`.
    public static func validateXML(_ file: URL, schema: String) throws -> Result {
        let xsd = Fixtures.repositoryRoot.appendingPathComponent("fixtures/schemas/\(schema)").path
        return try run("xmllint", ["--noout", "--nonet", "--schema", xsd, file.path])
    }
}
