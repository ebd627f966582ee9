import FilterDesign
import FilterRequests
import FilterSets
import Testing

/// A lower layer's error reaches the front end typed (`underlying`), its
/// words kept in the message.
@Suite struct ApplicationErrorTests {
    /// A Q = Inf band-pass resonator has no finite G, so no listing: the
    /// design's `DesignError` is what the request reports.
    @Test func aDesignErrorStaysTyped() throws {
        let result = try DesignRequest(fisherWords: ["-Re", "Inf", "-Bp", "-a", "0.1"]).run()
        do {
            _ = try result.listing(commandLine: "mkfilter -Re Inf -Bp -a 0.1 -l")
            Issue.record("a listing with an infinite G was written")
        } catch {
            let design = try #require(error.underlying as? DesignError)
            #expect(design == .infinitePassbandGain)
            #expect(error.messages == [design.description + " for a listing"])
        }
    }

    /// A value out of range on a recipe read from a query keeps the query's
    /// `FieldError` and names the field.
    @Test func aRangeErrorStaysTypedWithItsField() throws {
        do {
            _ = try QueryDesignRequest(query: "family=butterworth&band=lowPass&order=2&corners=40&sampleRate=60").run()
            Issue.record("a corner above Nyquist was designed")
        } catch {
            let field = try #require(error.underlying as? FieldError)
            #expect(field.field == "corners" && error.field == "corners")
            #expect(error.messages == [field.message] || error.messages[0].hasSuffix(field.message))
        }
    }
}
