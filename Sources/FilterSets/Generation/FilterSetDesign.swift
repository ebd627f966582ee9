import FilterDesign
import FilterEmission
import FilterRuntime

extension FilterSetSpec {
    /// The recipe of `entry` at `sampleRate`; `nil` for a pass-through.
    ///
    /// Both forms end in the same `FilterRecipe`: the corners go in as
    /// `Corners.hertz(f1, f2, sampleRate:)`, so alpha = f / fs is computed once,
    /// the same way, whichever form the filter was written in.
    package func recipe(of entry: Entry, sampleRate: Double) throws(FilterSetError) -> FilterRecipe? {
        do { return try entry.definition.recipe(sampleRate: sampleRate) } catch {
            throw FilterSetError(file: file, filter: entry.name, field: error.field, error.message)
        }
    }

    /// The templates at `sampleRate`, in file order; every filter that fails is reported.
    package func templates(sampleRate: Double) throws(FilterSetErrors) -> [DigitalFilterTemplate] {
        try designedFilters(sampleRate: sampleRate).map(\.template)
    }

    /// The filters at `sampleRate` with their zeros, poles and gain, in file
    /// order; every filter that fails is reported.
    package func designedFilters(sampleRate: Double) throws(FilterSetErrors) -> [DesignedFilter] {
        var result: [DesignedFilter] = []
        var errors: [FilterSetError] = []
        for entry in filters {
            do throws(FilterSetError) {
                guard let recipe = try recipe(of: entry, sampleRate: sampleRate) else {
                    result.append(DesignedFilter(template: TemplateBuilder.passThrough(name: entry.name, description: entry.description,
                                                                                       tag: entry.tag, sampleRate: sampleRate), zpk: nil))
                    continue
                }
                let design: Design
                do { design = try recipe.design() } catch {
                    throw FilterSetError(file: file, filter: entry.name, error.description)
                }
                do {
                    result.append(try DesignedFilter(design, name: entry.name, description: entry.description,
                                                     tag: entry.tag, sampleRate: sampleRate))
                } catch {
                    throw FilterSetError(file: file, filter: entry.name, error.description)
                }
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw FilterSetErrors(errors) }
        return result
    }

    /// Every namespace's templates: each filter's first problem at any rate is reported once.
    package func namespaceTemplates() throws(FilterSetErrors) -> [(namespace: String, templates: [DigitalFilterTemplate])] {
        var result: [(namespace: String, templates: [DigitalFilterTemplate])] = []
        var errors: [FilterSetError] = []
        var failed: Set<String> = []
        for (name, rate) in namespaces {
            do { result.append((name, try templates(sampleRate: rate))) } catch {
                for e in error.errors where !failed.contains(e.filter ?? "") {
                    failed.insert(e.filter ?? "")
                    errors.append(e)
                }
            }
        }
        guard errors.isEmpty else { throw FilterSetErrors(errors) }
        return result
    }
}
