import Evaluation
import Foundation

/// The machine a report was written on: cores, CPU model, OS, memory.
public struct MachineInfo: Hashable, Sendable {
    public var cores: Int
    public var activeCores: Int
    /// `model name` from `/proc/cpuinfo`, `unknown` elsewhere.
    public var cpuModel: String
    public var os: String
    public var memoryBytes: UInt64

    /// Describes the current machine.
    public static var current: MachineInfo {
        let p = ProcessInfo.processInfo
        return MachineInfo(cores: p.processorCount, activeCores: p.activeProcessorCount,
                           cpuModel: cpuModel(fromCPUInfo: (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""),
                           os: p.operatingSystemVersionString, memoryBytes: p.physicalMemory)
    }

    /// The first `model name` (x86) or `Model`/`Hardware` (ARM) value of `/proc/cpuinfo` text.
    static func cpuModel(fromCPUInfo text: String) -> String {
        for key in ["model name", "Model", "Hardware", "cpu model"] {
            for line in text.split(separator: "\n") {
                let parts = line.split(separator: ":", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return "unknown"
    }

    /// `{cores, active_cores, cpu_model, os, memory_bytes}`.
    public var json: JSONValue {
        .object([("cores", .int(cores)), ("active_cores", .int(activeCores)), ("cpu_model", .string(cpuModel)),
                 ("os", .string(os)), ("memory_bytes", .int(Int(clamping: memoryBytes)))])
    }
}
