/// Valid inputs the mutations start from, one or more per reader.
enum FuzzSeeds {
    static let cTemplate = """
        const static DigitalFilterTemplate butterworth2O_BP_0p5_3Hz = {
            3, /* tag */ "Butterworth BP 2nd 0.5 to 3 Hz", "2nd order band pass 0.5-3 Hz",
            kFilterClassBandPass, /* sample rate */ 60.0, /* corners */ 0.5, 3, /* f3 */ 0,
            /* order */ 2, /* gain */ 6.890076929e+01,
            /* zeros */ 4, /* x count */ 5, { 1, 0, -2, 0, 1 },
            /* poles */ 4, /* y count */ 4,
            { -0.6905989232, 2.9892919080, -4.9019021489, 3.6029823692 }
        };
        """

    static let swiftTemplate = """
        import FilterRuntime
        public enum ShakeFilters60Hz {
            public static let butterworthLP5Hz = DigitalFilterTemplate(
                tag: 1,
                name: "Butterworth LP 5 Hz",
                description: "2nd order low pass 5 Hz",
                filterClass: .lowPass,
                designSampleRate: 60.0,
                cornerFrequency1: 5.0,
                cornerFrequency2: 0.0,
                frequency3: 0.0,
                order: 2,
                gain: 20.206120097804877,
                xCoefficients: [1.0, 2.0, 1.0],
                yCoefficients: [-0.47759225007251727, 1.279632424997809],
                sections: [
                    Biquad(b0: 0.04948995626867705, b1: 0.0989799125373541, b2: 0.04948995626867705, a1: -1.279632424997809, a2: 0.4775922500725172),
                ],
                provenance: FilterProvenance(
                    family: "butterworth",
                    rippleDecibels: nil,
                    qualityFactor: nil,
                    transform: "bilinear",
                    poleSubset: nil,
                    extraZeroFrequency: nil,
                    mkfilterCommandLine: "mkfilter -Bu -Lp -o 2 -a 0.08333333333333333"
                )
            )
        }
        """

    static let specJSON = """
        {
          "comment": "a bank",
          "sampleRate": [60, 100],
          "namespace": "Bank",
          "filters": [
            { "name": "raw", "family": "passThrough" },
            { "name": "gravity", "family": "butterworth", "band": "lowPass", "order": 2, "corners": 0.5, "tag": 1 },
            { "name": "shake", "family": "chebyshev", "ripple": 0.5, "band": "bandPass", "order": 3, "corners": [2, 6] },
            { "name": "tremor", "family": "bessel", "band": "bandPass", "order": 2, "corners": [8, 12], "transform": "matchedZ" },
            { "name": "hum", "family": "resonator", "band": "bandStop", "q": 20, "corners": 25 },
            { "name": "steps", "mkfilter": "-Bu -Bp -o 2", "corners": [1, 3] },
            { "name": "sharp", "family": "elliptic", "passband": 5, "stopband": 7, "passbandLoss": 0.5, "stopbandAttenuation": 50 },
            { "name": "flat", "family": "chebyshev2", "attenuation": 40, "band": "highPass", "order": 4, "corners": 2 },
            { "name": "smooth", "design": "firwin", "taps": 31, "cutoff": 7, "window": "kaiser:8", "noScale": false },
            { "name": "edges", "design": "remez", "taps": 41, "bands": [0, 2, 4, 30], "desired": [1, 0], "weights": [1, 10] },
            { "name": "mains", "family": "iirnotch", "frequency": 10, "q": 30 },
            { "name": "teeth", "design": "iircomb", "frequency": 5, "q": 20, "type": "peak", "passZero": true },
            { "name": "eq", "family": "biquad", "type": "peaking", "frequency": 3, "q": 2, "gain": 6 },
            { "name": "ear", "family": "gammatone", "frequency": 20 }
          ]
        }
        """

    static let csv = """
        t,x,y,z
        0,0.01,-0.02,1.0
        0.0166667,0.02,-0.01,0.98
        0.0333333,0.5,0.3,1.2
        0.05,-0.4,0.2,0.9
        0.0666667,0.0,0.0,1.0
        0.0833333,0.01,0.01,1.01
        """ + "\n"

    static let listing = """
        mkfilter -Bu -Bp -o 2 -a 0.1 0.2 -l
        G  = 1.4823338209e+01
        NZ = 4
          1.0000000000e+00
          0.0000000000e+00
         -2.0000000000e+00
          0.0000000000e+00
          1.0000000000e+00
        NP = 4
         -4.1280159810e-01
          1.2166516355e+00
         -2.1192023971e+00
          1.9424687765e+00
         -1.0000000000e+00
        """ + "\n"

    static let queries = [
        "family=butterworth&band=lowPass&order=2&corners=5&sampleRate=60",
        "family=chebyshev&ripple=0.5&band=bandPass&order=3&corners=2,6&sampleRate=60&name=shake&description=a%20b",
        "family=elliptic&passband=5&stopband=7&passbandLoss=0.5&stopbandAttenuation=50&sampleRate=60",
        "family=resonator&band=bandStop&q=20&corners=25&sampleRate=200&transform=bilinear",
        "family=iircomb&frequency=50&q=30&type=notch&passZero=true&sampleRate=1000",
        "family=biquad&type=highshelf&frequency=1000&gain=-6&sampleRate=48000",
        "family=weighting&curve=A&sampleRate=48000",
    ]

