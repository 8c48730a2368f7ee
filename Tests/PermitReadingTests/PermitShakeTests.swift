import Foundation
import Imaging
@testable import PermitReading
@testable import Synthesis
import Testing

/// Camera shake found on hand-held photos of permits, and undone only there
/// (`PermitPipeline.unshaken`).
@Suite("Permits: camera shake")
struct PermitShakeTests {
    /// Phone captures of seed 104311 shaken 3–4 px and otherwise in focus are undone, the
    /// move found within 15° of the generator's as drawn (a quarter turn of the photo turns it);
    /// phone captures held still or shaken under 3 px, and flat captures, are not.
    @Test func shakenPhotosAreFoundAndOthersAreLeftAlone() throws {
        var shaken = 0
        for (capture, count) in [(DatasetGenerator.Capture.phone, 11), (.flat, 2)] {
            let generator = try DatasetGenerator(kind: .permit, seed: 104311, capture: capture)
            for index in 0..<count {
                let d = generator.plan(at: index).degradation
                let shake = try Image(data: generator.sample(at: index).jpeg).cameraShake()
                let undone = shake.map(PermitPipeline.undoes) ?? false
                let what = "\(capture) #\(index): moved \(d.motionBlur) px at \(d.motionAngle)°, defocus \(d.blur); measured \(String(describing: shake))"
                if d.motionBlur >= 3, d.blur == 0, let shake {
                    #expect(undone, "\(what)")
                    // The generator's move is its taps rounded to whole pixels: its end tap's direction.
                    let t = Double(d.motionBlur - 1) / 2, a = d.motionAngle * .pi / 180
                    let drawn = atan2((t * sin(a)).rounded(), (t * cos(a)).rounded()) * 180 / .pi
                    let moved = drawn + (d.quarterTurns % 2 == 0 ? 0 : 90)
                    #expect(shake.degreesApart(from: moved) <= 15, "\(what)")
                    shaken += 1
                } else if d.motionBlur < 3 {
                    #expect(!undone, "\(what)")
                }
            }
        }
        #expect(shaken >= 4, "too few shaken photos among those drawn")
    }

    /// Phone permits shaken 3–4 px whose numbers were misread as shot, read right once the
    /// shake is undone: 104311 #47 (`2012-3955`, shaken 3 px, answered `2012395`), 104211 #59
    /// (`2014-38929`, 4 px, answered `2014/3829`), 104411 #13 (`8328/2016`, 4 px, answered
    /// `8228/2016` at `high`: the page, French crop, permit model and Arabic reads all saw `8228`).
    @Test(arguments: [(UInt64(104311), 47, "2012-3955"), (104211, 59, "2014-38929"), (104411, 13, "8328/2016")])
    func aShakenNumberIsReadOnceTheShakeIsUndone(seed: UInt64, index: Int, truth: String) throws {
        let result = try GeneratedPermit.read(seed: seed, .phone, index, label: truth)
        #expect(result.timings.contains { $0.stage == "photo:unshake" }, "not unshaken")
        #expect(GeneratedPermit.answer(result)?.permitNumber == truth, "\(result.stage)")
    }

    /// A photo larger than the page is read at is read as shot, its shake not even measured;
    /// one of the apps' size is measured; none is when the pipeline is told not to.
    @Test func onlyPhotosUpToTheReadingSizeAreMeasured() throws {
        let pipeline = try PermitPipeline()
        let side = PermitPipeline.shakeLongestSide
        #expect(pipeline.measuresShake(of: try Image.blank(width: 1920, height: 1440)))
        #expect(pipeline.measuresShake(of: try Image.blank(width: 10, height: side)))
        #expect(!pipeline.measuresShake(of: try Image.blank(width: side + 1, height: 10)))
        #expect(!pipeline.measuresShake(of: try Image.blank(width: 4232, height: 5644)))
        pipeline.undoesShake = false
        #expect(!pipeline.measuresShake(of: try Image.blank(width: 1920, height: 1440)))
    }
}
