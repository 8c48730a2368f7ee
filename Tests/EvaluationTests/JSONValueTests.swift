import Evaluation
import Testing

@Suite("Ordered JSON")
struct JSONValueTests {
    @Test func keepsKeyOrderThroughARoundTrip() throws {
        let v = JSONValue.object([("z", .int(1)), ("a", .double(2.5)), ("m", .array([.string("q\"\n"), .null, .bool(true)]))])
        let text = v.serialized()
        let back = try JSONValue.parse(text)
        #expect(back == v)
        #expect(back.keys == ["z", "a", "m"])
    }

    @Test func nonFiniteNumbersNeverAppear() {
        #expect(JSONValue.double(.nan).serialized() == "0.0")
        #expect(JSONValue.double(.infinity).serialized() == "0.0")
        #expect(JSONValue.double(3).serialized() == "3.0")
    }

    @Test func rejectsGarbage() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse("{\"a\": ") }
    }
}
