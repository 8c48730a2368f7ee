import Evaluation
import Foundation
import Testing
import TestSupport

@Suite("JSONSchemaValidator")
struct JSONSchemaValidatorTests {
    private func violations(_ schema: String, _ instance: String) throws -> [JSONSchemaViolation] {
        try JSONSchemaValidator(schema: JSONValue.parse(schema)).validate(text: instance)
    }

    @Test func types() throws {
        #expect(try violations(#"{"type":"integer"}"#, "3").isEmpty)
        #expect(try violations(#"{"type":"integer"}"#, "3.0").isEmpty)
        #expect(try violations(#"{"type":"integer"}"#, "3.5").count == 1)
        #expect(try violations(#"{"type":"number"}"#, "3").isEmpty)
        #expect(try violations(#"{"type":"string"}"#, "3").count == 1)
        #expect(try violations(#"{"type":["string","null"]}"#, "null").isEmpty)
        #expect(try violations(#"{"type":"boolean"}"#, "\"true\"").count == 1)
        #expect(try violations(#"{"type":"number"}"#, "NaN").map(\.message) == ["not valid JSON"])
    }

    @Test func nonFiniteDoubleIsNotANumber() {
        let v = JSONSchemaValidator(schema: .object([("type", .string("number"))]))
        #expect(v.validate(.double(.nan)).count == 1)
        #expect(v.validate(.double(.infinity)).count == 1)
    }

    @Test func objects() throws {
        let s = #"{"type":"object","required":["a"],"properties":{"a":{"type":"integer","minimum":0,"maximum":10}},"additionalProperties":false}"#
        #expect(try violations(s, #"{"a":3}"#).isEmpty)
        #expect(try violations(s, #"{}"#).map(\.message) == [#"missing required key "a""#])
        #expect(try violations(s, #"{"a":11}"#).map(\.path) == ["$.a"])
        #expect(try violations(s, #"{"a":-1,"b":1}"#).count == 2)
        let typed = #"{"type":"object","additionalProperties":{"type":"string"}}"#
        #expect(try violations(typed, #"{"x":"y","z":1}"#).map(\.path) == ["$.z"])
        let names = #"{"type":"object","propertyNames":{"enum":["high","low"]}}"#
        #expect(try violations(names, #"{"high":1,"mid":2}"#).map(\.path) == ["$.mid"])
    }

    @Test func arraysEnumsStrings() throws {
        let s = #"{"type":"array","minItems":2,"maxItems":3,"items":{"enum":["a","b"]}}"#
        #expect(try violations(s, #"["a","b"]"#).isEmpty)
        #expect(try violations(s, #"["a"]"#).count == 1)
        #expect(try violations(s, #"["a","c","b","a"]"#).count == 2)
        #expect(try violations(#"{"type":"string","pattern":"^[0-9a-f]{4}$","maxLength":4}"#, #""00ff""#).isEmpty)
        #expect(try violations(#"{"type":"string","pattern":"^[0-9a-f]{4}$"}"#, #""00fg""#).count == 1)
        #expect(try violations(#"{"const":1}"#, "1.0").isEmpty)
    }

    @Test func refsAndCombinators() throws {
        let s = ##"{"$defs":{"pct":{"type":"number","minimum":0,"maximum":100}},"type":"object","properties":{"p":{"$ref":"#/$defs/pct"},"q":{"anyOf":[{"type":"string"},{"$ref":"#/$defs/pct"}]},"r":{"not":{"type":"null"}}}}"##
        #expect(try violations(s, #"{"p":50.5,"q":"x","r":1}"#).isEmpty)
        #expect(try violations(s, #"{"p":150}"#).map(\.path) == ["$.p"])
        #expect(try violations(s, #"{"q":true}"#).count == 1)
        #expect(try violations(s, #"{"r":null}"#).count == 1)
        #expect(try violations(##"{"$ref":"#/$defs/missing"}"##, "1").map(\.message) == ["unresolvable $ref #/$defs/missing"])
    }

    @Test func committedSchemasAreValidJSONAndSelfConsistent() throws {
        for name in ["evaluate", "record"] {
            let v = try JSONSchemaLibrary.validator(name)
            #expect(v.schema["$schema"] != nil, "\(name)")
            // Every $ref in the document resolves.
            var refs: [String] = []
            func walk(_ j: JSONValue) {
                switch j {
                case let .object(p): for (k, x) in p { if k == "$ref", let s = x.string { refs.append(s) } else { walk(x) } }
                case let .array(a): a.forEach(walk)
                default: break
                }
            }
            walk(v.schema)
            for r in refs {
                let probe = JSONSchemaValidator(schema: .object([("$defs", v.schema["$defs"] ?? .object([])), ("$ref", .string(r))]))
                #expect(!probe.validate(.null).contains { $0.message.hasPrefix("unresolvable") }, "\(name): \(r)")
            }
        }
    }
}
