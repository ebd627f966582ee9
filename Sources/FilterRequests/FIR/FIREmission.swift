import EmissionTemplates
import FilterDesign
import FilterEmission
import FilterJSON
import FilterRuntime

extension EmissionRequest {
    /// "remez 31 taps" and the like.
    public static func defaultName(_ fir: FIRFilter) -> String {
        "\(fir.recipe.method.name) \(fir.taps.count) taps"
    }
}
