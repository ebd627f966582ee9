import FilterDesign
import FilterEmission
import FilterRuntime

extension FilterSetSpec {
    /// The specification of `entry` at `sampleRate`; `nil` for a pass-through.
    ///
    /// Both forms end in the same `FilterSpecification`: the corners go in as
    /// `Corners.hertz(f1, f2, sampleRate:)`, so alpha = f / fs is computed once,
    /// the same way, whichever form the filter was written in.
    package func specification(of entry: Entry, sampleRate: Double) throws(FilterSetError) -> FilterSpecification? {
        func problem(_ field: String?, _ message: String) -> FilterSetError {
            FilterSetError(file: file, filter: entry.name, field: field, message)
        }
        switch entry.recipe {
        case .passThrough:
            return nil
        case let .mkfilter(options, corners):
            let words = options.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
                + ["--sample-rate", "\(sampleRate)", "--corner"] + corners.map { "\($0)" }
            let line: MkfilterCommandLine
            do { line = try MkfilterCommandLine(words) } catch { throw problem("mkfilter", error.messages.joined(separator: "; ")) }
            let errors = line.combinationErrors()
            guard errors.isEmpty else { throw problem("mkfilter", errors.joined(separator: "; ")) }
            do { return try line.checkedSpecification() } catch {
                let field = Self.field(of: error)
                throw problem(field == "corners" || field == "sampleRate" ? field : "mkfilter", error.description)
            }
        case let .fields(family, band, order, corners, transform, poles, extraZero):
            do {
                return try FilterSpecification(
                    family: family, band: band, order: order,
                    corners: .hertz(corners[0], corners.count > 1 ? corners[1] : nil, sampleRate: sampleRate),
                    discretization: transform, poleSubset: poles, extraZeroFrequency: extraZero)
            } catch {
                throw problem(Self.field(of: error), error.description)
            }
        }
    }

    /// The spec-file field a specification error is about.
    static func field(of error: SpecificationError) -> String {
        switch error {
        case .alphaOutOfRange(let name, _), .cornerOutOfRange(let name, _, _):
            return name.contains("extra zero") ? "extraZero" : "corners"
        case .sampleRateOutOfRange: return "sampleRate"
        case .cornersNotIncreasing, .wrongNumberOfCorners: return "corners"
        case .orderOutOfRange, .orderNotAllowed, .missingOrder: return "order"
        case .rippleOutOfRange: return "ripple"
        case .qualityFactorOutOfRange: return "q"
        case .bandNotAllowed: return "band"
        case .discretizationNotAllowed: return "transform"
        case .poleSubsetNotAllowed, .poleIndexOutOfRange, .emptyPoleSubset, .poleSubsetBreaksConjugatePair: return "poles"
        case .extraZeroGivenTwice, .extraZeroNeedsSampleRate: return "extraZero"
        }
    }

    /// The templates at `sampleRate`, in file order; every filter that fails is reported.
    package func templates(sampleRate: Double) throws(FilterSetErrors) -> [DigitalFilterTemplate] {
        var result: [DigitalFilterTemplate] = []
        var errors: [FilterSetError] = []
        for entry in filters {
            do throws(FilterSetError) {
                guard let spec = try specification(of: entry, sampleRate: sampleRate) else {
                    result.append(TemplateBuilder.passThrough(name: entry.name, description: entry.description,
                                                              tag: entry.tag, sampleRate: sampleRate))
                    continue
                }
                let design: Design
                do { design = try spec.design() } catch {
                    throw FilterSetError(file: file, filter: entry.name, error.description)
                }
                do {
                    result.append(try TemplateBuilder.template(for: design, name: entry.name, description: entry.description,
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