    /// Words argv cases are made of: Fisher's options, ours, subcommands and values.
    /// Words after `mkfilter spectrum|suggest RECORDING` (the first picks the command).
    static let recordingArguments: [[String]] = [
        ["spectrum"], ["spectrum", "--segment", "64", "--overlap", "60"], ["spectrum", "--sample-rate", "100", "--svg", "x"],
        ["spectrum", "--filter", "-Bu -Bp -o 3 --corner 0.5 3", "-o", "x"], ["spectrum", "--segment", "8", "--overlap", "7"],
        ["suggest", "--events", "8-11,20.5-23"], ["suggest", "--events", "8-11", "--floor", "0.5", "--threshold", "3"],
        ["suggest", "--events", "6.954-9.23"], ["suggest", "--events", "8-1e300"], ["suggest", "--events", "1e19-2e19"],
        ["suggest", "--events-from-trigger", "-Bu -Bp -o 3 --corner 0.5 3", "--trigger-threshold", "0.2"],
        ["suggest", "--events", "8-11", "--sample-rate", "1e300"],
    ]

    /// Words of the FIR commands (the first picks the command).
    static let firArguments: [[String]] = [
        ["remez", "--taps", "31", "--bands", "0", "0.2", "0.25", "0.5", "--desired", "1", "0"],
        ["remez", "--taps", "40", "--bands", "0", "0.1", "0.15", "0.3", "0.35", "0.5", "--desired", "0", "1", "0", "--weights", "10", "1", "10"],
        ["remez", "--taps", "41", "--bands", "0.05", "0.45", "--desired", "1", "--type", "hilbert"],
        ["remez", "--taps", "30", "--bands", "0", "0.4", "--desired", "1", "--type", "differentiator", "--emit", "json"],
        ["remez", "--taps", "61", "--sample-rate", "60", "--bands", "0", "5", "7", "30", "--desired", "1", "0", "--minimum-phase", "hilbert"],
        ["firls", "--taps", "31", "--bands", "0", "0.2", "0.25", "0.5", "--desired", "1", "1", "0", "0", "--weights", "1", "10"],
        ["firwin", "--taps", "41", "--cutoff", "0.1", "--window", "kaiser:8"],
        ["firwin", "--taps", "40", "--cutoff", "0.1", "0.2", "--band", "bandpass", "--width", "0.05", "--no-scale"],
        ["firwin2", "--taps", "51", "--frequencies", "0", "0.1", "0.2", "0.5", "--gains", "1", "1", "0", "0", "--antisymmetric"],
        ["kaiserord", "--attenuation", "60", "--width", "0.05"],
        ["savgol", "--window", "11", "--polyorder", "3", "--deriv", "1", "--delta", "0.01"],
        ["savgol", "--window", "8", "--polyorder", "2", "--pos", "0", "--use", "dot", "--emit", "json"],
        ["halfband", "--taps", "31", "--passband-edge", "0.2"],
        ["firwin", "--taps", "64", "--cutoff", "0.2", "--window", "dpss:3"],
        ["gammatone", "--type", "fir", "--frequency", "1000", "--sample-rate", "16000", "--order", "4"],
        ["gammatone", "--type", "fir", "--frequency", "15", "--sample-rate", "1000", "--taps", "20", "--emit", "c"],
        ["decimator", "--factor", "8", "--passband-edge", "0.05", "--passband-loss", "0.1", "--stopband-attenuation", "80"],
        ["decimator", "--factor", "6", "--sample-rate", "600", "--passband-edge", "20", "--passband-loss", "1",
         "--stopband-attenuation", "60", "--emit", "c", "--precision", "float"],
    ]

    static let argvWords = [
        "-Bu", "-Be", "-Ch", "--cheby2", "--elliptic", "-Re", "-Pi", "-Lp", "-Hp", "-Bp", "-Bs", "-Ap", "-o", "-a",
        "-w", "-z", "-Z", "-p", "-l", "-lz", "--sample-rate", "--corner", "--passband-edge", "--stopband-edge",
        "--passband-loss", "--stopband-attenuation", "--emit", "swift", "c", "cmsis", "vdsp", "json", "c-ansic",
        "--name", "--description", "--tag", "--namespace", "--precision", "float", "double", "--realization",
        "sections", "direct", "--bessel-poles", "table", "computed", "response", "impulse", "step", "mkshape",
        "mkaverage", "-Av", "-c", "-r", "-i", "-h", "--points", "--samples", "--scale", "db", "linear",
        "--frequency-axis", "log", "pipeline", "--source", "sine", "--rms-window", "--threshold", "--count",
        "--filter", "--events", "--initial-state", "steady", "zero", "--help",
        "iirnotch", "iirpeak", "iircomb", "gammatone", "biquad", "weighting", "--frequency", "--quality", "--type",
        "--gain", "--pass-zero", "--curve", "notch", "peak", "peaking", "lowshelf", "allpass", "A", "C",
        "fir", "iir", "--order", "--taps", "savgol", "halfband", "decimator", "--factor", "--window", "--polyorder",
    ]
}
