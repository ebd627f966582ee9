import FilterDesign
import FilterEmission
import FilterRuntime

/// One filter of a set, designed at one sample rate.
package enum SetFilter: Sendable {
    /// An IIR filter or a pass-through: its template, with its zeros, poles and gain.
    case iir(DesignedFilter)
    /// A FIR filter: its taps, with the command line that designs it.
    case fir(FIRTemplate)

    /// What the C, CMSIS, vDSP and JavaScript emitters take.
    package var emitted: EmittedFilter {
        switch self {
        case .iir(let filter): return EmittedFilter(filter)
        case .fir(let template): return EmittedFilter(template)
        }
    }

    /// The filter's name.
    package var name: String {
        switch self {
        case .iir(let filter): return filter.template.name
        case .fir(let template): return template.name
        }
    }
}

/// The filters of one Swift enum: the set at one of its sample rates.
package struct NamespaceFilters: Sendable {
    /// The enum's name.
    package var namespace: String
    /// The IIR filters and pass-throughs, in file order (`all`).
    package var templates: [DigitalFilterTemplate]
    /// The FIR filters, in file order (`allFIR`).
    package var fir: [FIRTemplate]
}

extension FilterSetSpec {
    /// The recipe of `entry` at `sampleRate`; `nil` for a pass-through.
    ///
    /// Both forms end in the same `FilterRecipe`: the corners go in as
    /// `Corners.hertz(f1, f2, sampleRate:)`, so alpha = f / fs is computed once,
    /// the same way, whichever form the filter was written in.
    ///
    /// - Throws: `FilterSetError` for a recipe out of range at this rate, or
    ///   for a FIR design, which has none.
    package func recipe(of entry: Entry, sampleRate: Double) throws(FilterSetError) -> FilterRecipe? {
        do { return try entry.definition.recipe(sampleRate: sampleRate) } catch {
            throw FilterSetError(file: file, filter: entry.name, field: error.field, error.message, underlying: error)
        }
    }

    /// The IIR filters' and pass-throughs' templates at `sampleRate`, in file
    /// order (the FIR filters are in `designs(sampleRate:)`); every filter
    /// that fails is reported.
    package func templates(sampleRate: Double) throws(FilterSetErrors) -> [DigitalFilterTemplate] {
        try designs(sampleRate: sampleRate).compactMap {
            if case .iir(let filter) = $0 { return filter.template }
            return nil
        }
    }

    /// Every filter at `sampleRate`, in file order: IIR filters with their
    /// zeros, poles and gain, FIR filters with their taps. Every filter that
    /// fails is reported.
    package func designs(sampleRate: Double) throws(FilterSetErrors) -> [SetFilter] {
        var result: [SetFilter] = []
        var errors: [FilterSetError] = []
        for entry in filters {
            do throws(FilterSetError) {
                result.append(try design(of: entry, sampleRate: sampleRate))
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw FilterSetErrors(errors) }
        return result
    }

    /// `entry` designed at `sampleRate`.
    package func design(of entry: Entry, sampleRate: Double) throws(FilterSetError) -> SetFilter {
        let fir: (filter: FIRFilter, commandLine: String)?
        do { fir = try entry.definition.firFilter(sampleRate: sampleRate) } catch {
            throw FilterSetError(file: file, filter: entry.name, field: error.field, error.message, underlying: error)
        }
        if let fir {
            return .fir(FIRTemplate(name: entry.name, description: entry.description, designSampleRate: sampleRate,
                                    taps: fir.filter.taps, mkfilterCommandLine: fir.commandLine))
        }
        guard let recipe = try recipe(of: entry, sampleRate: sampleRate) else {
            return .iir(DesignedFilter(template: TemplateBuilder.passThrough(name: entry.name, description: entry.description,
                                                                             tag: entry.tag, sampleRate: sampleRate), zpk: nil,
                                       sampleRate: sampleRate))
        }
        let design: Design
        do { design = try recipe.design() } catch {
            throw FilterSetError(file: file, filter: entry.name, error.description, underlying: error)
        }
        do {
            return .iir(try DesignedFilter(design, name: entry.name, description: entry.description, tag: entry.tag, sampleRate: sampleRate))
        } catch {
            throw FilterSetError(file: file, filter: entry.name, error.description, underlying: error)
        }
    }

    /// Every namespace's filters: each filter's first problem at any rate is reported once.
    package func namespaceFilters() throws(FilterSetErrors) -> [NamespaceFilters] {
        var result: [NamespaceFilters] = []
        var errors: [FilterSetError] = []
        var failed: Set<String> = []
        for (name, rate) in namespaces {
            do {
                var group = NamespaceFilters(namespace: name, templates: [], fir: [])
                for filter in try designs(sampleRate: rate) {
                    switch filter {
                    case .iir(let designed): group.templates.append(designed.template)
                    case .fir(let template): group.fir.append(template)
                    }
                }
                result.append(group)
            } catch {
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
