import Foundation
@testable import PermitReading
import Synthesis
import Testing

/// Captures of seed 106311 (issue 28, fresh in session 70, a development seed since), each
/// drawn by the generator (deterministic) and read end to end.
@Suite("Permits of development seed 106311")
struct PermitSeed106311Tests {
    /// Flat permit 81: `N° : 6793` blurred 2 px. Its deblurred page's number was read and
    /// confirmed, but `RÉPUBLIQUE TUNISIENNE` was lost: the French reads, declared 300 dpi,
    /// dropped the letterhead's small bold lines whole (a crop of the line alone reads it word
    /// for word), and the permit was refused as another document. The heading band read again
    /// with the resolution left to Tesseract keeps them.
    @Test func aBlurredLetterheadIsReadAgainAtAnEstimatedResolution() throws {
        let result = try GeneratedPermit.read(seed: 106311, .flat, 81, label: "6793")
        #expect(result.analysis.cues.found(.country), "\(result.stage)")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "6793", "\(result.stage)")
    }

    /// Flat permit 189: `N° : 526953` boxed under the title, lost to the page's layout read; the
    /// ID card's `n° 04714212` of the body, labelled, was answered `medium`. A number labelled
    /// only in the body sends the heading's number block to be read again, and its labelled
    /// number is the permit's.
    @Test func aBodyNumberGivesWayToTheHeadingsBoxedNumber() throws {
        let result = try GeneratedPermit.read(seed: 106311, .flat, 189, label: "526953")
        #expect(result.analysis.number?.heading == true, "\(result.stage)")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "526953", "\(result.stage)")
    }

    /// Phone permit 217: the page read `2014-2587`, the French crop reads `2014287` twice,
    /// English `2014-287`: the French vote's `2014287`, a plain number of an unusual length,
    /// keeps the page's separator after the year.
    @Test func theVoteKeepsThePageReadsSeparator() throws {
        let result = try GeneratedPermit.read(seed: 106311, .phone, 217, label: "2014-287")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2014-287", "\(result.stage)")
    }

    @Test func aSeparatorIsKeptOnlyWhereItGivesACommonShape() {
        #expect(PermitNumberVote.separatorKept(from: "2014-2587", in: "2014287") == "2014-287")
        #expect(PermitNumberVote.separatorKept(from: "2019/4539", in: "20194539") == "2019/4539")
        // A plain read of a common length stands; so does one the page read shows no separator in.
        #expect(PermitNumberVote.separatorKept(from: "2014-2587", in: "201428") == "201428")
        #expect(PermitNumberVote.separatorKept(from: "20142587", in: "2014287") == "2014287")
        // Put back after the page's digits, it must give a number of a common shape.
        #expect(PermitNumberVote.separatorKept(from: "20-142587", in: "2014287") == "2014287")
    }
}
