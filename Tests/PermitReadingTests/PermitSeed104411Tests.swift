import Imaging
@testable import PermitReading
import ReadingCore
import Synthesis
import Testing

/// Permits of seeds 104311–104711 (issue 28, development seeds) whose page read was right or
/// whose number was clearly printed, read wrong, drawn by the generator (deterministic) and read
/// end to end.
@Suite("Permits of seeds 104311 to 104711")
struct PermitSeed104411Tests {
    /// Flat 104311 #241 (`N° : 2018-7791`, light falling off across the page): the page read as
    /// photographed cut the heading's lines in half and lost the number's; it took the ID card's
    /// `n° 00116444` in the body (its `CIN` left on the line above) as a labelled number and
    /// stopped there. A number labelled only in the body is not conclusive: the flattened page,
    /// read too, gives the heading's number.
    @Test func aNumberLabelledInTheBodyDoesNotSettleTheRead() throws {
        let result = try GeneratedPermit.read(seed: 104311, .flat, 241, label: "2018-7791")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2018-7791", "\(result.stage)")
        #expect(result.analysis.number?.heading == true)
    }

    /// Flat 104411 #61 (`N° 9703/2018 du 06/02/2021`): the page read lost the title and the
    /// number's line, and took `ne 9440` of the Arabic header (`الجمهورية التونسية`) for a
    /// labelled number. A label that may be the French read of Arabic script is not conclusive
    /// either.
    @Test func aNumberUnderAWeakLabelDoesNotSettleTheRead() throws {
        let result = try GeneratedPermit.read(seed: 104411, .flat, 61, label: "9703/2018")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "9703/2018", "\(result.stage)")
    }

    /// What anchors a number firmly enough to settle a read: a label, in the heading block, and
    /// not one the French read makes of Arabic script or of a citation's cut `n°`.
    @Test func aNumberIsAnchoredByAFirmLabelInTheHeading() {
        func number(label: String?, heading: Bool) -> PermitNumberCandidate {
            PermitNumberCandidate(text: "9703/2018", raw: "9703/2018", label: label, line: 3,
                                  box: PixelRect(x: 100, y: 400, width: 300, height: 40), heading: heading,
                                  confidence: 0.95, rejected: nil, score: 1)
        }
        #expect(PermitPipeline.Pass.isAnchored(number(label: "N°", heading: true)))
        #expect(PermitPipeline.Pass.isAnchored(number(label: "رقم", heading: true)))
        #expect(!PermitPipeline.Pass.isAnchored(number(label: "N°", heading: false)), "in the body")
        #expect(!PermitPipeline.Pass.isAnchored(number(label: "ne", heading: true)), "Arabic script read as `ne`")
        #expect(!PermitPipeline.Pass.isAnchored(number(label: "°", heading: true)), "a lone degree sign")
        #expect(!PermitPipeline.Pass.isAnchored(number(label: nil, heading: true)), "no label")
    }

    /// Flat 104411 #31 (a sharp, bold `56544`): the permit model read `26544` on all five crops,
    /// the French engine `56544` on all five and English on three; weighted double, the permit
    /// model's read replaced the page's. More engines read the page's mostly: it stands.
    @Test func thePermitModelAloneDoesNotReplaceAFirstDigitTwoEnginesRead() throws {
        let result = try GeneratedPermit.read(seed: 104411, .flat, 31, label: "56544")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "56544", "\(result.stage)")
    }

    /// Flat 104311 #235 (a sharp `52621`): the permit model alone read `22621` on every crop,
    /// the French engine `52621` on four of five, English `92621`; the permit model's read
    /// replaced the page's. One engine's reads no longer replace a read another engine reads
    /// on most crops.
    @Test func thePermitModelAloneDoesNotReplaceAReadTheFrenchEngineReadsMostly() throws {
        let result = try GeneratedPermit.read(seed: 104311, .flat, 235, label: "52621")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "52621", "\(result.stage)")
    }

    /// Phone 104411 #159 (`2012/4682 : رقم الرخصة`, shaken 3 px): the page read `2012682`; the
    /// permit model read `2012/4682` on all five crops and French on two, but under an Arabic
    /// label a consensus holding the read with more digits was taken for the label's ink read
    /// as one. A digit put back inside the number is not: the consensus replaces the read.
    @Test func aDigitPutBackInsideANumberUnderAnArabicLabelIsTaken() throws {
        let result = try GeneratedPermit.read(seed: 104411, .phone, 159, label: "2012/4682")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2012/4682", "\(result.stage)")
    }

    /// Flat 104611 #205 (`Numéro d'autorisation : 8792/2020` under `Vu le décret n° 2015-1111`,
    /// the page turned a few degrees): the heading band's layout read split the recital into
    /// `° 2015-1111` and `vu le décret n`, the flattened page's read lost the heading, and the
    /// decree's number under its lone `°` was answered at `medium`. A heading read whose number
    /// has a weak label is no lone number's: the whole page is read, and gives the permit's.
    @Test func aHeadingReadWithAWeakLabelLeadsToTheWholePage() throws {
        let result = try GeneratedPermit.read(seed: 104611, .flat, 205, label: "8792/2020")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "8792/2020", "\(result.stage)")
    }

    /// Flat 104711 #127 (`2024/10309` under a stamp): the page read `2024/103`, the French vote
    /// made it `2024/10300` of its own crop reads, and the permit model read `2024/10309` on four
    /// crops. The French engine reads the vote's number mostly by construction: that is no page
    /// read standing against one engine, and the consensus replaces it.
    @Test func aNumberTheFrenchVoteMadeDoesNotHoldBackTheConsensus() throws {
        let result = try GeneratedPermit.read(seed: 104711, .flat, 127, label: "2024/10309")
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2024/10309", "\(result.stage)")
    }

    /// Flat 104611 #108 (`Autorisation n° 8176`, `Décret n° 2006-1018` printed above the
    /// title): the read cut the decree to `ret n° 2006-1018` and the permit's line to
    /// `Autorisation a® 8173`, so the decree's number, labelled, above the title, with none
    /// under it, was answered at `high`. Above the title it is never `high`.
    @Test func aLabelledNumberAboveTheTitleIsNotAnsweredHigh() throws {
        let result = try GeneratedPermit.read(seed: 104611, .flat, 108, label: "8176")
        let answer = GeneratedPermit.answer(result)
        #expect(answer?.permitNumber == "8176" || answer?.confidence == .low, "\(String(describing: answer))")
    }

    /// Flat 104611 #221 as the apps send it (`--client-compression`): the read split
    /// `Décret n° 2015-641`, under the title, into `Décret` and `n° 2015-641`, and the decree's
    /// number was answered at `high` over the permit's `2012/36135`, labelled only in Arabic.
    /// The reference word ending the piece left of an `n°` makes it a reference.
    @Test func aDecreeSplitBeforeItsLabelIsAReference() throws {
        let sample = try DatasetGenerator(kind: .permit, seed: 104611, capture: .flat).sample(at: 221)
        #expect(sample.label == "2012/36135")
        let sent = try ClientCompression.compress(try Image(data: sample.jpeg))
        let result = try PermitPipeline().read(try Image(data: sent.data))
        #expect(GeneratedPermit.answer(result)?.permitNumber == "2012/36135", "\(result.stage)")
    }
}
