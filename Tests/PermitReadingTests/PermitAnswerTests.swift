import Evaluation
import Foundation
import PermitReading
import Testing

@Suite("PermitAnswer: the one answer the CLI prints and the server returns")
struct PermitAnswerTests {
    @Test func encodesAsTheSignupBodiesThemselves() throws {
        let enc = JSONEncoder()
        enc.outputFormatting = .sortedKeys
        let ok = PermitAnswer.accepted(PermitResponse(permitNumber: "0457/2022", confidence: .medium))
        #expect(String(decoding: try enc.encode(ok), as: UTF8.self) == #"{"confidence":"medium","permitNumber":"0457\/2022"}"#)
        let refused = PermitAnswer.refused(.unreadable)
        #expect(try enc.encode(refused) == enc.encode(PermitRefusal.unreadable))
    }

    @Test func bodiesKeepTheEndpointsKeyOrderAndStatus() {
        let ok = PermitAnswer.accepted(PermitResponse(permitNumber: "2023/00457", confidence: .high))
        #expect(ok.body.keys == ["permitNumber", "confidence"] && ok.statusCode == 200)
        let refused = PermitAnswer.refused(.notPermit("an invoice"))
        #expect(refused.body.keys == ["statusCode", "message", "reason"] && refused.statusCode == 422)
        #expect(refused.body["message"]?.string == PermitRefusal.notPermitMessage)
    }

    @Test func aVerdictAnswersWithoutItsDecisionLabel() {
        let response = PermitResponse(permitNumber: "60340", confidence: .low)
        #expect(PermitVerdict.accepted(response).answer == .accepted(response))
        #expect(PermitVerdict.refused(.unreadable, decision: "unreadable").answer == .refused(.unreadable))
    }

    @Test func bytesThatAreNotAnImageAreRefusedAsUnreadable() throws {
        let reader = try PermitSampleReader(clientCompression: false)
        guard case .refused(let r) = reader.answer(Data("not an image".utf8)) else { Issue.record("accepted"); return }
        #expect(r.statusCode == 400 && r.message == PermitRefusal.couldNotExtractMessage)
    }
}
