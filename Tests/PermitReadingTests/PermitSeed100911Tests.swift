import Foundation
import Imaging
@testable import PermitReading
import Synthesis
import Testing

/// Permits of development seed 100911 (issue 28), drawn by the generator (deterministic) and
/// read end to end.
@Suite("Permits of development seed 100911")
struct PermitSeed100911Tests {
    /// Flat permit 20 (`LICENCE DE RESTAURATION`, `Numéro : 2024/75778`): its font's steep slash
    /// is read as `1` by the page read and every crop read (`2024175778`, no permit's shape), and
    /// the holder's ID card number in the body (`… titulaire de la CIN` / `n° 00861079`, the
    /// `CIN` put on another line by the layout read) was answered at `medium`. The heading's
    /// label outranks it: its crops are re-read, the slash read back, and the number answered
    /// at `low`.
    @Test func aSteepSlashReadAsOneInTheHeadingOutranksAnIDCardInTheBody() throws {
        let sample = try DatasetGenerator(kind: .permit, seed: 100911, capture: .flat).sample(at: 20)
        #expect(sample.label == "2024/75778")
        let result = try PermitPipeline().read(try Image(data: sample.jpeg))
        #expect(result.stage.hasSuffix("+garbled-reread"), "\(result.stage)")
        #expect(result.verdict == .accepted(PermitResponse(permitNumber: "2024/75778", confidence: .low)), "\(result.stage)")
    }

    /// Flat permit 67 (`Réf. N° : 2016/3921`, sharp, a purple stamp's ring over the digits): the
    /// faded ring, light grey across the line, broke every read of it (the page reads, the number
    /// block's, its rows'), and the permit was refused as without a number. The block read again
    /// levelled (the ring's greys turned to paper) gives the labelled number, answered at `low`.
    @Test func aStampsFadedRingOverTheNumberIsLevelledAway() throws {
        let sample = try DatasetGenerator(kind: .permit, seed: 100911, capture: .flat).sample(at: 67)
        #expect(sample.label == "2016/3921")
        let result = try PermitPipeline().read(try Image(data: sample.jpeg))
        #expect(result.stage.contains("+number-line"), "\(result.stage)")
        #expect(result.verdict == .accepted(PermitResponse(permitNumber: "2016/3921", confidence: .low)), "\(result.stage)")
    }
}
