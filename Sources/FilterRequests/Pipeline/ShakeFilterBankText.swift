// DO NOT EDIT: written by scripts/embed_templates.py from Generated/ShakeFilters.filters.json.

extension ShakeFilterBank {
    /// The text of Generated/ShakeFilters.filters.json.
    static let text = #"""
{
  "comment": "Shake!'s filter menu. Regenerate Generated/*.swift with: swift package --allow-writing-to-package-directory generate-filters --target GeneratedFilters",
  "sampleRate": [60, 100],
  "namespace": "ShakeFilters",
  "filters": [
    { "tag": 0, "name": "Pass through", "description": "No filtering: the output is the input.", "passThrough": true },
    { "tag": 1, "name": "Butterworth LP 5 Hz", "description": "2nd order low pass 5 Hz", "mkfilter": "-Bu -Lp -o 2", "corners": [5] },
    { "tag": 2, "name": "Butterworth HP 5 Hz", "description": "2nd order high pass 5 Hz", "mkfilter": "-Bu -Hp -o 2", "corners": [5] },
    { "tag": 3, "name": "Butterworth BP 2nd 0.5 to 3 Hz", "description": "2nd order band pass 0.5-3 Hz", "mkfilter": "-Bu -Bp -o 2", "corners": [0.5, 3] },
    { "tag": 4, "name": "Butterworth BP 2nd 2.5 to 5 Hz", "description": "2nd order band pass 2.5-5 Hz", "mkfilter": "-Bu -Bp -o 2", "corners": [2.5, 5] },
    { "tag": 5, "name": "Butterworth BP 2nd 0.5 to 4 Hz", "description": "2nd order band pass 0.5-4 Hz", "mkfilter": "-Bu -Bp -o 2", "corners": [0.5, 4] },
    { "tag": 6, "name": "Butterworth BP 2nd 4 to 8 Hz", "description": "2nd order band pass 4-8 Hz", "mkfilter": "-Bu -Bp -o 2", "corners": [4, 8] },
    { "tag": 7, "name": "Butterworth BP 3rd 0.5 to 3 Hz", "description": "3rd order band pass 0.5-3 Hz", "mkfilter": "-Bu -Bp -o 3", "corners": [0.5, 3] },
    { "tag": 8, "name": "Butterworth BP 3rd 2.5 to 5 Hz", "description": "3rd order band pass 2.5-5 Hz", "mkfilter": "-Bu -Bp -o 3", "corners": [2.5, 5] },
    { "tag": 9, "name": "Butterworth BP 3rd 0.5 to 4 Hz", "description": "3rd order band pass 0.5-4 Hz", "mkfilter": "-Bu -Bp -o 3", "corners": [0.5, 4] },
    { "tag": 10, "name": "Butterworth BP 3rd 2 to 6 Hz", "description": "3rd order band pass 2-6 Hz", "mkfilter": "-Bu -Bp -o 3", "corners": [2, 6] },
    { "tag": 11, "name": "Butterworth BP 3rd 4 to 8 Hz", "description": "3rd order band pass 4-8 Hz", "mkfilter": "-Bu -Bp -o 3", "corners": [4, 8] }
  ]
}

"""#
}
