@testable import PermitReading
import Testing

/// Permits of seeds 104811 and 104911 (issue 28, development seeds) read wrong or refused though
/// legible, drawn by the generator (deterministic) and read end to end.
@Suite("Permits of seeds 104811 and 104911")
struct PermitSeed104811Tests {
    /// Phone 104811 #223 (`N° 2088/2013`, shaken 4 px): the page and most crops read
    /// `20882013`, the permit model and English `2088/2013` on one crop between them. The
    /// engines' consensus has the page read's digits and the separator it lost: its form is the
    /// answer.
    @Test func theConsensusPutsBackTheSeparatorThePageReadLost() throws {
        let result = try GeneratedPermit.read(seed: 104811, .phone, 223, label: "2088/2013")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2088/2013", "\(result.stage)")
    }

    /// Flat 104811 #147 (`N° 1705/2017` under the bold `Permis d'exploitation — restaurant`,
    /// blurred by 2 px): the page is read as the photo came, the table dark on both sides. The
    /// rows of its number block were one band, the table's columns dark on every row, and the
    /// number's light grey digits under the bold title were no row of print. Found over the
    /// page's columns only, light grey rows between the dark ones too, the deblurred page's rows
    /// give the number's line.
    @Test func aBlurredNumberUnderABoldTitleIsARowOfItsOwn() throws {
        let result = try GeneratedPermit.read(seed: 104811, .flat, 147, label: "1705/2017")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "1705/2017", "\(result.stage)")
    }

    /// Flat 104911 #80 (`Numéro d'autorisation : 2014-903`, sharp, 13.9 px glyphs): the page
    /// read `2014-9003`; every engine read `2014-903` on most crops (support 3.8 of 4). Blur did
    /// not merge a doubled `0` on a sharp crop: the page read doubled it, and the unanimous
    /// consensus replaces it.
    @Test func aUnanimousConsensusOnASharpCropDropsADoubledGlyph() throws {
        let result = try GeneratedPermit.read(seed: 104911, .flat, 80, label: "2014-903")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2014-903", "\(result.stage)")
    }
}
