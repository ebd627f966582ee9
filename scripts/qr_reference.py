#!/usr/bin/env python3
"""Reference QR symbols for Server/Tests/QRCodeTests: byte mode, error
correction L and M, versions 1-6; every mask for some texts, and for others
the smallest version and the mask of lowest ISO/IEC 18004 7.8.3 penalty.
Writes the Swift fixture file, so the tests need no Python:

    pip install qrcode segno
    python3 scripts/qr_reference.py > Server/Tests/QRCodeTests/QRReference.swift

The symbols are python-qrcode's (lincolnloop), whose data bits follow the
standard; segno's are not used for them, because segno appends a whole zero
byte after a terminator that ends on a codeword boundary (its
write_padding_bits adds 8 - len % 8 bits, 8 when len % 8 == 0), which every
byte-mode symbol does. The mask choice is scored by segno's mask_scores (the
standard's four rules), lowest score first, the lower mask on a tie.
"""
import qrcode
import segno
import segno.encoder

FORCED = [("A", "L", 1), ("https://127.0.0.1:8443/live", "M", 3), ("https://192.168.1.23:8443/live", "L", 2),
          ("https://[fe80::1c2b:3cff:fe4d:5e6f]:8443/live", "M", 4),
          ("https://mkfilter.local:8443/live?family=butterworth&band=bandPass", "L", 4),
          ("https://10.0.0.2:8443/live?family=butterworth&band=bandPass&order=3", "M", 5),
          ("https://10.0.0.2:8443/live?family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60", "L", 6),
          ("https://10.0.0.2:8443/live?family=butterworth&band=bandPass&order=3&corners=0.5,3&sampleRate=60", "M", 6)]
AUTO = ["https://127.0.0.1:8443/", "https://192.168.178.42:8443/live", "hello, world", "é ü ß — UTF-8",
        "https://172.16.254.1:65535/live?family=elliptic&band=lowPass&order=4&corners=5&sampleRate=60&ripple=0.5"]


LEVELS = {"L": qrcode.constants.ERROR_CORRECT_L, "M": qrcode.constants.ERROR_CORRECT_M}


class Symbol:
    def __init__(self, matrix, version):
        self.matrix, self.version = matrix, version


def make(text, level, version, mask):
    """python-qrcode's symbol of `text` (UTF-8, byte mode) without a border; version None: the smallest."""
    q = qrcode.QRCode(version=version, error_correction=LEVELS[level], mask_pattern=mask, border=0)
    q.add_data(qrcode.util.QRData(text.encode("utf-8"), mode=qrcode.util.MODE_8BIT_BYTE))
    q.make(fit=version is None)
    return Symbol([[1 if v else 0 for v in row] for row in q.modules], q.version)


def best(text, level):
    """The smallest version, and the mask of lowest penalty (the lower mask on a tie)."""
    version = make(text, level, None, 0).version
    symbols = [make(text, level, version, mask) for mask in range(8)]
    scores = [sum(segno.encoder.mask_scores([bytearray(r) for r in s.matrix], len(s.matrix), len(s.matrix))) for s in symbols]
    mask = min(range(8), key=lambda k: (scores[k], k))
    return symbols[mask], mask


def rows(qr):
    return [''.join('1' if v else '0' for v in row) for row in qr.matrix]


def swift_string(text):
    return '"' + text.replace('\\', '\\\\').replace('"', '\\"') + '"'


def entry(text, level, qr, mask):
    lines = ',\n'.join(f'            "{r}"' for r in rows(qr))
    return (f'    QRReference(text: {swift_string(text)}, level: .{level.lower()}, version: {qr.version}, mask: {mask},\n'
            f'        rows: [\n{lines}])')


def main():
    forced, auto = [], []
    for text, level, version in FORCED:
        for mask in range(8):
            forced.append(entry(text, level, make(text, level, version, mask), mask))
    for text in AUTO:
        for level in "LM":
            symbol, mask = best(text, level)
            auto.append(entry(text, level, symbol, mask))
    print("// DO NOT EDIT: written by scripts/qr_reference.py from python-qrcode and segno", segno.__version__,
          "(ISO/IEC 18004).")
    print("import QRCode\n")
    print("/// A reference symbol: the text, its level, version and mask, and its modules (1 dark) row by row.")
    print("struct QRReference {\n    let text: String\n    let level: QRCode.Level\n    let version: Int\n    let mask: Int\n    let rows: [String]\n}\n")
    print("/// Every mask of given versions.")
    print("let forcedReferences: [QRReference] = [\n" + ",\n".join(forced) + "]\n")
    print("/// segno's own choice of version and mask.")
    print("let automaticReferences: [QRReference] = [\n" + ",\n".join(auto) + "]")


if __name__ == "__main__":
    main()
