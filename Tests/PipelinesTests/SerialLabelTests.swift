@testable import Pipelines
import Testing

/// Screen labels misread in their key word still anchor the value after them (misreads seen
/// on the synthetic screens' grey labels).
struct SerialLabelTests {
    @Test func englishLabelWithTwoSlips() {
        let words = ["Sernil", "Number", "KK5DA46N8F"]
        #expect(SerialPipeline.fuzzyLabelEnd(words, at: 0) == 2)
        #expect(SerialPipeline.fuzzyLabelEnd(words, at: 1) == nil)
    }

    @Test func frenchLabelWithTwoSlips() {
        let words = ["Numero", "de", "s6ried", "8BSFMTJ09Z"]
        #expect(SerialPipeline.fuzzyLabelEnd(words, at: 2) == 3)
    }

    @Test(arguments: [["Numero", "de", "modele", "MRY42F/A"], ["Special", "Edition", "C02G414GMD6N"],
                      ["Model", "Number", "MRY42F/A"], ["Serial"]])
    func otherRowsAreNoLabel(_ words: [String]) {
        #expect(words.indices.allSatisfy { SerialPipeline.fuzzyLabelEnd(words, at: $0) == nil })
    }
}
