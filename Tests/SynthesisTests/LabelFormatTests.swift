import Foundation
import SerialReading
import Testing
@testable import Synthesis

/// Every label follows the grammar of serials.md / permits.md, and CSV rows match the header.
struct LabelFormatTests {
    @Test(arguments: [DatasetKind.etched, .screen, .sticker])
    func serialsFollowTheGrammar(kind: DatasetKind) throws {
        let g = try DatasetGenerator(kind: kind, seed: 1)
        var lengths = Set<Int>()
        for i in 0..<300 {
            let serial = g.plan(at: i).label
            #expect(SerialFactory.isWellFormed(serial), "\(serial)")
            #expect(!serial.contains("O") && !serial.contains("I"), "\(serial)")
            #expect(SerialGrammar.validate(serial).isValid, "\(serial): \(SerialGrammar.validate(serial).reason)")
            lengths.insert(serial.count)
        }
        #expect(lengths.isSuperset(of: [10, 12]))
    }

    @Test func negativesHaveNoSerial() throws {
        let g = try DatasetGenerator(kind: .negative, seed: 1)
        for i in 0..<50 { #expect(g.plan(at: i).label.isEmpty) }
    }

    @Test func permitLabelsAreConsistent() throws {
        let g = try DatasetGenerator(kind: .permit, seed: 1)
        var kinds: [String: Int] = [:]
        for i in 0..<300 {
            let p = g.plan(at: i)
            kinds[p.documentKind, default: 0] += 1
            if p.documentKind == "permit" {
                #expect(PermitNumberFactory.isWellFormed(p.label), "\(p.label)")
            } else {
                #expect(p.label.isEmpty)
            }
        }
        #expect(Set(kinds.keys) == ["permit", "not_permit", "unreadable"])
        #expect((kinds["permit"] ?? 0) > 150)
    }

    @Test func permitNumberShapes() {
        for good in ["12345", "2023/00457", "0457/2022", "2022-7431"] { #expect(PermitNumberFactory.isWellFormed(good)) }
        for bad in ["", "12", "2023/", "20-23-1", "A123"] { #expect(!PermitNumberFactory.isWellFormed(bad)) }
    }

    @Test(arguments: DatasetKind.allCases)
    func rowsMatchHeader(kind: DatasetKind) throws {
        let g = try DatasetGenerator(kind: kind, seed: 3, size: (320, 240))
        let s = try g.sample(at: 0)
        #expect(s.fields.count == g.csvHeader.count)
        #expect(s.fields[0] == s.filename)
        #expect(s.fields[1] == s.label)
        #expect(s.jpeg.starts(with: [0xFF, 0xD8, 0xFF]))
    }
}
